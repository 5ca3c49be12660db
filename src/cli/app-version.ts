/** The version of iAs: package.json's, beside the built CLI (out/cli) or the source (src/cli). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function appVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(here, '..', '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
