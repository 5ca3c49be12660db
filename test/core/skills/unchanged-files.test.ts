import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SkillRegistry } from '../../../src/core/skills/registry.js';
import { tempDir, writeSkill } from '../../helpers/temp.js';

// The look before a call trusts the times of files that changed more than 3 s ago (see
// unchanged-files.ts): the folders are written once, and the tests wait until they have settled.
const SETTLED_AFTER_MS = 3200;

const skillMd = (word: string) => `---\ndescription: ${word} things.\nrisk: low\n---\n\nSay ${word}.\n`;

let user = '';
let registry: SkillRegistry;

beforeAll(async () => {
  const root = tempDir();
  user = path.join(root, 'user');
  fs.mkdirSync(user);
  for (const name of ['kept', 'rewritten', 'replaced', 'relinked']) writeSkill(user, name, skillMd('Old'));
  fs.writeFileSync(path.join(user, 'one.txt'), 'one');
  fs.writeFileSync(path.join(user, 'two.txt'), 'two');
  fs.symlinkSync(path.join(user, 'one.txt'), path.join(user, 'relinked', 'data.txt'));
  // Whole seconds, which utimes can give back exactly: only the change time can then tell.
  const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
  for (const file of fs.readdirSync(user, { recursive: true, encoding: 'utf8' })) {
    fs.utimesSync(path.join(user, file), anHourAgo, anHourAgo);
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLED_AFTER_MS));
  registry = new SkillRegistry({ userDir: user });
  registry.loadAll();
  // The first look reads every file and keeps what the file system says of them.
  for (const name of ['kept', 'rewritten', 'replaced', 'relinked']) expect(registry.current(name)?.name).toBe(name);
}, 10_000);

/** Gives `file` back the modification time it had: only its change time still tells. */
function keepingTimes(file: string, change: () => void): void {
  const before = fs.lstatSync(file);
  change();
  fs.utimesSync(file, before.atime, before.mtime);
}

describe('the look before a call at a settled skill folder', () => {
  it('keeps the version loaded while nothing changed', () => {
    const first = registry.current('kept');
    expect(registry.current('kept')).toBe(first);
    expect(registry.current('kept')?.description).toBe('Old things.');
  });

  it('sees a file rewritten to the same size with its modification time put back', () => {
    const file = path.join(user, 'rewritten', 'SKILL.md');
    const hash = registry.current('rewritten')!.hash;
    keepingTimes(file, () => fs.writeFileSync(file, skillMd('New')));
    expect(fs.statSync(file).size).toBe(Buffer.byteLength(skillMd('Old')));
    const now = registry.current('rewritten');
    expect(now?.description).toBe('New things.');
    expect(now?.hash).not.toBe(hash);
  });

  it('sees a file replaced by another of the same size and times', () => {
    const file = path.join(user, 'replaced', 'SKILL.md');
    const other = path.join(user, 'replacement.md');
    fs.writeFileSync(other, skillMd('New'));
    const old = fs.statSync(file);
    fs.utimesSync(other, old.atime, old.mtime);
    fs.renameSync(other, file);
    expect(registry.current('replaced')?.instructions).toContain('Say New.');
  });

  it('sees a link re-pointed to another file of the same size inside the skills folder', () => {
    const link = path.join(user, 'relinked', 'data.txt');
    const hash = registry.current('relinked')!.hash;
    const one = fs.statSync(path.join(user, 'one.txt'));
    fs.utimesSync(path.join(user, 'two.txt'), one.atime, one.mtime);
    fs.rmSync(link);
    fs.symlinkSync(path.join(user, 'two.txt'), link);
    expect(registry.current('relinked')?.hash).not.toBe(hash);
  });
});
