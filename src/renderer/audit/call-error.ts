/** An audit row's error in the UI's language: by its code when iAs decided it, else as stored. */
import type { AuditRowInfo } from '../../shared/contract.js';
import { sayToolError } from '../../shared/tool-errors.js';
import type { Strings } from '../i18n.js';

export function callErrorText(t: Strings, row: Pick<AuditRowInfo, 'error' | 'errorCode'>): string | null {
  return row.error === null ? null : sayToolError(t.toolError, t.callError, row.error, row.errorCode);
}
