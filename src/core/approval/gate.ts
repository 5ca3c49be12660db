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
import type { ApprovalChannel, IncomingMessage } from './channel.js';
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
import { OwnerReplies, type CodeInChat } from './owner-replies.js';
import { RequestDelivery } from './request-delivery.js';
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

export class ApprovalGate extends EventEmitter<{ changed: [ApprovalView] }> {
  readonly runId: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly waiters = new Map<string, Waiter>();
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;
  private watcher?: NodeJS.Timeout;
  /** Pending approvals past their time lapse at any look, not only when their timer runs. */
  private readonly expiry: ExpiryByClock;
  /** The owner's answers on a channel, and codes typed into chats. */
  private readonly replies: OwnerReplies;
  /** Requests sent to the owner over the channel that takes them. */
  private readonly delivery: RequestDelivery;

  constructor(private readonly options: GateOptions) {
    super();
    this.runId = options.runId ?? randomUUID();
    this.ttlMs = options.ttlMs ?? say.VALID_MINUTES * 60_000;
    this.now = options.now ?? Date.now;
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
    this.replies = new OwnerReplies({
      approvals: options.approvals,
      key: options.key,
      closed: () => this.closed,
      active: () => this.options.approvals.activeForOwner(OWNER),
      expireIfDue: (row) => this.expiry.expireIfDue(row),
      waitsFor: (id) => this.waitsFor(id),
      approve: (row, channel) => this.approve(row, channel),
      reject: (row, channel, told) => this.reject(row, channel, told),
      changed: (id) => this.changed(id),
      send: (channel, text, message) => this.send(channel, text, message),
    });
    this.delivery = new RequestDelivery({
      approvals: options.approvals,
      key: options.key,
      closed: () => this.closed,
      channels: () => this.options.channels,
      waiter: (id) => this.waiters.get(id),
      asker: (request) => this.options.asker?.(request),
      settle: (id, from, decision) => this.settle(id, from, decision),
      changed: (id) => this.changed(id),
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
   * go nowhere else, least of all to the model). See OwnerReplies.handleMessage.
   */
  handleMessage(channel: ApprovalChannel, message: IncomingMessage): Promise<boolean> {
    return this.replies.handleMessage(channel, message);
  }

  /** Whether `text`, typed into a chat with the model, holds a code (see OwnerReplies.holdsCode). */
  holdsCode(text: string): CodeInChat | undefined {
    return this.replies.holdsCode(text);
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
    await this.delivery.deliver(id, { skillChanged });
  }

  /**
   * A channel went away (WeChat logged out): the approval waiting on it moves to the next channel
   * that can reach the owner, with a new code if that channel needs one, and the owner is told.
   */
  async channelDown(name: string): Promise<void> {
    const row = this.options.approvals.activeForOwner(OWNER);
    if (this.closed || !row || row.channel !== name || this.expiry.expireIfDue(row)) return;
    await this.delivery.deliver(row.id, { avoid: [name], movedFrom: name });
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
