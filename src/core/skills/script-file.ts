/**
 * Skill scripts are written once to a private cache folder, named by the hash of their text, so
 * a call that is running keeps the exact script it started with even if the skill is edited.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ScriptSpec } from './types.js';

const written = new Set<string>();

export function ensureScriptFile(cacheDir: string, script: ScriptSpec): string {
  const digest = createHash('sha256').update(script.body).digest('hex').slice(0, 32);
  const file = path.join(cacheDir, `${digest}${script.extension}`);
  if (written.has(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const existing = safeRead(file);
  if (existing !== script.body) {
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, script.body, { mode: 0o700 });
    fs.renameSync(tmp, file);
  }
  written.add(file);
  return file;
}

function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
