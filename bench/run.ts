/** `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) in turn. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reported } from './report.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  console.log(`\n# ${file}`);
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
const missed = reported().filter((f) => f.value > f.target);
console.log(`\n${reported().length - missed.length} of ${reported().length} figures within target`);
if (missed.length > 0) process.exitCode = 1;
