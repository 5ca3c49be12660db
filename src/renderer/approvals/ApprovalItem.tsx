/** One approval in the Approvals page: what it is, where it went, its state; buttons when decidable here. */
import { useState } from 'react';
import type { ApprovalInfo } from '../../shared/contract.js';
import { useNow } from '../api/hooks.js';
import { useTimeZone } from '../app/SettingsProvider.js';
import { channelLabel } from '../chat/ApprovalCard.js';
import { ParamsList } from '../chat/ParamsList.js';
import { useLocale, useT } from '../i18n.js';
import { formatCountdown, formatDateTime } from '../ui/format.js';
import { Icon } from '../ui/icons.js';
import { isOpen } from './ApprovalsProvider.js';
import { DecideButtons } from './DecideButtons.js';
import { SkillOriginNote } from './SkillOriginNote.js';
import { useDecide } from './useDecide.js';

export function ApprovalItem({ approval }: { approval: ApprovalInfo }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const now = useNow();
  const decide = useDecide();
  const [busy, setBusy] = useState(false);
  const open = isOpen(approval);

  const act = async (approve: boolean) => {
    setBusy(true);
    await decide(approval.id, approve);
    setBusy(false);
  };

  return (
    <li
      className={open ? 'approval-item open' : 'approval-item'}
      data-testid="approval-item"
      data-id={approval.id}
      data-status={approval.status}
    >
      <div className="approval-item-head">
        <span className={`status-pill status-${approval.status}`}>{t.approvals.status[approval.status]}</span>
        <code className="approval-skill">{approval.skillName}</code>
        <span className="muted" data-testid="approval-created">
          {formatDateTime(approval.createdAt, locale, timeZone)}
        </span>
        <span className="spacer" />
        {approval.channel && (
          <span className="muted" data-testid="approval-channel">
            {t.approvals.sentTo(channelLabel(approval.channel, t))}
          </span>
        )}
      </div>
      <SkillOriginNote skill={approval.skillName} origin={approval.skillOrigin} />
      <ParamsList params={approval.params} />
      {open && (
        <div className="approval-item-foot">
          {approval.expiresAt !== null && (
            <span className="muted" role="timer">
              <Icon name="clock" size={13} /> {t.approvals.expiresIn(formatCountdown(approval.expiresAt, now))}
            </span>
          )}
          {/* Only a code sent to WeChat has tries: in the app and at a terminal the owner answers with a button or y/N. */}
          {approval.status === 'pending' && approval.channel === 'wechat' && (
            <span className="muted">{t.approvals.attemptsLeft(approval.attemptsLeft)}</span>
          )}
          <span className="spacer" />
          {approval.decidableHere ? (
            <DecideButtons disabled={busy} onDecide={(approve) => void act(approve)} />
          ) : (
            <span className="muted">
              {approval.status === 'queued'
                ? t.approvals.queuedHint
                : approval.channel
                  ? t.approvals.decideOn(channelLabel(approval.channel, t))
                  : ''}
            </span>
          )}
        </div>
      )}
    </li>
  );
}
