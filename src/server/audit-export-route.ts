/**
 * `GET /api/audit-export`: the audit log's export (see shared/audit-export.ts), sent as the core
 * reads it, a piece at a time, as fast as the client takes it; the server never holds it whole.
 * It needs the token as `/api/session` does (a Bearer header: never a cookie, never the address),
 * and only a page of this server or a program may ask for it: a browser's request made from
 * another site (its Origin or Sec-Fetch-Site says so) is refused, and no CORS header ever lets
 * another page read an answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { piecesStream } from '../core/api/audit-export-api.js';
import { exportRefusal } from '../core/api/validate-call.js';
import { readAuditExportSearch, type AuditExportFormat } from '../shared/audit-export.js';
import type { AuditQuery } from '../shared/contract.js';
import { hasBearer } from './auth.js';
import { sameOrigin } from './hosts.js';
import { plain } from './plain-answer.js';

export type AuditExporter = (query: AuditQuery, format: AuditExportFormat) => Iterable<string>;

export interface AuditExportRouteOptions {
  token: string;
  hosts: () => Set<string> | undefined;
  auditExport: AuditExporter;
}

const TYPES: Record<AuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A browser's request from a page of another origin (a program sends neither header). */
function fromElsewhere(req: IncomingMessage, hosts: Set<string> | undefined): boolean {
  if (req.headers.origin !== undefined && !sameOrigin(req, hosts)) return true;
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** The pieces still to come after `first`, the one already taken. */
function* from(first: string, rest: Iterator<string>): Generator<string> {
  yield first;
  try {
    for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
  } finally {
    rest.return?.();
  }
}

export function sendAuditExport(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: AuditExportRouteOptions,
): void {
  if (!hasBearer(req, options.token)) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    return plain(res, 401, 'Unauthorized\n');
  }
  if (fromElsewhere(req, options.hosts())) return plain(res, 403, 'Forbidden: not asked by a page of iAs\n');
  const asked = readAuditExportSearch(url.searchParams);
  const refusal = asked
    ? exportRefusal(asked.query, asked.format)
    : 'audit export: the address needs a format and a query (JSON)';
  if (!asked || refusal) return plain(res, 400, `${refusal}\n`);
  const format = asked.format as AuditExportFormat;
  const pieces = options.auditExport(asked.query as AuditQuery, format)[Symbol.iterator]();
  // The first piece is read before the answer begins: a log that cannot be read is told as such.
  let first: IteratorResult<string>;
  try {
    first = pieces.next();
  } catch (err) {
    return plain(res, 500, `The audit log could not be read: ${(err as Error).message}\n`);
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', TYPES[format]);
  res.setHeader('Content-Disposition', `attachment; filename="ias-audit.${format}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (first.done || req.method === 'HEAD') {
    pieces.return?.();
    res.end();
    return;
  }
  // A failure past the first piece (or the client gone) cuts the answer short, never ended as whole.
  pipeline(piecesStream(from(first.value, pieces)), res).catch(() => res.destroy());
}
