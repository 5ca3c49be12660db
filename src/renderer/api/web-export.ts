/**
 * The audit log's export in the web UI: downloaded from `ias serve` (shared/audit-export.ts) with
 * the access token as a Bearer header — a link the browser opened itself could carry it only in
 * its address, which reaches history and logs. The answer is taken as a Blob, never as one string:
 * Chromium keeps a large one on disk rather than in the page's memory; then the browser's download
 * saves it under `fileName`.
 */
import { apiErrorText } from '../../shared/api-errors.js';
import { AUDIT_EXPORT_PATH, auditExportSearch, type AuditExportFormat } from '../../shared/audit-export.js';
import type { AuditQuery } from '../../shared/contract.js';
import { downloadBlob } from '../audit/download.js';
import { CallError } from './transport.js';

const coded = (code: 'not-signed-in' | 'connection-lost') => {
  const { message, messageCode } = apiErrorText(code, {});
  return new CallError(message, messageCode);
};

export async function downloadAuditExport(
  origin: string,
  token: string | undefined,
  query: AuditQuery,
  format: AuditExportFormat,
  fileName: string,
): Promise<boolean> {
  if (token === undefined) throw coded('not-signed-in');
  let blob: Blob;
  try {
    const res = await fetch(`${origin}${AUDIT_EXPORT_PATH}${auditExportSearch(query, format)}`, {
      headers: { authorization: `Bearer ${token}` },
      cache: 'no-store',
      credentials: 'omit',
    });
    if (res.status === 401) throw coded('not-signed-in');
    if (!res.ok) throw new CallError((await res.text()).trim() || `HTTP ${res.status}`);
    blob = await res.blob();
  } catch (err) {
    // The server gone, or the answer cut short: nothing is saved.
    throw err instanceof CallError ? err : coded('connection-lost');
  }
  downloadBlob(blob, fileName);
  return true;
}
