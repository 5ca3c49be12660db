/**
 * The approval gate: a state machine in SQLite (queued → pending → approved → executing → done, or
 * rejected / expired / cancelled), changed only by compare-and-set. A high-risk call waits here
 * until the owner answers with the right code on the channel the code was sent to; the model only
 * ever learns the outcome.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  OPEN_APPROVAL_STATUSES,
  type ApprovalRow,
  type ApprovalsRepo,
  type ApprovalSource,
} from '../store/approvals-repo.js';
import type { ApprovalAsker, ApprovalMessageCode } from '../../shared/approval-messages.js';
import type { Skill, SkillResult } from '../skills/types.js';
import { approvalView, type ApprovalView } from './approval-view.js';
import { canonicalJson, sha256Hex } from './canonical.js';
import { ChatCodeBudget } from './chat-code-budget.js';
import type { ApprovalChannel, IncomingMessage } from './channel.js';
import {
  codeCandidates,
  codeHmac,
  codeInText,
  codeMatches,
  generateCode,
  normalizeCodeText,
  type CodeBinding,
} from './code.js';
import { ExpiryByClock } from './expiry-by-clock.js';
import {
  cancelled,
  lapsed,
  refused,
  stoppedBeforeAsking,
  type GateDecision,
  type GateDenial,
} from './gate-decisions.js';
import * as say from './messages.js';
import { skillOrigin, type ReviewMarks } from './review.js';

/** The owner whose approvals these are (iAs has one owner). */
export const OWNER = 'owner';

export interface GateOptions {
  approvals: ApprovalsRepo;
  /** The install's HMAC key (kept outside the database). */
  key: Buffer;
  /** In order of preference: the first connected one carries a new approval (WeChat, then the in-app card). */
  channels: ApprovalChannel[];
  /** The current version of a skill, to notice an edit while waiting. */
  currentSkill: (name: string) => Skill | undefined;
  /** The owner's review marks: a request says when its skill is a user skill in a shipped one's name. */
  reviewMarks: ReviewMarks;
  /** Who asks for a call, as the owner knows it (the conversation's or the task's title). */
  asker?: (request: Pick<ApprovalRequest, 'source' | 'requestedBy'>) => ApprovalAsker | undefined;
  runId?: string;
  ttlMs?: number;
  now?: () => number;
}

export interface ApprovalRequest {
  skill: Skill;
  params: Record<string, unknown>;
  source: ApprovalSource;
  requestedBy?: string;
  signal?: AbortSignal;
}

interface Waiter {
  request: ApprovalRequest;
  skill: Skill;
  resolve: (decision: GateDecision) => void;
  timer?: NodeJS.Timeout;
}

/** The result of an approval whose call was executing when its iAs process stopped. */
export const INTERRUPTED = JSON.stringify({ success: false, error: 'interrupted: iAs stopped while this was running' });
/** How often calls waiting here look at what other iAs processes did (see watch). */
const WATCH_MS = 1000;

const CANCEL_WORDS = new Set(['0', '取消', 'cancel']);
/**
 * A number alone of 4 to 8 digits, in groups or not: while a code waits, the owner meant it as the
 * code (a digit dropped, added or mistyped), so it is no message for the model, which would learn
 * most of the code.
 */
const NEAR_CODE = /^\d(?:[\s.\-·,、_/]*\d){3,7}$/;

/**
 * Why a chat message is kept from the model: it holds the pending approval's code ('code'); it holds
 * 6 digits while another iAs process's approval (whose code cannot be checked here) is pending
 * ('maybe-code'); it holds 6 digits after the approval's budget of compared windows, shared by
 * every iAs process on the data folder, is spent ('held': nothing was compared, see ChatCodeBudget);
 * or it is a number alone, not the code, that WeChat would take for a try at it ('near-code').
 */
export type CodeInChat = 'code' | 'maybe-code' | 'held' | 'near-code';

export class ApprovalGate extends EventEmitter<{ changed: [ApprovalView] }> {
  readonly runId: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly waiters = new Map<string, Waiter>();
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;
  private watcher?: NodeJS.Timeout;
  /**
   * How many of the 6-digit windows typed into chats may still be compared with the pending code:
   * kept with the approval in SQLite, one budget for every iAs process on the data folder.
   */
  private readonly chatBudget: ChatCodeBudget;
  /** Pending approvals past their time lapse at any look, not only when their timer runs. */
  private readonly expiry: ExpiryByClock;

  constructor(private readonly options: GateOptions) {
    super();
    this.runId = options.runId ?? randomUUID();
    this.ttlMs = options.ttlMs ?? say.VALID_MINUTES * 60_000;
    this.now = options.now ?? Date.now;
    this.chatBudget = new ChatCodeBudget(options.approvals, options.key);
    this.expiry = new ExpiryByClock({
      approvals: options.approvals,
      now: this.now,
      channels: () => this.options.channels,
      waiting: () => this.waiters.keys(),
      waitsFor: (id) => this.waitsFor(id),
      settle: (id, from, decision, tell) => this.settle(id, from, decision, tell),
      changed: (id) => this.changed(id),
      send: (channel, text, message) => this.send(channel, text, message),
    });
    for (const channel of options.channels) this.listen(channel);
  }

  /** The channels, in order of preference. */
  channelList(): readonly ApprovalChannel[] {
    return this.options.channels;
  }

  /** Adds a channel: last in preference (the terminal of `ias chat`), or first (WeChat). */
  addChannel(channel: ApprovalChannel, position: 'first' | 'last' = 'last'): void {
    if (position === 'first') this.options.channels.unshift(channel);
    else this.options.channels.push(channel);
    this.listen(channel);
  }

  private listen(channel: ApprovalChannel): void {
    if (channel.routed) return; // its router hands us its messages first
    this.unsubscribe.push(channel.onMessage((message) => void this.handleMessage(channel, message)));
  }

  /**
   * At start-up of the process that owns approvals: whatever an earlier run left open is cancelled,
   * never executed. Returns how many were settled.
   */
  recover(): number {
    const leftovers = this.options.approvals.cancelLeftovers(this.runId, this.now());
    for (const row of leftovers.executing) {
      this.options.approvals.transition(row.id, ['executing'], 'cancelled', {
        decidedAt: this.now(),
        result: INTERRUPTED,
      });
    }
    return leftovers.cancelled + leftovers.executing.length;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.watcher);
    for (const off of this.unsubscribe.splice(0)) off();
    for (const [id, waiter] of this.waiters) {
      clearTimeout(waiter.timer);
      if (
        this.options.approvals.transition(id, ['queued', 'pending', 'approved'], 'cancelled', { decidedAt: this.now() })
      ) {
        waiter.resolve(cancelled(id, 'shutting-down', waiter.skill.name));
      }
    }
    this.waiters.clear();
  }

  /** Asks the owner; resolves when the call may run (with the exact stored params) or will not. */
  request(request: ApprovalRequest): Promise<GateDecision> {
    // Its turn already stopped: an abort listener added now would never fire, so nobody is asked.
    if (request.signal?.aborted) return Promise.resolve(stoppedBeforeAsking(request.skill.name));
    return new Promise((resolve) => {
      const id = this.open(request, request.skill);
      this.waiters.set(id, { request, skill: request.skill, resolve });
      request.signal?.addEventListener('abort', () => this.abandon(id), { once: true });
      this.watch();
      void this.activate(id);
    });
  }

  /**
   * While calls of this process wait here, every second: approvals of iAs processes that have ended
   * are closed and pending ones past their time expired, the owner's next queued approval is asked
   * when none is pending (another process may have settled its own, or ended), and a waiter whose
   * approval another process closed learns it.
   */
  private watch(): void {
    if (this.watcher || this.closed) return;
    this.watcher = setInterval(() => {
      if (this.waiters.size === 0) {
        clearInterval(this.watcher);
        this.watcher = undefined;
        return;
      }
      for (const [id, waiter] of this.waiters) {
        const row = this.options.approvals.get(id);
        if (row && OPEN_APPROVAL_STATUSES.includes(row.status)) continue;
        this.waiters.delete(id);
        clearTimeout(waiter.timer);
        this.changed(id);
        // Refused or lapsed elsewhere, the model learns it in the seed's words, as it would here.
        const skill = waiter.skill.name;
        // Lapsed by another process's look (this one's timer had not run): the owner is told here,
        // where it was sent from, as this one's timer would have told it.
        if (row?.status === 'expired') this.expiry.tellExpired(row);
        waiter.resolve(
          row?.status === 'rejected'
            ? refused(id, skill, this.channelNamed(row.channel ?? ''))
            : row?.status === 'expired'
              ? lapsed(id, skill)
              : cancelled(id, 'closed-elsewhere', skill),
        );
      }
      void this.promoteNext();
    }, WATCH_MS);
  }

  /**
   * What nobody can answer now is closed: the open approvals of iAs processes that have ended are
   * cancelled, and pending approvals past their time are expired (see ExpiryByClock).
   */
  closeAbandoned(): void {
    this.expiry.expireLapsed();
    for (const id of this.options.approvals.cancelAbandoned(this.now(), INTERRUPTED)) this.changed(id);
  }

  /** Records how an approved call ended. */
  finish(approvalId: string, result: SkillResult): void {
    this.options.approvals.transition(approvalId, ['executing'], 'done', {
      consumedAt: this.now(),
      result: JSON.stringify(result).slice(0, 100_000),
    });
    this.changed(approvalId);
  }

  /**
   * An approved call that will not start after all: its skill's files changed since the approval
   * looked at them. The approval is cancelled, and the decision says why; the owner, told it was
   * running, is told it will not.
   */
  withdraw(approvalId: string, skill: string): GateDenial {
    if (this.options.approvals.transition(approvalId, ['executing'], 'cancelled', { decidedAt: this.now() })) {
      const channel = this.options.channels.find((c) => c.name === this.options.approvals.get(approvalId)?.channel);
      if (channel) void this.send(channel, ...say.decidedText('cancelled', skill));
    }
    this.changed(approvalId);
    return cancelled(approvalId, 'skill-changed', skill);
  }

  /** Whether a call of this process waits for the approval (one of another iAs is answered there). */
  waitsFor(approvalId: string): boolean {
    return this.waiters.has(approvalId);
  }

  /** For the in-app approval card only: a human in the UI approves or rejects by id. */
  async decideInApp(approvalId: string, approve: boolean): Promise<boolean> {
    // Another iAs process's approval (the app and `ias serve` on one data folder): approving it here
    // could only cancel it, as nothing here would run it.
    if (!this.waitsFor(approvalId)) return false;
    const row = this.options.approvals.get(approvalId);
    const channel = this.options.channels.find((c) => c.name === row?.channel);
    if (!row || row.status !== 'pending' || !channel?.inApp) return false;
    if (this.expiry.expireIfDue(row)) return false;
    if (approve) return this.approve(row, channel);
    return this.reject(row, channel, 'rejected');
  }

  /** Open approvals, for the UI (no codes). */
  openApprovals(): ApprovalView[] {
    return this.options.approvals.listOpen().map(approvalView);
  }

  /**
   * A message arrived on a channel. Returns true when it was an answer to the gate (it must then
   * go nowhere else, least of all to the model).
   */
  async handleMessage(channel: ApprovalChannel, message: IncomingMessage): Promise<boolean> {
    if (this.closed) return false;
    if (!message.direct || message.from !== channel.ownerAddress()) return false;
    const text = normalizeCodeText(message.text);
    const looksLikeAnswer = /^\d{6}$/.test(text) || CANCEL_WORDS.has(text.toLowerCase());
    const row = this.options.approvals.activeForOwner(OWNER);
    if (!row || row.channel !== channel.name || channel.inApp) {
      if (looksLikeAnswer) await this.send(channel, say.noPendingText());
      // One past its time (asked elsewhere, or by another process whose timer has not run) lapses,
      // after that answer: the next approval it lets through may be asked here.
      if (row) this.expiry.expireIfDue(row);
      return looksLikeAnswer;
    }
    if (this.expiry.expireIfDue(row)) return true;
    if (CANCEL_WORDS.has(text.toLowerCase())) {
      await this.reject(row, channel, 'cancelled');
      return true;
    }
    if (/^\d{6}$/.test(text)) {
      if (codeMatches(this.options.key, binding(row), text, row.codeHash ?? '')) {
        await this.approve(row, channel);
        return true;
      }
      const left = this.options.approvals.decrementAttempts(row.id);
      if (left === undefined) return true;
      if (left > 0) await this.send(channel, say.wrongCodeText(left));
      else await this.reject(row, channel, 'rejected');
      this.changed(row.id);
      return true;
    }
    // The code inside other words, or typed in groups, is not an answer — and must not travel on to
    // the model; nor must a number alone that misses it by a digit.
    if (NEAR_CODE.test(text) || codeInText(this.options.key, binding(row), text, row.codeHash ?? '')) {
      await this.send(channel, say.codeOnlyText());
      return true;
    }
    return false;
  }

  /**
   * Whether `text` holds the code of the owner's pending approval, alone or among other words (a
   * message typed into a chat with the model, which must never see a code): 'code' when it does.
   * The approval of another iAs process on the data folder (the app keeps its key in the OS
   * keychain, `ias` in a file, so neither can check the other's code, stored only as an HMAC) is
   * 'maybe-code' for any 6 digits in the text: which of them is its code cannot be told here.
   * Each refusal tells whether a number was the code, so only a budget of 6-digit windows is
   * compared per approval, shared by every iAs process on the data folder (kept with the approval
   * in SQLite); past it, any 6 digits are 'held' without comparing (see ChatCodeBudget).
   * A number alone of 4 to 8 digits that is not the code is 'near-code': WeChat takes it for a try
   * at the code (a digit mistyped, dropped or added), and so it is; the model would learn most of it.
   * An approval past its time by the clock holds no live code: it lapses here, as at any look,
   * before the text goes anywhere (so its code stays dead whatever the clock does next), and the
   * one pending after it, if any, is judged instead.
   */
  holdsCode(text: string): CodeInChat | undefined {
    let row = this.options.approvals.activeForOwner(OWNER);
    while (row && this.expiry.expireIfDue(row)) row = this.options.approvals.activeForOwner(OWNER);
    const codeHash = row?.codeHash;
    if (!row || codeHash == null) return undefined;
    const typed = normalizeCodeText(text);
    // Held whatever its digits: which near-miss it is is not compared, so it tells nothing of the code.
    const nearCode = NEAR_CODE.test(typed) ? 'near-code' : undefined;
    const candidates = codeCandidates(typed);
    if (candidates.length === 0) return nearCode;
    if (!this.chatBudget.take(row.id, candidates)) return 'held';
    const bound = binding(row);
    if (candidates.some((c) => codeMatches(this.options.key, bound, c, codeHash))) return 'code';
    if (!this.waitsFor(row.id)) return 'maybe-code';
    return nearCode;
  }

  private open(request: ApprovalRequest, skill: Skill): string {
    const id = randomUUID();
    const params = canonicalJson(request.params);
    this.options.approvals.insert({
      id,
      createdAt: this.now(),
      userId: OWNER,
      skillName: skill.name,
      params,
      paramsHash: sha256Hex(params),
      skillHash: skill.hash,
      // Decided with the version asked about: a user skill in a shipped one's name must say so.
      skillOrigin: skillOrigin(skill, this.options.reviewMarks),
      status: 'queued',
      runId: this.runId,
      source: request.source,
      requestedBy: request.requestedBy ?? null,
      queuedAt: this.now(),
    });
    return id;
  }

  /** Makes a queued approval the owner's pending one, if none is pending; sends the request. */
  private async activate(id: string, skillChanged = false): Promise<void> {
    if (this.closed) return;
    const waiter = this.waiters.get(id);
    const row = this.options.approvals.get(id);
    if (!waiter || !row || row.status !== 'queued') return;
    this.closeAbandoned();
    if (this.options.approvals.activeForOwner(OWNER)) return; // it waits its turn
    const moved = this.options.approvals.transition(id, ['queued'], 'pending', {
      expiresAt: this.now() + this.ttlMs,
      attemptsLeft: say.ATTEMPTS,
      channel: null,
      codeHash: null,
    });
    if (!moved) return;
    waiter.timer = setTimeout(() => {
      if (this.closed) return;
      const current = this.options.approvals.get(id);
      if (current) this.expiry.expireIfDue(current, true);
    }, this.ttlMs);
    await this.deliver(id, { skillChanged });
  }

  /**
   * A channel went away (WeChat logged out): the approval waiting on it moves to the next channel
   * that can reach the owner, with a new code if that channel needs one, and the owner is told.
   */
  async channelDown(name: string): Promise<void> {
    const row = this.options.approvals.activeForOwner(OWNER);
    if (this.closed || !row || row.channel !== name || this.expiry.expireIfDue(row)) return;
    await this.deliver(row.id, { avoid: [name], movedFrom: name });
  }

  /**
   * Sends a pending approval over the first connected channel that takes it; if sending fails, the
   * next one is tried. Each channel gets its own code (or none, for the in-app card).
   */
  private async deliver(
    id: string,
    options: { skillChanged?: boolean; avoid?: string[]; movedFrom?: string },
  ): Promise<void> {
    const tried = new Set(options.avoid ?? []);
    for (;;) {
      const row = this.options.approvals.get(id);
      const waiter = this.waiters.get(id);
      if (this.closed || !row || !waiter || row.status !== 'pending') return;
      const channel = this.options.channels.find((c) => !tried.has(c.name) && c.isConnected());
      if (!channel) {
        this.settle(id, ['pending'], cancelled(id, 'no-channel', row.skillName));
        return;
      }
      tried.add(channel.name);
      const code = channel.inApp ? undefined : generateCode();
      const codeHash = code ? codeHmac(this.options.key, binding(row), code) : null;
      if (!this.options.approvals.transition(id, ['pending'], 'pending', { channel: channel.name, codeHash })) return;
      this.changed(id);
      const request: say.ApprovalText = {
        skill: row.skillName,
        title: waiter.skill.title,
        titleZh: waiter.skill.locales?.['zh-CN']?.title,
        params: JSON.parse(row.params) as Record<string, unknown>,
        code,
        skillChanged: options.skillChanged,
        note: options.movedFrom ? say.reroutedText(options.movedFrom) : undefined,
        from: this.options.asker?.(waiter.request),
        origin: row.skillOrigin ?? undefined,
      };
      const texts = say.requestTexts(request, { split: !channel.inApp });
      const last = texts.length - 1;
      const message = say.requestCode(request, id, options.movedFrom);
      // Each part only while this request still stands (pending, here, with this code): one stopped,
      // settled or moved while its parts go out sends no more of them, least of all its code.
      const standing = () => {
        const now = this.options.approvals.get(id);
        return now?.status === 'pending' && now.channel === channel.name && now.codeHash === codeHash;
      };
      try {
        // In order, the code last: the owner has every parameter before the code arrives. The
        // request's code and parameters go with its last part (the only one, in the app).
        for (const [i, text] of texts.entries()) {
          if (!standing()) return;
          await channel.sendToOwner(text, i === last ? message : undefined);
        }
        return;
      } catch {
        // This channel cannot reach the owner now: try the next one.
      }
    }
  }

  private async approve(row: ApprovalRow, channel: ApprovalChannel): Promise<boolean> {
    if (!this.options.approvals.transition(row.id, ['pending'], 'approved', { decidedAt: this.now() })) return false;
    const waiter = this.waiters.get(row.id);
    clearTimeout(waiter?.timer);
    const current = this.options.currentSkill(row.skillName);
    if (!waiter) {
      // Approved after its caller went away (cannot happen within a run; be safe anyway).
      this.options.approvals.transition(row.id, ['approved'], 'cancelled', { decidedAt: this.now() });
      return false;
    }
    if (!current || current.hash !== row.skillHash) {
      // The skill changed while waiting: this approval is void; ask again for the new version.
      this.options.approvals.transition(row.id, ['approved'], 'cancelled', { decidedAt: this.now() });
      this.waiters.delete(row.id);
      this.changed(row.id);
      if (!current) {
        // The owner, who answered expecting it to run, is told it will not.
        void this.send(channel, ...say.decidedText('cancelled', row.skillName));
        waiter.resolve(cancelled(row.id, 'skill-removed', row.skillName));
      } else {
        const stored = { ...waiter.request, params: JSON.parse(row.params) as Record<string, unknown> };
        const next = this.open(stored, current);
        this.waiters.set(next, { ...waiter, request: stored, skill: current, timer: undefined });
        await this.activate(next, true);
      }
      void this.promoteNext();
      return true;
    }
    if (!this.options.approvals.transition(row.id, ['approved'], 'executing')) return false;
    this.waiters.delete(row.id);
    this.changed(row.id);
    // The owner is told on the way, not waited for: a send over WeChat takes a while, and the
    // skill's files could change meanwhile, after the look above (the caller looks again).
    void this.send(channel, ...say.decidedText('approved', row.skillName));
    waiter.resolve({
      status: 'approved',
      approvalId: row.id,
      skill: current,
      params: JSON.parse(row.params) as Record<string, unknown>,
    });
    void this.promoteNext();
    return true;
  }

  /** The channel of `name` (another process's has the same names: 'wechat', 'desktop', 'terminal'). */
  private channelNamed(name: string): Pick<ApprovalChannel, 'name' | 'inApp'> {
    return this.options.channels.find((c) => c.name === name) ?? { name, inApp: false };
  }

  /** The owner is told before the next approval is asked, as when one expires. */
  private async reject(row: ApprovalRow, channel: ApprovalChannel, told: 'rejected' | 'cancelled'): Promise<boolean> {
    let telling: Promise<void> | undefined;
    const tell = () => (telling = this.send(channel, ...say.decidedText(told, row.skillName)));
    const done = this.settle(row.id, ['pending'], refused(row.id, row.skillName, channel), tell);
    await telling;
    return done;
  }

  /**
   * The caller went away (the user stopped the turn): nothing may run. An owner already asked is
   * told, before the next approval is asked.
   */
  private abandon(id: string): void {
    const row = this.options.approvals.get(id);
    if (!row) return;
    const channel = row.status === 'pending' ? this.options.channels.find((c) => c.name === row.channel) : undefined;
    const tell = channel && (() => void this.send(channel, ...say.decidedText('cancelled', row.skillName)));
    this.settle(id, ['queued', 'pending'], cancelled(id, 'stopped', row.skillName), tell);
  }

  /** `tell`: tells the owner, once it is settled and before the next approval is asked. */
  private settle(id: string, from: ApprovalRow['status'][], decision: GateDenial, tell?: () => void): boolean {
    if (!this.options.approvals.transition(id, from, decision.status, { decidedAt: this.now() })) return false;
    const waiter = this.waiters.get(id);
    this.waiters.delete(id);
    clearTimeout(waiter?.timer);
    this.changed(id);
    waiter?.resolve(decision);
    tell?.();
    void this.promoteNext();
    return true;
  }

  private async promoteNext(): Promise<void> {
    if (this.closed) return;
    this.closeAbandoned();
    if (this.options.approvals.activeForOwner(OWNER)) return;
    const next = this.options.approvals.nextQueued(OWNER);
    if (next) await this.activate(next.id);
  }

  private async send(channel: ApprovalChannel, text: string, message?: ApprovalMessageCode): Promise<void> {
    try {
      await channel.sendToOwner(text, message);
    } catch {
      // A notice that cannot be delivered changes nothing in the state machine.
    }
  }

  private changed(id: string): void {
    if (this.closed) return;
    const row = this.options.approvals.get(id);
    if (row) this.emit('changed', approvalView(row));
  }
}

function binding(row: ApprovalRow): CodeBinding {
  // The params hash is recomputed from the stored params, so a row edited behind the gate's back
  // no longer matches the code that was sent.
  return { approvalId: row.id, skillName: row.skillName, paramsHash: sha256Hex(row.params), skillHash: row.skillHash };
}
