/**
 * The audit log exported to a file: every row a query matches, of any size. Too large to be one
 * answer of the contract, it is written by the core a piece at a time, and each transport saves it
 * its own way: the desktop app asks the owner where and writes the file (AUDIT_EXPORT_CHANNEL); the
 * web UI of `ias serve` downloads it from AUDIT_EXPORT_PATH, with the Bearer token as every request
 * that needs it. A CSV begins with a UTF-8 byte order mark (for spreadsheets); JSON has none.
 */
import type { AuditQuery } from './contract.js';

export type AuditExportFormat = 'csv' | 'json';

/** What the UI asks of its transport: true once the file is saved, false when the owner cancelled. */
export type SaveAuditExport = (query: AuditQuery, format: AuditExportFormat, fileName: string) => Promise<boolean>;

/** The desktop app's IPC channel for it: (query, format, suggested file name) → saved or not. */
export const AUDIT_EXPORT_CHANNEL = 'ias:saveAuditExport';

/** `GET` with `Authorization: Bearer <token>`, the query and format in the search (auditExportSearch). */
export const AUDIT_EXPORT_PATH = '/api/audit-export';

/** The search part of the export's address: `?format=csv&query=<the query as JSON>`. */
export function auditExportSearch(query: AuditQuery, format: AuditExportFormat): string {
  return `?${new URLSearchParams({ format, query: JSON.stringify(query) }).toString()}`;
}

/** The query and format an export's address asks for, unchecked; undefined when it is no such address. */
export function readAuditExportSearch(search: URLSearchParams): { query: unknown; format: unknown } | undefined {
  const format = search.get('format');
  const query = search.get('query');
  if (format === null || query === null) return undefined;
  try {
    return { query: JSON.parse(query) as unknown, format };
  } catch {
    return undefined;
  }
}
