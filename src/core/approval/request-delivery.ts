/**
 * Delivering a pending approval's request to the owner: over the first connected channel that
 * takes it, in order of preference, the next one tried when sending fails or when its channel went
 * away (the hand-over of ApprovalGate.channelDown). Each channel gets its own code (or none, for the
 * in-app card); the code goes only to the channel, its HMAC only to SQLite.
 */
import type { ApprovalRow, ApprovalsRepo, ApprovalSource } from '../store/approvals-repo.js';
import type { ApprovalAsker } from '../../shared/approval-messages.js';
import type { Skill } from '../skills/types.js';
import type { ApprovalChannel } from './channel.js';
import { codeBinding, codeHmac, generateCode } from './code.js';
import { cancelled, type GateDenial } from './gate-decisions.js';
import * as say from './messages.js';

/** Who asked for a call (see GateOptions.asker). */
type Requester = { source: ApprovalSource; requestedBy?: string };

/** What of the gate delivery works with. */
interface DeliveringGate {
  approvals: ApprovalsRepo;
  /** The install's HMAC key. */
  key: Buffer;
  closed: () => boolean;
  /** The channels, in order of preference. */
  channels: () => readonly ApprovalChannel[];
  /** The call of this process waiting for approval `id`, if any: its skill and who asked. */
  waiter: (id: string) => { skill: Skill; request: Requester } | undefined;
  /** Who asks for a call, as the owner knows it (see GateOptions.asker). */
  asker: (request: Requester) => ApprovalAsker | undefined;
  /** Settles `id` (see ApprovalGate.settle). */
  settle: (id: string, from: ApprovalRow['status'][], decision: GateDenial) => boolean;
  changed: (id: string) => void;
}

interface DeliveryOptions {
  /** The skill changed since the owner was last asked: the request says so. */
  skillChanged?: boolean;
  /** Channels not to try (the one that went away). */
  avoid?: string[];
  /** The channel the request moves from: the request says it was sent there first. */
  movedFrom?: string;
}

export class RequestDelivery {
  constructor(private readonly gate: DeliveringGate) {}

  /**
   * Sends a pending approval over the first connected channel that takes it; if sending fails, the
   * next one is tried. Each channel gets its own code (or none, for the in-app card). With no
   * channel left, the approval is cancelled.
   */
  async deliver(id: string, options: DeliveryOptions): Promise<void> {
    const { gate } = this;
    const tried = new Set(options.avoid ?? []);
    for (;;) {
      const row = gate.approvals.get(id);
      const waiter = gate.waiter(id);
      if (gate.closed() || !row || !waiter || row.status !== 'pending') return;
      const channel = gate.channels().find((c) => !tried.has(c.name) && c.isConnected());
      if (!channel) {
        gate.settle(id, ['pending'], cancelled(id, 'no-channel', row.skillName));
        return;
      }
      tried.add(channel.name);
      const code = channel.inApp ? undefined : generateCode();
      const codeHash = code ? codeHmac(gate.key, codeBinding(row), code) : null;
      if (!gate.approvals.transition(id, ['pending'], 'pending', { channel: channel.name, codeHash })) return;
      gate.changed(id);
      const request: say.ApprovalText = {
        skill: row.skillName,
        title: waiter.skill.title,
        titleZh: waiter.skill.locales?.['zh-CN']?.title,
        params: JSON.parse(row.params) as Record<string, unknown>,
        code,
        skillChanged: options.skillChanged,
        note: options.movedFrom ? say.reroutedText(options.movedFrom) : undefined,
        from: gate.asker(waiter.request),
        origin: row.skillOrigin ?? undefined,
      };
      const texts = say.requestTexts(request, { split: !channel.inApp });
      const last = texts.length - 1;
      const message = say.requestCode(request, id, options.movedFrom);
      // Each part only while this request still stands (pending, here, with this code): one stopped,
      // settled or moved while its parts go out sends no more of them, least of all its code.
      const standing = () => {
        const now = gate.approvals.get(id);
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
}
