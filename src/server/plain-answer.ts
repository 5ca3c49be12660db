/** A short answer of plain text (or a small page), never cached. */
import type { ServerResponse } from 'node:http';

export function plain(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
