#!/usr/bin/env node
// The `ias` command: runs the built CLI, or says how to build it.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../out/cli/ias.mjs', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('ias is not built yet: run `npm run build` (or `npm run build:cli`) first.\n');
  process.exit(2);
}
await import(pathToFileURL(built).href);
