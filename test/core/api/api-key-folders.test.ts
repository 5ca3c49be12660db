/**
 * The folders on the way to the saved API key's file, checked by the secure_path rule (see
 * src/core/safe-parents.ts) when the key is read and when it is written: another user who could
 * change one could swap the file for one holding a key of theirs, and the owner's chats would go
 * through their account. Such a key is a saved key that cannot be used, said by a code in English
 * and 简体中文 with the folder and how to mend it; saving is refused the same way and writes nothing.
 * A key file that is not this user's is not read either. Real folders, modes and owners; what only
 * root can set up (another user's file) runs as root, as in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/api-error.js';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { API_KEY_SECRET, PROVIDER_SETTING, saveProvider } from '../../../src/core/agent/providers.js';
import { SecretFolderUnsafeError } from '../../../src/core/approval/key-store.js';
import { sayApiError } from '../../../src/shared/api-errors.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { sayTurnLine } from '../../../src/shared/turn-messages.js';
import { chineseTurnMessages } from '../../../src/shared/turn-messages-zh-CN.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { OTHER_UID } from '../../helpers/marking-skill.js';

const asRoot = process.getuid?.() === 0;
const GOOD = 'http://127.0.0.1:11434/v1';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/** A world with a provider and key saved, its key file and the settings API without variables. */
async function savedKeyWorld() {
  w = await apiWorld();
  const { runtime } = w;
  saveProvider(runtime.store.settings, runtime.secrets, { baseUrl: GOOD, model: 'm', apiKey: 'sk-SECRET-own' });
  const secrets = runtime.paths.secrets;
  return { runtime, api: settingsApi(runtime, {}), secrets, file: path.join(secrets, API_KEY_SECRET) };
}

describe.skipIf(process.platform === 'win32')('the folders on the way to the saved API key', () => {
  it('a folder others can write to: the key is not used, nor saved there, until the folder is closed', async () => {
    const { runtime, api, secrets, file } = await savedKeyWorld();
    const home = path.dirname(secrets);
    fs.chmodSync(home, 0o775);

    const info = await api.getProvider();
    expect(info).toMatchObject({ effective: null, saved: { baseUrl: GOOD, model: 'm', hasKey: true } });
    const unsafe = { code: 'parent-writable', params: { folder: home, mode: '775' } };
    expect(info.unusable).toEqual({
      setting: 'api-key',
      from: 'settings',
      message: `The folder ${home}, on the way to the file that holds the API key (${file}), can be changed by other users (mode 775), who could swap it for a file holding a key of theirs, so iAs neither uses nor saves an API key there. Make it writable by you alone with \`chmod go-w ${home}\`, then save the key again.`,
      messageCode: { code: 'api-key-folder-unsafe', params: { file, unsafe } },
    });
    expect(JSON.stringify(info)).not.toContain('SECRET');
    expect(sayTurnLine(chineseTurnMessages, info.unusable!.message, info.unusable!.messageCode)).toBe(
      `保存 API 密钥的文件（${file}）所在路径上的文件夹 ${home} 可被其他用户修改（权限 775），他们可能把它换成存有自己密钥的文件，因此 iAs 不会在那里使用或保存 API 密钥。请用 \`chmod go-w ${home}\` 让它只有你能写入，然后重新保存密钥。`,
    );
    expect(await api.testProvider()).toMatchObject({ ok: false, messageCode: { code: 'api-key-folder-unsafe' } });
    // The store refuses it only when asked to guard it (the approval key is read as the runtime opens).
    expect(() => runtime.secrets.get(API_KEY_SECRET, { guarded: true })).toThrow(SecretFolderUnsafeError);

    // Saving is refused: no key written (nor a temp file left), the provider saved stays as it was.
    let refused: unknown;
    try {
      await api.saveProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'other', apiKey: 'sk-SECRET-new' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApiError);
    const error = refused as ApiError;
    expect(error.messageCode).toEqual({
      code: 'api-key-not-saved',
      params: { message: info.unusable!.message, messageCode: info.unusable!.messageCode },
    });
    expect(error.message).toBe(`The API key was not saved. ${info.unusable!.message}`);
    expect(sayApiError(chineseApiErrors, error.message, error.messageCode)).toMatch(
      /^API 密钥没有保存。保存 API 密钥的文件（.*）所在路径上的文件夹 .* 可被其他用户修改（权限 775）/,
    );
    await expect(api.saveProvider({ apiKey: 'sk-SECRET-new' })).rejects.toMatchObject({
      messageCode: { code: 'api-key-not-saved' },
    });
    expect(fs.readdirSync(secrets).filter((name) => name.startsWith(API_KEY_SECRET))).toEqual([API_KEY_SECRET]);
    expect(fs.readFileSync(file, 'utf8')).toBe('sk-SECRET-own');
    expect(runtime.store.settings.get(PROVIDER_SETTING)).toEqual({ baseUrl: GOOD, model: 'm' });

    // Closed to others again: the key is used, and can be saved.
    fs.chmodSync(home, 0o755);
    expect(await api.getProvider()).toMatchObject({ effective: { hasKey: true }, unusable: null });
    await api.saveProvider({ apiKey: 'sk-SECRET-new' });
    expect(fs.readFileSync(file, 'utf8')).toBe('sk-SECRET-new');
  });

  it('the key’s own folder open to others: named, and closed by saving the key again', async () => {
    const { api, secrets } = await savedKeyWorld();
    fs.chmodSync(secrets, 0o777);
    expect((await api.getProvider()).unusable?.messageCode).toMatchObject({
      code: 'api-key-folder-unsafe',
      params: { unsafe: { code: 'parent-writable', params: { folder: secrets, mode: '777' } } },
    });
    // The secrets folder is iAs's own: saving closes it to others (0700) before the key is written.
    await api.saveProvider({ apiKey: 'sk-SECRET-again' });
    expect(fs.statSync(secrets).mode & 0o777).toBe(0o700);
    expect(await api.getProvider()).toMatchObject({ effective: { hasKey: true }, unusable: null });
  });

  it.skipIf(!asRoot)(
    'a folder on the way that belongs to another user: named, with where to keep the data',
    async () => {
      const { api, secrets, file } = await savedKeyWorld();
      fs.chownSync(secrets, OTHER_UID, OTHER_UID);
      const unusable = (await api.getProvider()).unusable!;
      expect(unusable.messageCode).toEqual({
        code: 'api-key-folder-unsafe',
        params: { file, unsafe: { code: 'parent-other-owner', params: { folder: secrets, uid: OTHER_UID } } },
      });
      expect(unusable.message).toContain(`belongs to another user (uid ${OTHER_UID})`);
      expect(unusable.message).toContain('set IAS_HOME to one');
      expect(sayTurnLine(chineseTurnMessages, unusable.message, unusable.messageCode)).toContain(
        `文件夹 ${secrets} 属于另一个用户（uid ${OTHER_UID}），他可能把它换成存有自己密钥的文件`,
      );
      fs.chownSync(secrets, 0, 0);

      // The data folder, in the system's shared sticky temp folder, given to another user.
      const home = path.dirname(secrets);
      const shared = path.dirname(home);
      fs.chownSync(home, OTHER_UID, OTHER_UID);
      const sticky = (await api.getProvider()).unusable!;
      expect(sticky.messageCode).toEqual({
        code: 'api-key-folder-unsafe',
        params: {
          file,
          unsafe: { code: 'parent-sticky-entry-other', params: { folder: shared, entry: home, uid: OTHER_UID } },
        },
      });
      expect(sticky.message).toContain(`${home}, in the shared folder ${shared} on the way to the file`);
      expect(sayTurnLine(chineseTurnMessages, sticky.message, sticky.messageCode)).toContain(
        `所在路径上的共享文件夹 ${shared} 中的 ${home} 属于另一个用户（uid ${OTHER_UID}）`,
      );
    },
  );

  it.skipIf(!asRoot)(
    'a key file that belongs to another user is not read; saving the key again puts one of ours in its place',
    async () => {
      const { api, file } = await savedKeyWorld();
      fs.chownSync(file, OTHER_UID, OTHER_UID);
      const unusable = (await api.getProvider()).unusable!;
      expect(unusable).toMatchObject({
        setting: 'api-key',
        from: 'settings',
        messageCode: { code: 'api-key-file-not-own', params: { file, uid: OTHER_UID } },
      });
      expect(unusable.message).toBe(
        `The file that holds the saved API key, ${file}, belongs to another user (uid ${OTHER_UID}), who may have put a key of theirs in it, so iAs does not use it. Save your key again in the settings: iAs then puts a file of your own in its place.`,
      );
      expect(sayTurnLine(chineseTurnMessages, unusable.message, unusable.messageCode)).toBe(
        `保存 API 密钥的文件 ${file} 属于另一个用户（uid ${OTHER_UID}），他可能在里面放了自己的密钥，因此 iAs 不会使用它。请在设置中重新保存你的密钥：iAs 会用一个属于你的文件替换它。`,
      );
      await api.saveProvider({ apiKey: 'sk-SECRET-mine' });
      expect(fs.lstatSync(file).uid).toBe(process.getuid!());
      expect(await api.getProvider()).toMatchObject({ effective: { hasKey: true }, unusable: null });
    },
  );

  it('a link put in place of the key file is not followed', async () => {
    const { api, file } = await savedKeyWorld();
    const elsewhere = `${file}.elsewhere`;
    fs.renameSync(file, elsewhere);
    fs.symlinkSync(elsewhere, file);
    await expect(api.getProvider()).rejects.toThrow(`${file} is not a regular file`);
  });
});
