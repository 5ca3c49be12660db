/** One approval in the Approvals page: what it is, where it went, its state; buttons when decidable here. */
import { useRef, useState } from 'react';
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
import { useFocusPassedOn } from './useFocusPassedOn.js';

/**
 * Where the focus goes from a waiting approval decided here: the first button of the next one that
 * can be decided here (else of one before it), else the heading of the waiting ones.
 */
function nextToDecide(item: HTMLElement): HTMLElement | null | undefined {
  const open = [...(item.parentElement?.querySelectorAll<HTMLElement>(':scope > .approval-item.open') ?? [])];
  const at = open.indexOf(item);
  for (const other of [...open.slice(at + 1), ...open.slice(0, at).reverse()]) {
    const button = other.querySelector<HTMLElement>('.approval-item-foot button:not(:disabled)');
    if (button) return button;
  }
  return item.closest('section')?.querySelector<HTMLElement>('h2');
}

export function ApprovalItem({ approval }: { approval: ApprovalInfo }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const now = useNow();
  const decide = useDecide();
  const [busy, setBusy] = useState(false);
  const open = isOpen(approval);
  const item = useRef<HTMLLIElement>(null);
  // Decided, it leaves the waiting ones: the focus goes to the next one that can be decided here,
  // else to their heading.
  const keepFocus = useFocusPassedOn(busy, item, nextToDecide);

  const act = async (approve: boolean) => {
    keepFocus();
    setBusy(true);
    await decide(approval.id, approve);
    setBusy(false);
  };

  return (
    <li
      ref={item}
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
