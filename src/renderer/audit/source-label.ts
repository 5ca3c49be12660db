/** An audit row's source as the audit log shows it: the calls of a task's run the owner asked for now say so. */
import type { AuditRowInfo } from '../../shared/contract.js';
import { isRunNowRequest } from '../../shared/run-now-requests.js';
import type { Strings } from '../i18n.js';

/** `short`: for the table's narrow column, where a run now's calls read "Run now" alone. */
export function sourceLabel(t: Strings, row: Pick<AuditRowInfo, 'source' | 'requestedBy'>, short = false): string {
  const source = t.audit.source[row.source];
  if (!isRunNowRequest(row.requestedBy)) return source;
  return short ? t.audit.runNow : `${source} · ${t.audit.runNow}`;
}
