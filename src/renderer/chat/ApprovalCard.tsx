/** The in-app approval: what would run, where the request went, and Approve / Reject. */
import { useRef, useState } from 'react';
import type { ApprovalInfo } from '../../shared/contract.js';
import { useNow } from '../api/hooks.js';
import { DecideButtons } from '../approvals/DecideButtons.js';
import { SkillOriginNote } from '../approvals/SkillOriginNote.js';
import { useFocusPassedOn } from '../approvals/useFocusPassedOn.js';
import { useDecide } from '../approvals/useDecide.js';
import { useT } from '../i18n.js';
import { formatCountdown } from '../ui/format.js';
import { Icon } from '../ui/icons.js';
import { ParamsList } from './ParamsList.js';

export function channelLabel(channel: string | null, t: ReturnType<typeof useT>): string {
  if (!channel) return t.approvals.noChannel;
  return t.approvals.channels[channel] ?? channel;
}

export function ApprovalCard({ approval }: { approval: ApprovalInfo }) {
  const t = useT();
  const now = useNow();
  const decide = useDecide();
  const [busy, setBusy] = useState<'approve' | 'reject'>();
  const card = useRef<HTMLElement>(null);
  // Decided, the card goes: the focus goes to the message box, where the reply is to come.
  const keepFocus = useFocusPassedOn(busy !== undefined, card, (el) =>
    el.closest('.chat-main')?.querySelector<HTMLElement>('.composer textarea'),
  );

  const act = async (approve: boolean) => {
    keepFocus();
    setBusy(approve ? 'approve' : 'reject');
    await decide(approval.id, approve);
    setBusy(undefined);
  };

  return (
    <section
      ref={card}
      className="approval-card"
      data-testid="approval-card"
      data-id={approval.id}
      aria-label={t.approvals.cardTitle(approval.skillName)}
    >
      <header className="approval-card-head">
        <Icon name="approvals" />
        <strong>{t.approvals.cardTitle(approval.skillName)}</strong>
        {approval.expiresAt !== null && (
          // A timer: in the reply's live region, it is not read out at each tick.
          <span className="muted approval-expiry" role="timer">
            <Icon name="clock" size={13} /> {t.approvals.expiresIn(formatCountdown(approval.expiresAt, now))}
          </span>
        )}
      </header>
      <SkillOriginNote skill={approval.skillName} origin={approval.skillOrigin} />
      <p className="approval-card-intro">{t.approvals.cardIntro}</p>
      <ParamsList params={approval.params} />
      <p className="muted approval-channel" data-testid="approval-channel">
        {t.approvals.sentTo(channelLabel(approval.channel, t))}
      </p>
      <div className="approval-actions">
        <DecideButtons disabled={busy !== undefined} onDecide={(approve) => void act(approve)} />
      </div>
    </section>
  );
}
