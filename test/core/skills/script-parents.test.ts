/**
 * The folders above the skill script cache: a script runs only when no other user could change
 * one of them (and so put a folder of theirs in the cache's place), as OpenSSH's secure_path
 * checks. Folders of this user's or root's that only they can write to pass, and so does a sticky
 * shared folder such as /tmp when the next step in it is this user's; the first folder on the way
 * that fails is named, by a code said in English and Chinese. Real folders, modes, owners and
 * links on Linux; what only root can set up (another user's folder) runs as root, as in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkParentFolders, UnsafeParentError } from '../../../src/core/safe-parents.js';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { englishUnsafeParents, sayUnsafeParent } from '../../../src/shared/unsafe-parents.js';
import { chineseUnsafeParents } from '../../../src/shared/unsafe-parents-zh-CN.js';
import { markingSkill, OTHER_UID, ran } from '../../helpers/marking-skill.js';
import { tempDir } from '../../helpers/temp.js';

/** Only root can give a folder to another user: those cases run as root (as in CI). */
const asRoot = process.getuid?.() === 0;

/** `<temp>/<steps…>`, each step a folder of ours (0755), made now; returns each step's path. */
function folders(...names: string[]): string[] {
  let dir = tempDir('ias-parents-');
  return names.map((name) => {
    dir = path.join(dir, name);
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    return dir;
  });
}

async function expectRuns(cache: string): Promise<void> {
  const skill = markingSkill();
  expect(await executeSkill(skill, {}, { scriptCacheDir: cache })).toMatchObject({ success: true, data: 'hello' });
  expect(ran(skill)).toBe(true);
}

/** The script is refused, naming `folder` for `code`; nothing runs and no script is written. */
async function expectRefused(cache: string, code: string, folder: string): Promise<UnsafeParentError> {
  const skill = markingSkill();
  const result = await executeSkill(skill, {}, { scriptCacheDir: cache });
  expect(result.success).toBe(false);
  expect(result.error).toMatch(/^the script could not be prepared: /);
  expect(result.error).toContain(folder);
  expect(ran(skill)).toBe(false);
  if (fs.existsSync(cache)) expect(fs.readdirSync(cache)).toEqual([]);
  let thrown: unknown;
  try {
    checkParentFolders(cache);
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(UnsafeParentError);
  const err = thrown as UnsafeParentError;
  expect(err.name).toBe('UnsafeParentError');
  expect(err.messageCode.code).toBe(code);
  expect(err.folder).toBe(folder);
  expect(result.error).toBe(`the script could not be prepared: ${err.message}`);
  return err;
}

describe.skipIf(process.platform === 'win32')('the folders above the script cache', () => {
  it('runs a script when every folder on the way is ours or root’s and closed to others, a shared sticky one (/tmp) included', async () => {
    // From / down: root's folders, the system's temp folder (sticky, open to all) and a folder of ours in it.
    const [home, config] = folders('home', '.config');
    fs.chmodSync(home!, 0o700);
    await expectRuns(path.join(config!, 'iAs', 'cache', 'scripts'));
    expect(fs.statSync(path.join(config!, 'iAs')).mode & 0o777).toBe(0o700);
    // A sticky folder of ours open to all, where the next folder is ours: no one else can take it.
    const [shared, mine] = folders('shared', 'mine');
    fs.chmodSync(shared!, 0o1777);
    await expectRuns(path.join(mine!, 'scripts'));
    // A link on the way, in a folder of ours, to folders of ours.
    const [real] = folders('real');
    const link = path.join(path.dirname(real!), 'link');
    fs.symlinkSync(real!, link);
    await expectRuns(path.join(link, 'scripts'));
  });

  it('refuses a folder on the way that others can write to (group or all, not sticky), naming the first one from /', async () => {
    const [top, middle] = folders('top', 'middle');
    fs.chmodSync(middle!, 0o775);
    const cache = path.join(middle!, 'data', 'scripts');
    const err = await expectRefused(cache, 'parent-writable', middle!);
    expect(err.message).toBe(
      `the folder ${middle}, on the way to the script cache, can be changed by other users (mode 775), who could swap the scripts iAs runs: make it writable by you alone (chmod go-w)`,
    );
    expect(sayUnsafeParent(englishUnsafeParents, '', err.messageCode)).toBe(err.message);
    expect(sayUnsafeParent(chineseUnsafeParents, err.message, err.messageCode)).toBe(
      `脚本缓存所在路径上的文件夹 ${middle} 可被其他用户修改（权限 775），他们可能调换 iAs 运行的脚本：请让它只有你能写入（chmod go-w）`,
    );
    // Two open to all: the one nearer / is named.
    fs.chmodSync(top!, 0o777);
    await expectRefused(cache, 'parent-writable', top!);
    fs.chmodSync(top!, 0o755);
    fs.chmodSync(middle!, 0o755);
    await expectRuns(cache);
  });

  it('refuses a folder open to others that a link on the way leads through', async () => {
    const [open, real] = folders('open', 'real');
    fs.chmodSync(open!, 0o777);
    const [mine] = folders('mine');
    // mine/link -> ../open/real, relative, as a link may be: the folders it leads through count.
    const link = path.join(mine!, 'link');
    fs.symlinkSync(path.relative(mine!, real!), link);
    await expectRefused(path.join(link, 'scripts'), 'parent-writable', open!);
    fs.chmodSync(open!, 0o755);
    await expectRuns(path.join(link, 'scripts'));
  });

  it.skipIf(!asRoot)('refuses a folder on the way that belongs to another user, even closed to others', async () => {
    const [theirs] = folders('theirs');
    fs.chownSync(theirs!, OTHER_UID, OTHER_UID);
    const err = await expectRefused(path.join(theirs!, 'mine', 'scripts'), 'parent-other-owner', theirs!);
    expect(err.message).toContain(`belongs to another user (uid ${OTHER_UID})`);
    expect(sayUnsafeParent(chineseUnsafeParents, err.message, err.messageCode)).toContain(
      `${theirs} 属于另一个用户（uid ${OTHER_UID}）`,
    );
  });

  it.skipIf(!asRoot)(
    'refuses, in a shared sticky folder, a next step that belongs to another user: a folder or a link',
    async () => {
      const [shared, theirs] = folders('shared', 'theirs');
      fs.chmodSync(shared!, 0o1777);
      fs.chownSync(theirs!, OTHER_UID, OTHER_UID);
      const err = await expectRefused(path.join(theirs!, 'scripts'), 'parent-sticky-entry-other', shared!);
      expect(err.messageCode).toEqual({
        code: 'parent-sticky-entry-other',
        params: { folder: shared, entry: theirs, uid: OTHER_UID },
      });
      expect(sayUnsafeParent(chineseUnsafeParents, err.message, err.messageCode)).toContain(
        `共享文件夹 ${shared} 中的 ${theirs}`,
      );
      // A link planted there in advance by another user, to a folder of ours: refused all the same.
      const [mine] = folders('mine');
      const planted = path.join(shared!, 'planted');
      fs.symlinkSync(mine!, planted);
      fs.lchownSync(planted, OTHER_UID, OTHER_UID);
      await expectRefused(path.join(planted, 'scripts'), 'parent-sticky-entry-other', shared!);
    },
  );
});
