/**
 * Expiry by the clock: a pending approval lapses once its `expires_at` has passed, whichever iAs
 * process's it is, at the first look of any gate. The owning process's timer may not have run
 * (timers do not count the time a computer sleeps; a process may be busy), and until then the
 * approval would hold up every later one. The process that asked tells its owner, once.
 */
import type { ApprovalRow, ApprovalsRepo } from '../store/approvals-repo.js';
import type { ApprovalMessageCode } from '../../shared/approval-messages.js';
import type { ApprovalChannel } from './channel.js';
import { lapsed, type GateDenial } from './gate-decisions.js';
import * as say from './messages.js';

/** What of the gate expiry works with. */
export interface ExpiringGate {
  approvals: ApprovalsRepo;
  now: () => number;
  channels: () => readonly ApprovalChannel[];
  /** The approvals calls of this process wait for. */
  waiting: () => Iterable<string>;
  waitsFor: (id: string) => boolean;
  /** Settles `id` (see ApprovalGate.settle): `tell` runs once it is settled, before the next approval is asked. */
  settle: (id: string, from: ApprovalRow['status'][], decision: GateDenial, tell?: () => void) => boolean;
  changed: (id: string) => void;
  send: (channel: ApprovalChannel, text: string, message?: ApprovalMessageCode) => Promise<void>;
}

/** Whether a pending approval's time is up by the clock (one with no time never lapses by it). */
function pastDue(row: Pick<ApprovalRow, 'expiresAt'>, now: number): boolean {
  return row.expiresAt !== null && now >= row.expiresAt;
}

export class ExpiryByClock {
  constructor(private readonly gate: ExpiringGate) {}

  /**
   * Pending approvals past their time by the clock are expired, whichever iAs process's they are.
   * This process's own lapse as its timer would lapse them (the owner told, the call told in the
   * seed's words); another process's, in one statement on the file, and that process, seeing it,
   * tells its owner and call.
   */
  expireLapsed(): void {
    const { approvals } = this.gate;
    for (const id of [...this.gate.waiting()]) {
      const row = approvals.get(id);
      if (row?.status === 'pending') this.expireIfDue(row);
    }
    for (const id of approvals.expirePastDue(this.gate.now())) this.gate.changed(id);
  }

  /**
   * Expires the approval if its time is up (or `force`); true when it is no longer answerable. The
   * owner is told by the process that asked (another's learns it in its watch, and tells).
   */
  expireIfDue(row: ApprovalRow, force = false): boolean {
    if (row.status !== 'pending') return true;
    if (!force && !pastDue(row, this.gate.now())) return false;
    const tell = this.gate.waitsFor(row.id) ? () => this.tellExpired(row) : undefined;
    this.gate.settle(row.id, ['pending'], lapsed(row.id, row.skillName), tell);
    return true;
  }

  /** Tells the owner an approval of this process expired, on the channel it went over (if still connected). */
  tellExpired(row: ApprovalRow): void {
    const channel = this.gate.channels().find((c) => c.name === row.channel);
    if (channel?.isConnected()) void this.gate.send(channel, ...say.decidedText('expired', row.skillName));
  }
}
