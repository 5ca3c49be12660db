/**
 * One row of the audit table, in normal flow inside the table's window; memoised, so scrolling
 * renders only the rows that come into view.
 */
import { memo } from 'react';
import type { AuditRowInfo } from '../../shared/contract.js';
import { useTimeZone } from '../app/SettingsProvider.js';
import { useLocale, useT } from '../i18n.js';
import { formatDuration, formatStamp } from '../ui/format.js';
import { approvalOutcomeLabel } from './approval-outcome.js';
import { callErrorText } from './call-error.js';
import { sourceLabel } from './source-label.js';

interface Props {
  row: AuditRowInfo;
  index: number;
  height: number;
  active: boolean;
  onPick: (row: AuditRowInfo, index: number) => void;
}

export const AuditRow = memo(function AuditRow({ row, index, height, active, onPick }: Props) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <div
      id={`audit-row-${row.id}`}
      className={active ? 'audit-row active' : 'audit-row'}
      style={{ height }}
      role="row"
      aria-selected={active}
      data-testid="audit-row"
      data-id={row.id}
      data-status={row.status}
      onClick={() => onPick(row, index)}
    >
      <span role="cell" className="muted num-tabular">
        {formatStamp(row.startedAt, locale, Date.now(), timeZone)}
      </span>
      <span role="cell" className="mono">
        {row.skill}
      </span>
      <span role="cell" className="col-source" title={sourceLabel(t, row)}>
        {sourceLabel(t, row, true)}
      </span>
      <span role="cell" className="col-risk">
        <span className={`risk-pill risk-${row.risk}`}>{t.skills.risk[row.risk]}</span>
      </span>
      <span role="cell">
        <span className={`status-pill status-${row.status}`}>{t.audit.status[row.status]}</span>
      </span>
      <span role="cell" className="muted col-approval">
        {approvalOutcomeLabel(t, row.approvalOutcome)}
      </span>
      <span role="cell" className="num muted col-duration">
        {formatDuration(row.durationMs, t.common.duration)}
      </span>
      <span role="cell" className={row.error ? 'col-result error-text' : 'col-result muted'}>
        {callErrorText(t, row) ?? row.resultSummary ?? ''}
      </span>
    </div>
  );
});
