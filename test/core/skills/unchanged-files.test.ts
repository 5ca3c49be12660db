import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
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
  for (const name of ['kept', 'rewritten', 'replaced', 'relinked', 'mapped']) writeSkill(user, name, skillMd('Old'));
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
  for (const name of ['kept', 'rewritten', 'replaced', 'relinked', 'mapped']) {
    expect(registry.current(name)?.name).toBe(name);
  }
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

  it('reads SKILL.md at every look: a write through a memory mapping that changes no time is seen', async () => {
    // Writes to a page already written through a shared mapping change no time until the system
    // writes the page out (up to 30 s): the first write below sets the times, the second does not.
    const file = path.join(user, 'mapped', 'SKILL.md');
    const writer = spawn('python3', [
      '-c',
      [
        'import mmap, sys',
        `f = open(${JSON.stringify(file)}, 'r+b')`,
        'm = mmap.mmap(f.fileno(), 0)',
        'at = m.find(b"Say Old") + 4',
        'for word in (b"Mid", b"New"):',
        '    m[at:at + 3] = word',
        '    print("written", flush=True)',
        '    sys.stdin.readline()',
      ].join('\n'),
    ]);
    const lines = readline.createInterface({ input: writer.stdout });
    const written = () => once(lines, 'line');
    await written();
    // The first write is seen; once its times have settled, they are kept for the version read.
    await new Promise((resolve) => setTimeout(resolve, SETTLED_AFTER_MS));
    expect(registry.current('mapped')?.instructions).toContain('Say Mid.');
    // Looked at again: that version's files, read and found unchanged, are now known by their times.
    expect(registry.current('mapped')?.instructions).toContain('Say Mid.');
    const second = written();
    writer.stdin.write('\n');
    await second;
    // The times stay as they were (unless the system wrote the page out meanwhile, which it does
    // after 30 s or under memory pressure; on tmpfs no write through a mapping changes them).
    expect(fs.readFileSync(file, 'utf8')).toContain('Say New.');
    expect(registry.current('mapped')?.instructions).toContain('Say New.');
    writer.stdin.end('\n');
    await once(writer, 'close');
  }, 15_000);
});
