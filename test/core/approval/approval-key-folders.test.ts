/**
 * The approval HMAC key is guarded as the API key and the serve token are: read and written only
 * when no other user could change a folder on the way to its file (src/core/safe-parents.ts), and
 * read only from a file of this user's. Refused, the runtime does not open: ApprovalKeyRefusedError
 * says which file and folder and what mends it, with its code, and no key is written there. Real
 * folders, modes and owners; what only root can set up (another user's folder or file) runs as
 * root, as in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApprovalKeyRefusedError } from '../../../src/core/approval/approval-key.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { OTHER_UID } from '../../helpers/marking-skill.js';
import { tempDir } from '../../helpers/temp.js';

const asRoot = process.getuid?.() === 0;
const systemSkills = path.resolve('resources/skills');
const KEY_FILE = 'approval-hmac.key';

/** Opens and closes a runtime over `home` (making its approval key); returns the key file's bytes. */
async function openedOnce(home: string): Promise<Buffer> {
  const runtime = await openRuntime({ home, systemSkills, recover: true });
  await runtime.close();
  return fs.readFileSync(path.join(home, 'secrets', KEY_FILE));
}

/** The refusal opening a runtime over `home` throws, or a failure when it opens. */
async function refusal(home: string): Promise<ApprovalKeyRefusedError> {
  try {
    const runtime = await openRuntime({ home, systemSkills, recover: true });
    await runtime.close();
  } catch (err) {
    if (err instanceof ApprovalKeyRefusedError) return err;
    throw err;
  }
  throw new Error('the approval key was not refused');
}

describe.skipIf(process.platform === 'win32')('the folders on the way to the approval key', () => {
  it('a folder others can write to: the runtime does not open, no key is read or made there until it is closed', async () => {
    const parent = tempDir('ias-approval-key-');
    const home = path.join(parent, 'home');
    const file = path.join(home, 'secrets', KEY_FILE);
    const key = await openedOnce(home);
    fs.chmodSync(parent, 0o777);

    const err = await refusal(home);
    expect(err.messageCode).toEqual({
      code: 'approval-key-folder-unsafe',
      params: { file, unsafe: { code: 'parent-writable', params: { folder: parent, mode: '777' } } },
    });
    expect(err.message).toBe(
      `iAs did not start: its approval key file, ${file}, is in the folder ${parent}, which other users can change (mode 777), who could swap it for a key they know and work out with it the codes iAs sends for approval. Make it writable by you alone with \`chmod go-w ${parent}\`.`,
    );
    // Gone, a new key is not made there either, nor a temp file left.
    fs.rmSync(file);
    expect((await refusal(home)).messageCode.code).toBe('approval-key-folder-unsafe');
    expect(fs.readdirSync(path.join(home, 'secrets'))).toEqual([]);

    // Closed, a new key is made; put back, the old one is read again.
    fs.chmodSync(parent, 0o755);
    expect((await openedOnce(home)).equals(key)).toBe(false);
    fs.writeFileSync(file, key, { mode: 0o600 });
    expect((await openedOnce(home)).equals(key)).toBe(true);
  });

  it('the secrets folder itself open to others, with a key in it: refused (it is closed only when a key is made)', async () => {
    const home = tempDir('ias-approval-key-');
    const secrets = path.join(home, 'secrets');
    await openedOnce(home);
    fs.chmodSync(secrets, 0o777);
    expect((await refusal(home)).messageCode).toEqual({
      code: 'approval-key-folder-unsafe',
      params: {
        file: path.join(secrets, KEY_FILE),
        unsafe: { code: 'parent-writable', params: { folder: secrets, mode: '777' } },
      },
    });
  });

  it.skipIf(!asRoot)('a folder of another user’s on the way, or a key file of theirs: refused, named', async () => {
    const home = tempDir('ias-approval-key-');
    const secrets = path.join(home, 'secrets');
    const file = path.join(secrets, KEY_FILE);
    const key = await openedOnce(home);

    fs.chownSync(secrets, OTHER_UID, OTHER_UID);
    const err = await refusal(home);
    expect(err.messageCode).toEqual({
      code: 'approval-key-folder-unsafe',
      params: { file, unsafe: { code: 'parent-other-owner', params: { folder: secrets, uid: OTHER_UID } } },
    });
    expect(err.message).toBe(
      `iAs did not start: its approval key file, ${file}, is in the folder ${secrets}, which belongs to another user (uid ${OTHER_UID}), who could swap it for a key they know and work out with it the codes iAs sends for approval. Keep iAs's data folder in folders of your own (or set IAS_HOME, or --home, to one).`,
    );
    fs.chownSync(secrets, 0, 0);

    fs.chownSync(file, OTHER_UID, OTHER_UID);
    const notOwn = await refusal(home);
    expect(notOwn.messageCode).toEqual({ code: 'approval-key-file-not-own', params: { file, uid: OTHER_UID } });
    expect(notOwn.message).toBe(
      `iAs did not start: its approval key file, ${file}, belongs to another user (uid ${OTHER_UID}), who may have put a key they know in it. Remove it: iAs then makes a key of your own (codes sent before then no longer approve).`,
    );
    expect(fs.readFileSync(file).equals(key)).toBe(true);
    // Removed, as the refusal says: a key of this user's takes its place.
    fs.rmSync(file);
    expect((await openedOnce(home)).equals(key)).toBe(false);
    expect(fs.lstatSync(file).uid).toBe(process.getuid!());
  });
});
