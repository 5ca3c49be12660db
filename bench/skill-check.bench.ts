/**
 * The look before each call at whether a skill's files are still the version loaded, for a skill
 * folder with a vendored library (1,000 files, 25 MB) that has not changed: median ≤ 20 ms (reading
 * every file again, as the look after an approval does, is printed beside it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadSkillFolder, unchangedOnDisk } from '../src/core/skills/load.js';
import { unchangedSinceRead } from '../src/core/skills/unchanged-files.js';
import { tempDir } from '../test/helpers/temp.js';
import { median, report } from './report.js';

const FILES = 1000;
const ROUNDS = 30;

function timed(look: () => boolean): number[] {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    if (!look()) throw new Error('the folder was seen as changed');
    times.push(performance.now() - t);
  }
  return times;
}

export default async function (): Promise<void> {
  const root = tempDir('ias-bench-check-');
  const dir = path.join(root, 'vendored');
  fs.mkdirSync(path.join(dir, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\ndescription: Uses a library.\nrisk: low\n---\n\nUse it.\n');
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(dir, 'lib', `m${i}.py`), Buffer.alloc(25_000, 97));
  // Files changed in the last 3 s are read at every look (see unchanged-files.ts): let them settle.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const skill = loadSkillFolder(root, 'vendored', 'user')!.skill!;
  const reading = median(timed(() => unchangedOnDisk(skill, root)));
  const looking = median(timed(() => unchangedSinceRead(skill, root)));
  console.log(`  reading every file: ${reading.toFixed(1)} ms a look`);
  report({
    name: 'look before a call at an unchanged 25 MB skill folder (median)',
    value: looking,
    unit: 'ms',
    target: 20,
  });
}
