/**
 * One audit entry in full: params, result or error, approval, timings, exit code. Esc closes. The
 * list's row may hold a line of its long text only: that text is shown once the row is read whole.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { AuditRowInfo } from '../../shared/contract.js';
import { useTimeZone } from '../app/SettingsProvider.js';
import { useLocale, useT } from '../i18n.js';
import { CodeBlock } from '../ui/CodeBlock.js';
import { formatDateTime, formatDuration, parseMaybeJson } from '../ui/format.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { approvalOutcomeLabel } from './approval-outcome.js';
import { callErrorText } from './call-error.js';
import { RequestedBy } from './RequestedBy.js';
import { sourceLabel } from './source-label.js';
import { useWholeRow } from './useWholeRow.js';

export function AuditDrawer({ row, onClose }: { row: AuditRowInfo; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const closeButton = useRef<HTMLButtonElement>(null);
  const whole = useWholeRow(row);
  useEffect(() => {
    closeButton.current?.focus();
  }, [row.id]);
  const fields: [string, ReactNode][] = [
    [t.audit.columns.time, formatDateTime(row.startedAt, locale, timeZone, true)],
    [t.audit.finished, row.finishedAt ? formatDateTime(row.finishedAt, locale, timeZone, true) : '—'],
    [t.audit.columns.duration, formatDuration(row.durationMs, t.common.duration)],
    [t.audit.columns.status, t.audit.status[row.status]],
    [t.audit.exitCode, row.exitCode === null ? '—' : String(row.exitCode)],
    [t.audit.columns.source, sourceLabel(t, row)],
    // Keyed by the entry: another entry's requester is never shown while this one's is found.
    [t.audit.requestedBy, <RequestedBy key={row.id} requestedBy={row.requestedBy} />],
    [t.audit.columns.risk, t.skills.risk[row.risk]],
    [t.audit.approvalId, row.approvalId ?? '—'],
    [t.audit.columns.approval, approvalOutcomeLabel(t, row.approvalOutcome)],
    [t.audit.skillVersion, row.skillHash ? row.skillHash.slice(0, 12) : '—'],
  ];
  return (
    <aside
      className="audit-drawer"
      data-testid="audit-drawer"
      role="dialog"
      aria-labelledby="audit-drawer-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <header className="drawer-head">
        <h2 id="audit-drawer-title">
          <code>{row.skill}</code> <span className="muted">#{row.id}</span>
        </h2>
        <span className="spacer" />
        <button ref={closeButton} type="button" className="icon-button" aria-label={t.common.close} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="drawer-body">
        <dl className="fields">
          {fields.map(([label, value]) => (
            <div key={label} className="field-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {whole.row ? (
          <WholeText row={whole.row} />
        ) : whole.error || whole.gone ? (
          <div className="notice notice-error" role="alert" data-testid="audit-drawer-unread">
            <span>{whole.gone ? t.audit.wholeGone : `${t.audit.wholeFailed}: ${whole.error}`}</span>
            <span className="spacer" />
            {!whole.gone && (
              <button type="button" className="button" onClick={whole.retry}>
                {t.audit.readAgain}
              </button>
            )}
          </div>
        ) : (
          <p className="muted" data-testid="audit-drawer-reading">
            <Spinner size={12} /> {t.common.loading}
          </p>
        )}
      </div>
    </aside>
  );
}

/** The long text of a row read whole: params, and the result or the error. */
function WholeText({ row }: { row: AuditRowInfo }) {
  const t = useT();
  const error = callErrorText(t, row);
  return (
    <>
      <h3>{t.audit.params}</h3>
      <CodeBlock value={row.params} label={t.audit.params} maxHeight={260} />
      {row.error ? (
        <>
          <h3>{t.audit.error}</h3>
          <CodeBlock value={error} label={t.audit.error} maxHeight={260} />
          {error !== row.error && (
            <>
              <h3>{t.audit.toldModel}</h3>
              <CodeBlock value={row.error} label={t.audit.toldModel} maxHeight={160} />
            </>
          )}
        </>
      ) : (
        <>
          <h3>{t.audit.result}</h3>
          <CodeBlock
            value={row.resultSummary === null ? '—' : parseMaybeJson(row.resultSummary)}
            label={t.audit.result}
            maxHeight={320}
          />
        </>
      )}
    </>
  );
}
