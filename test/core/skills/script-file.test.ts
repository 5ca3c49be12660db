/**
 * The script cache: a script is written to, and run from, only a folder that is this user's own
 * (a real folder, owned by this user, that no other user can write to); anything else is refused
 * and nothing runs. A cached file is read again before each run: one changed or left there by
 * someone else is written again. Real folders, owners and processes on Linux.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { markingSkill, OTHER_UID, ran } from '../../helpers/marking-skill.js';
import { tempDir } from '../../helpers/temp.js';

/** Root can give a folder to another user; others find one in the root folder. */
const asRoot = process.getuid?.() === 0;

/** A fresh cache folder (0700, ours) inside a private temp folder. */
function cacheFolder(): string {
  const dir = path.join(tempDir('ias-cache-'), 'scripts');
  fs.mkdirSync(dir, { mode: 0o700 });
  return dir;
}

async function expectRefused(cache: string, reason: RegExp): Promise<void> {
  const skill = markingSkill();
  const result = await executeSkill(skill, {}, { scriptCacheDir: cache });
  expect(result.success).toBe(false);
  expect(result.error).toMatch(/^the script could not be prepared: /);
  expect(result.error).toMatch(reason);
  expect(ran(skill)).toBe(false);
}

describe.skipIf(process.platform === 'win32')('the skill script cache', () => {
  it('runs a script from a folder of its own, made 0700 when it is not there yet', async () => {
    const cache = path.join(tempDir('ias-cache-'), 'cache', 'scripts');
    const skill = markingSkill();
    expect(await executeSkill(skill, {}, { scriptCacheDir: cache })).toMatchObject({ success: true, data: 'hello' });
    expect(ran(skill)).toBe(true);
    expect(fs.statSync(cache).mode & 0o777).toBe(0o700);
    // Only writing by others is refused: a folder others may read (0755) is still this user's own.
    fs.chmodSync(cache, 0o755);
    expect(await executeSkill(markingSkill(), {}, { scriptCacheDir: cache })).toMatchObject({ success: true });
  });

  it('refuses a folder others can write to (group, world, a /tmp-like sticky one): nothing is written or run', async () => {
    for (const mode of [0o770, 0o707, 0o1777]) {
      const cache = cacheFolder();
      fs.chmodSync(cache, mode);
      await expectRefused(cache, /can be changed by other users \(mode \d+\); make it 0700$/);
      expect(fs.readdirSync(cache)).toEqual([]);
    }
  });

  it("refuses another user's folder", async () => {
    let cache: string;
    if (asRoot) {
      cache = cacheFolder();
      fs.chownSync(cache, OTHER_UID, OTHER_UID);
    } else {
      // Not root: the root folder is root's, so not this user's own.
      cache = path.parse(tempDir()).root;
    }
    await expectRefused(cache, /belongs to another user \(uid \d+, not \d+\)$/);
    if (asRoot) expect(fs.readdirSync(cache)).toEqual([]);
  });

  it('refuses a link in the folder’s place, even to a folder of its own', async () => {
    const real = cacheFolder();
    const link = path.join(path.dirname(real), 'link');
    fs.symlinkSync(real, link);
    await expectRefused(link, /is not a folder but a symbolic link$/);
    expect(fs.readdirSync(real)).toEqual([]);
  });

  it('writes a cached script again when it was changed after it was written', async () => {
    const cache = cacheFolder();
    const skill = markingSkill();
    expect((await executeSkill(skill, {}, { scriptCacheDir: cache })).data).toBe('hello');
    const [name] = fs.readdirSync(cache);
    const file = path.join(cache, name!);
    fs.writeFileSync(file, 'echo changed');
    expect((await executeSkill(skill, {}, { scriptCacheDir: cache })).data).toBe('hello');
    fs.rmSync(file);
    expect((await executeSkill(skill, {}, { scriptCacheDir: cache })).data).toBe('hello');
  });

  it('writes again, as its own, a file with the right name and text that another user could change', async () => {
    const cache = cacheFolder();
    const skill = markingSkill();
    await executeSkill(skill, {}, { scriptCacheDir: cache });
    const [name] = fs.readdirSync(cache);
    const file = path.join(cache, name!);
    const text = fs.readFileSync(file, 'utf8');
    // What another user could have left while the folder was open to them: the very script, theirs or writable.
    fs.chmodSync(file, 0o666);
    if (asRoot) fs.chownSync(file, OTHER_UID, OTHER_UID);
    const before = fs.statSync(file).ino;
    expect((await executeSkill(skill, {}, { scriptCacheDir: cache })).data).toBe('hello');
    const after = fs.statSync(file);
    expect(after.ino).not.toBe(before);
    expect(after.uid).toBe(process.getuid!());
    expect(after.mode & 0o022).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});
