/**
 * The audit log exported as the app saves it, of any size: made and written a piece at a time,
 * never as one string (past about 512 M characters V8 cannot make one, and long before that the
 * process runs out of memory). `ias serve` sends the pieces to the browser as it reads them; the
 * desktop app writes them into the file the owner picked. The rows are read on a connection of
 * their own (see AuditRepo.exportPiecesApart): the app goes on meanwhile.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AuditExportFormat, AuditQuery } from '../../shared/contract.js';
import type { AuditRepo } from '../store/audit-repo.js';

/**
 * A CSV file begins with a byte order mark: without it Excel reads it in the system's legacy code
 * page (GBK on a Chinese Windows), and Chinese text comes out garbled. JSON has none.
 */
const BOM = '\ufeff';

/** The export's text, in pieces of whole rows (the first with the CSV's byte order mark). */
export function* auditExportPieces(audit: AuditRepo, query: AuditQuery, format: AuditExportFormat): Generator<string> {
  let first = format === 'csv' ? BOM : '';
  for (const piece of audit.exportPiecesApart(query, format)) {
    yield first + piece;
    first = '';
  }
}

/** The pieces as a stream that asks for the next one only once the last is taken, and gives them up when destroyed. */
export function piecesStream(pieces: Iterable<string>): Readable {
  return Readable.from(pieces, { objectMode: true, highWaterMark: 1 });
}

/**
 * Writes the pieces into `file`: first into a new file beside it, then moved in its place once
 * all is written. A failed export leaves no part behind and `file` (one the owner chose to replace)
 * as it was.
 */
export async function writeExportFile(pieces: Iterable<string>, file: string): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);
  try {
    await pipeline(piecesStream(pieces), fs.createWriteStream(partial, { flags: 'wx' }));
    await fs.promises.rename(partial, file);
  } catch (err) {
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
}
