/** Temp folders for the store tests, removed after each test. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-store-'));
  made.push(dir);
  return dir;
}

/** Runs `cleanup` after the current test (before its folder is removed). */
export function onCleanup(cleanup: () => void): void {
  cleanups.push(cleanup);
}
