/**
 * A skill's secret settings are guarded as the API key is: the folders on the way to the file that
 * holds one are checked by the secure_path rule (src/core/safe-parents.ts) when it is read and when
 * it is written, and a file of another user's, or one others can read, is not read. Such a secret
 * is set but not used: the skill's settings say why (in English and 简体中文), a call of the skill
 * is refused with that text (coded call-secret-refused in the audit), and saving is refused
 * (skill-secret-not-saved), writing nothing. Real folders, modes and owners; what only root can set
 * up (another user's file) runs as root, as in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSecretName } from '../../../src/core/skills/skill-config.js';
import { sayApiError, type ApiErrorCode } from '../../../src/shared/api-errors.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { englishCallErrors, sayCallError } from '../../../src/shared/call-errors.js';
import { chineseCallErrors } from '../../../src/shared/call-errors-zh-CN.js';
import { saySkillSecret } from '../../../src/shared/skill-secrets.js';
import { chineseSkillSecrets } from '../../../src/shared/skill-secrets-zh-CN.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { OTHER_UID } from '../../helpers/marking-skill.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

const asRoot = process.getuid?.() === 0;

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const WEATHER = `---\nrisk: low\nconfig:\n  - name: WEATHER_KEY\n    secret: true\n    required: true\n  - name: WEATHER_CITY\n---\n${scriptSkill(
  // Which key the run got, by its end alone (a secret the skill answers is hidden: see hide-secrets.ts).
  { script: 'echo "key=${WEATHER_KEY#sk-SECRET-}"' },
).replace(/## Risk Level\n\nLow\n\n/, '')}`;

/** A world with a user skill `weather` whose secret WEATHER_KEY is saved; its file. */
async function savedSecretWorld() {
  w = await apiWorld();
  const { runtime, core } = w;
  writeSkill(runtime.paths.userSkills, 'weather', WEATHER);
  runtime.registry.reload('user', ['weather']);
  await core.api.setSkillConfig('weather', { WEATHER_KEY: 'sk-SECRET-own' });
  const file = path.join(runtime.paths.secrets, configSecretName('weather', 'WEATHER_KEY'));
  const weather = async () => (await core.api.listSkills()).skills.find((s) => s.name === 'weather')!;
  const key = async () => (await weather()).config.find((f) => f.name === 'WEATHER_KEY')!;
  const call = () => runtime.caller.call({ name: 'weather', params: {}, source: 'cli', ownerAtTerminal: true });
  return { runtime, api: core.api, file, weather, key, call };
}

describe.skipIf(process.platform === 'win32')('the folders on the way to a skill’s secret setting', () => {
  it('a folder others can write to: the secret is set but not used, nor saved, until the folder is closed', async () => {
    const { runtime, api, file, weather, key, call } = await savedSecretWorld();
    expect((await call()).result).toMatchObject({ success: true, data: 'key=own' });
    const home = runtime.paths.home;
    fs.chmodSync(home, 0o775);

    // Settings: set, not used, and why.
    const field = await key();
    const unsafe = { code: 'parent-writable', params: { folder: home, mode: '775' } };
    const message = `weather's secret setting WEATHER_KEY is kept in ${file}, and the folder ${home} on the way to it can be changed by other users (mode 775), who could swap it for a value of theirs, so iAs neither uses nor saves WEATHER_KEY there. Make it writable by you alone with \`chmod go-w ${home}\`, then set WEATHER_KEY again.`;
    expect(field).toMatchObject({
      set: true,
      refused: {
        message,
        messageCode: {
          code: 'skill-secret-folder-unsafe',
          params: { skill: 'weather', setting: 'WEATHER_KEY', file, unsafe },
        },
      },
    });
    expect(saySkillSecret(chineseSkillSecrets, message, field.refused!.messageCode)).toBe(
      `weather 的机密设置 WEATHER_KEY 保存在 ${file}，其路径上的文件夹 ${home} 可被其他用户修改（权限 775），他们可能把它换成自己的值，因此 iAs 不会在那里使用或保存 WEATHER_KEY。请用 \`chmod go-w ${home}\` 让它只有你能写入，然后重新设置 WEATHER_KEY。`,
    );
    expect((await weather()).needsConfig).toEqual([['WEATHER_KEY']]);
    expect(JSON.stringify(await weather())).not.toContain('SECRET');

    // A call: refused with that text, run nothing; its audit row is coded.
    const outcome = await call();
    expect(outcome).toMatchObject({ status: 'error', result: { success: false, error: message } });
    const row = runtime.store.audit.query({ skill: 'weather' }).rows[0]!;
    expect(row).toMatchObject({ status: 'failed', error: message, errorCode: { code: 'call-secret-refused' } });
    expect(sayCallError(englishCallErrors, row.error!, row.errorCode)).toBe(message);
    expect(sayCallError(chineseCallErrors, row.error!, row.errorCode)).toBe(
      '未执行：该技能的一项机密设置保存在其他用户能修改或读取的位置；技能的设置中写明了是哪一项以及如何修复。',
    );

    // Saving is refused: no secret written (nor a temp file left), nor the plain setting beside it.
    const refused = (await api
      .setSkillConfig('weather', { WEATHER_KEY: 'sk-SECRET-new', WEATHER_CITY: 'Hangzhou' })
      .catch((e: unknown) => e)) as { message: string; messageCode: ApiErrorCode };
    expect(refused.messageCode).toEqual({
      code: 'skill-secret-not-saved',
      params: { message, messageCode: field.refused!.messageCode },
    });
    expect(refused.message).toBe(`The settings were not saved. ${message}`);
    expect(sayApiError(chineseApiErrors, refused.message, refused.messageCode)).toMatch(
      /^设置没有保存。weather 的机密设置 WEATHER_KEY 保存在 /,
    );
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith(path.basename(file)))).toEqual([
      path.basename(file),
    ]);
    expect(fs.readFileSync(file, 'utf8')).toBe('sk-SECRET-own');
    expect((await weather()).config.find((f) => f.name === 'WEATHER_CITY')!.set).toBe(false);

    // Closed to others again: used, and saved.
    fs.chmodSync(home, 0o755);
    expect((await key()).refused).toBeUndefined();
    await api.setSkillConfig('weather', { WEATHER_KEY: 'sk-SECRET-new' });
    expect((await call()).result).toMatchObject({ success: true, data: 'key=new' });
  });

  it('refused after the owner approved the call: the approved run runs nothing, and says why', async () => {
    const { runtime, api, file } = await savedSecretWorld();
    // Unreviewed, the user skill runs as High: a call from a chat waits for the owner.
    const call = runtime.caller.call({ name: 'weather', params: {}, source: 'chat' });
    await w!.desktop.nextSent(/weather/);
    fs.chmodSync(runtime.paths.home, 0o775);
    const [pending] = await api.listApprovals();
    expect(await api.decideApproval(pending!.id, true)).toBe(true);
    const outcome = await call;
    expect(outcome.status).toBe('error');
    expect(outcome.result.error).toContain(`weather's secret setting WEATHER_KEY is kept in ${file}, and the folder`);
    expect(runtime.store.audit.query({ skill: 'weather' }).rows[0]).toMatchObject({
      status: 'failed',
      approvalOutcome: 'approved',
      errorCode: { code: 'call-secret-refused' },
    });
    expect((await api.listApprovals()).find((a) => a.id === pending!.id)?.status).toBe('done');
  });

  it('a secret’s file others can read: not used, said with how to make it private', async () => {
    const { file, key, call } = await savedSecretWorld();
    fs.chmodSync(file, 0o644);
    const field = await key();
    expect(field.refused?.messageCode).toEqual({
      code: 'skill-secret-file-open',
      params: { skill: 'weather', setting: 'WEATHER_KEY', file, mode: '644' },
    });
    expect(field.refused?.message).toContain(`which other users can read (mode 644), so iAs does not use it.`);
    expect((await call()).result.error).toBe(field.refused?.message);
  });

  it.skipIf(!asRoot)('a folder of another user’s on the way, or a secret’s file of theirs: not used', async () => {
    const { runtime, api, file, key, call } = await savedSecretWorld();
    const secrets = runtime.paths.secrets;
    fs.chownSync(secrets, OTHER_UID, OTHER_UID);
    expect((await key()).refused?.messageCode).toEqual({
      code: 'skill-secret-folder-unsafe',
      params: {
        skill: 'weather',
        setting: 'WEATHER_KEY',
        file,
        unsafe: { code: 'parent-other-owner', params: { folder: secrets, uid: OTHER_UID } },
      },
    });
    fs.chownSync(secrets, 0, 0);

    fs.chownSync(file, OTHER_UID, OTHER_UID);
    const field = await key();
    expect(field.refused?.message).toBe(
      `weather's secret setting WEATHER_KEY is kept in ${file}, which belongs to another user (uid ${OTHER_UID}), who may have put a value of theirs in it, so iAs does not use it. Set WEATHER_KEY again: iAs then puts a file of your own in its place.`,
    );
    expect(saySkillSecret(chineseSkillSecrets, field.refused!.message, field.refused!.messageCode)).toContain(
      `该文件属于另一个用户（uid ${OTHER_UID}），他可能在里面放了自己的值`,
    );
    expect((await call()).result.error).toBe(field.refused!.message);
    // Setting it again puts a file of ours in its place.
    await api.setSkillConfig('weather', { WEATHER_KEY: 'sk-SECRET-mine' });
    expect(fs.lstatSync(file).uid).toBe(process.getuid!());
    expect((await call()).result).toMatchObject({ success: true, data: 'key=mine' });
  });
});
