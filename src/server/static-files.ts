/**
 * The built renderer as static files: `index.html` for `/`, content types by extension, and never a
 * file outside the renderer folder (the resolved real path must stay inside it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup = { kind: 'file'; file: string; size: number } | { kind: 'forbidden' } | { kind: 'missing' };

function inside(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

/** Finds the file a URL path names under `root` (a real, absolute path). */
export function lookupStatic(root: string, urlPath: string): StaticLookup {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'forbidden' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'forbidden' };
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const candidate = path.resolve(root, relative);
  if (!inside(root, candidate)) return { kind: 'forbidden' };
  let real: string;
  try {
    real = fs.realpathSync(candidate);
  } catch {
    return { kind: 'missing' };
  }
  // A symbolic link may point anywhere: what counts is where it lands.
  if (!inside(root, real)) return { kind: 'forbidden' };
  const stat = fs.statSync(real, { throwIfNoEntry: false });
  if (!stat?.isFile()) return { kind: 'missing' };
  return { kind: 'file', file: real, size: stat.size };
}

/** Sends a file found by {@link lookupStatic}; hashed assets may be cached, the page never. */
export function sendFile(res: ServerResponse, file: string, size: number, head: boolean): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType(file));
  res.setHeader('Content-Length', size);
  const hashed = /[-.][A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|png|svg|jpe?g|webp)$/.test(path.basename(file));
  res.setHeader('Cache-Control', hashed ? 'private, max-age=31536000, immutable' : 'no-store');
  if (head) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
