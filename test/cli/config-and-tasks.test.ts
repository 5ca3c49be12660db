import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { OTHER_UID } from '../helpers/marking-skill.js';
import { CTRL_C, iasOnTerminal } from '../helpers/terminal.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

function home() {
  const dir = tempDir('ias-home-');
  const system = path.join(dir, 'system');
  fs.mkdirSync(system);
  writeSkill(
    system,
    'mailer',
    `---
description: Sends mail.
risk: high
config:
  - name: SMTP_HOST
    description: the mail server
    required: true
  - name: PASSWORD
    description: the account's password
    secret: true
    required: true
---

## Execute

\`\`\`bash
echo "$SMTP_HOST"
\`\`\`
`,
  );
  return { dir, args: ['--home', dir, '--system-skills', system] };
}

const CHINESE = { LANG: 'zh_CN.UTF-8' };

type Listed = { name: string; enabled: boolean; effectiveRisk: string; reviewed: boolean };
const listed = (args: string[], name: string) =>
  (JSON.parse(ias(['skills', 'list', '--json', ...args]).stdout) as Listed[]).find((s) => s.name === name)!;

/** `ias skills enable` / `disable`: the skills manager's switch; switching on never reviews nor lowers a risk. */
describe('ias skills enable / disable', () => {
  it('switches a skill as the skills manager does, and skills config says how to switch one on', () => {
    const h = home();
    const off = ias(['skills', 'disable', 'mailer', ...h.args]);
    expect(off).toMatchObject({ status: 0, stdout: 'mailer is now off.\n' });
    expect(listed(h.args, 'mailer').enabled).toBe(false);
    expect(ias(['skills', 'disable', 'mailer', ...h.args]).stdout).toBe('mailer is already off.\n');

    const config = ias(['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.com', 'PASSWORD=-', ...h.args], {}, 'pw');
    expect(config.stdout).toContain(
      'Saved. mailer has what it needs.\nIt is switched off: `ias skills enable mailer` switches it on.\n',
    );

    const on = ias(['skills', 'enable', 'mailer', ...h.args]);
    expect(on).toMatchObject({ status: 0, stdout: 'mailer is now on.\n' });
    expect(listed(h.args, 'mailer').enabled).toBe(true);
    expect(ias(['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.org', ...h.args]).stdout).not.toContain(
      'switched off',
    );
    expect(JSON.parse(ias(['skills', 'enable', 'mailer', '--json', ...h.args]).stdout)).toEqual({
      name: 'mailer',
      enabled: true,
      risk: 'high',
      effectiveRisk: 'high',
      reviewed: true,
      needsConfig: [],
    });
  });

  it('switching on an unreviewed skill leaves it high risk and says so, in 简体中文 too; an unknown name is exit 2', () => {
    const h = home();
    writeSkill(path.join(h.dir, 'skills'), 'greeter', scriptSkill({ risk: 'Low', script: 'echo hi' }));
    ias(['skills', 'disable', 'greeter', ...h.args]);
    const on = ias(['skills', 'enable', 'greeter', ...h.args]);
    expect(on.stdout).toBe(
      'greeter is now on.\nnote: it runs as high risk (each call needs your approval) until you review it: `ias skills review greeter`\n',
    );
    expect(listed(h.args, 'greeter')).toMatchObject({ enabled: true, reviewed: false, effectiveRisk: 'high' });

    ias(['skills', 'disable', 'mailer', ...h.args]);
    const chinese = ias(['skills', 'enable', 'mailer', ...h.args], CHINESE);
    expect(chinese.stdout).toBe(
      'mailer 现已启用状态。\n提示：它需要先完成设置才能工作：`ias skills config mailer` 会列出需要设置的项\n',
    );

    const unknown = ias(['skills', 'enable', 'nope', ...h.args]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('error: unknown skill "nope"');
    expect(ias(['skills', 'disable', 'nope', ...h.args], CHINESE).stderr).toContain('错误：没有名为“nope”的技能');
  });
});

describe('ias skills config', () => {
  it('shows what is missing, sets plain values and secrets (piped to stdin), never prints a secret', () => {
    const h = home();
    const before = ias(['skills', 'config', 'mailer', '--json', ...h.args]);
    expect(before.status).toBe(0);
    expect(JSON.parse(before.stdout).needsConfig).toEqual(['SMTP_HOST', 'PASSWORD']);

    const set = ias(
      ['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.com', 'PASSWORD=-', ...h.args],
      {},
      'hunter2\n',
    );
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('smtp.example.com');
    expect(set.stdout).toContain('(secret, set)');
    expect(set.stdout).toContain('Saved. mailer has what it needs.');
    expect(set.stdout).not.toContain('hunter2');
    expect(fs.readFileSync(path.join(h.dir, 'secrets', 'skill-config.mailer.PASSWORD'), 'utf8')).toBe('hunter2');

    const json = JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout);
    expect(json.needsConfig).toEqual([]);
    expect(JSON.stringify(json)).not.toContain('hunter2');

    const cleared = ias(['skills', 'config', 'mailer', 'PASSWORD=', ...h.args]);
    expect(cleared.stdout).toContain('Still to set: PASSWORD');
  });

  it("a secret the desktop app sealed with the keychain is said as such, not as 'not set'", () => {
    const h = home();
    const secrets = path.join(h.dir, 'secrets');
    fs.mkdirSync(secrets, { mode: 0o700 });
    // As the app stores it: Electron's safeStorage output (v10 + ciphertext), beside the plain files.
    const sealed = path.join(secrets, 'skill-config.mailer.PASSWORD.sealed');
    fs.writeFileSync(sealed, Buffer.from([0x76, 0x31, 0x30, 0x01, 0x02, 0x03]), { mode: 0o600 });

    const shown = ias(['skills', 'config', 'mailer', ...h.args]);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain(
      '(secret, set in the desktop app, sealed with the OS keychain: `ias` cannot read it)',
    );
    expect(shown.stdout).not.toContain('(secret, not set)');
    expect(shown.stdout).toContain(
      "note: PASSWORD is set in the desktop app, sealed with the OS keychain, which `ias` cannot read: the app's runs of mailer use it; runs started from `ias` go without.",
    );
    expect(shown.stdout).toContain('Still to set for runs from `ias`: SMTP_HOST; PASSWORD');
    const json = JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout);
    expect(json.settings.find((f: { name: string }) => f.name === 'PASSWORD')).toMatchObject({
      set: false,
      sealedByApp: true,
      appUsesSealed: true,
    });

    // Set here too: the file is newer, and both use it; once the app seals a newer copy, that is said.
    ias(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args], {}, 'hunter2\n');
    expect(ias(['skills', 'config', 'mailer', ...h.args]).stdout).toMatch(/PASSWORD +\(secret, set\) /);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(sealed, later, later);
    expect(ias(['skills', 'config', 'mailer', ...h.args]).stdout).toContain(
      '(secret, set; the desktop app uses a newer copy it sealed with the OS keychain)',
    );
    // Clearing it here clears the app's copy too.
    expect(ias(['skills', 'config', 'mailer', 'PASSWORD=', ...h.args]).stdout).toContain('(secret, not set)');
    expect(fs.existsSync(sealed)).toBe(false);
  });

  it('refuses a value longer than a setting holds (exit 2, in the owner language), nothing saved', () => {
    const h = home();
    const long = `SMTP_HOST=${'x'.repeat(10_001)}`;
    const english = ias(['skills', 'config', 'mailer', long, ...h.args]);
    expect(english.status).toBe(2);
    expect(english.stderr).toBe(
      'error: The value of SMTP_HOST is too long: a setting holds at most 10,000 characters. Nothing was saved.\n',
    );
    const chinese = ias(['skills', 'config', 'mailer', long, ...h.args], CHINESE);
    expect(chinese.status).toBe(2);
    expect(chinese.stderr).toBe('错误：SMTP_HOST 的值太长：一个设置最多 10,000 个字符。什么也没有保存。\n');
    const piped = ias(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args], CHINESE, `${'y'.repeat(10_001)}\n`);
    expect(piped.status).toBe(2);
    expect(piped.stderr).toContain('PASSWORD 的值太长');
    expect(JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout).needsConfig).toEqual([
      'SMTP_HOST',
      'PASSWORD',
    ]);
    // As long as that is taken.
    expect(ias(['skills', 'config', 'mailer', `SMTP_HOST=${'x'.repeat(10_000)}`, ...h.args]).status).toBe(0);
  });

  it('refuses a secret given on the command line (exit 2, in the owner language), before saving anything', () => {
    const h = home();
    const inline = ias(['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.com', 'PASSWORD=hunter2', ...h.args]);
    expect(inline.status).toBe(2);
    expect(inline.stderr).toContain(
      'error: PASSWORD is a secret, never taken from the command line, where `ps` and your shell history show it: ' +
        'run `ias skills config mailer PASSWORD=-`, which asks for it on a terminal without showing it',
    );
    expect(inline.stdout).toBe('');
    expect(fs.existsSync(path.join(h.dir, 'secrets', 'skill-config.mailer.PASSWORD'))).toBe(false);
    // Nothing of the command was saved, the setting that is not secret neither.
    expect(JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout).needsConfig).toEqual([
      'SMTP_HOST',
      'PASSWORD',
    ]);

    const chinese = ias(['skills', 'config', 'mailer', 'PASSWORD=hunter2', ...h.args], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(2);
    expect(chinese.stderr).toContain('错误：PASSWORD 是机密设置，从不通过命令行参数传入');
    expect(chinese.stderr).toContain('`ias skills config mailer PASSWORD=-`');
  });

  it.skipIf(process.platform === 'win32')(
    'a secret behind a folder others can write to: ias does not start (its approval key is there too), nothing saved',
    () => {
      const h = home();
      expect(ias(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args], {}, 'hunter2\n').status).toBe(0);
      const file = path.join(h.dir, 'secrets', 'skill-config.mailer.PASSWORD');
      const keyFile = path.join(h.dir, 'secrets', 'approval-hmac.key');
      fs.chmodSync(h.dir, 0o777);
      try {
        const refusal = `error: iAs did not start: its approval key file, ${keyFile}, is in the folder ${h.dir}, which other users can change (mode 777)`;
        const shown = ias(['skills', 'config', 'mailer', ...h.args]);
        expect(shown.status).toBe(1);
        expect(shown.stdout).toBe('');
        expect(shown.stderr).toContain(refusal);
        expect(shown.stderr).toContain(`Make it writable by you alone with \`chmod go-w ${h.dir}\`.`);
        const set = ias(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args], {}, 'new\n');
        expect(set.status).toBe(1);
        expect(set.stderr).toContain(refusal);
        expect(fs.readFileSync(file, 'utf8')).toBe('hunter2');
      } finally {
        fs.chmodSync(h.dir, 0o700);
      }
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    'a secret in a file of another user’s: shown as not used and why, in the owner language; set again, a file of yours',
    () => {
      const h = home();
      expect(ias(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args], {}, 'hunter2\n').status).toBe(0);
      const file = path.join(h.dir, 'secrets', 'skill-config.mailer.PASSWORD');
      fs.chownSync(file, OTHER_UID, OTHER_UID);

      const shown = ias(['skills', 'config', 'mailer', ...h.args]);
      expect(shown.status).toBe(0);
      expect(shown.stdout).toMatch(/PASSWORD +\(secret, set, not used: see below\) /);
      expect(shown.stdout).toContain(
        `PASSWORD: mailer's secret setting PASSWORD is kept in ${file}, which belongs to another user (uid ${OTHER_UID})`,
      );
      expect(shown.stdout).toContain('Still to set: SMTP_HOST; PASSWORD');
      expect(shown.stdout).not.toContain('hunter2');
      expect(JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout).needsConfig).toEqual([
        'SMTP_HOST',
        'PASSWORD',
      ]);
      const chinese = ias(['skills', 'config', 'mailer', ...h.args], { LANG: 'zh_CN.UTF-8' });
      expect(chinese.stdout).toContain('（机密，已设置，未使用：见下文）');
      expect(chinese.stdout).toContain(`该文件属于另一个用户（uid ${OTHER_UID}），他可能在里面放了自己的值`);

      expect(ias(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args], {}, 'mine\n').status).toBe(0);
      expect(fs.lstatSync(file).uid).toBe(process.getuid!());
      expect(fs.readFileSync(file, 'utf8')).toBe('mine');
    },
  );

  it('asks for a secret unseen on a terminal (KEY=-), and Ctrl-C saves nothing', async () => {
    const h = home();
    const term = iasOnTerminal(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args]);
    await term.waitFor('PASSWORD (not shown as you type): ');
    term.type('hunter2\r');
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('(secret, set)');
    expect(term.screen()).not.toContain('hunter2');
    const file = path.join(h.dir, 'secrets', 'skill-config.mailer.PASSWORD');
    expect(fs.readFileSync(file, 'utf8')).toBe('hunter2');

    const cancelled = iasOnTerminal(['skills', 'config', 'mailer', 'PASSWORD=-', ...h.args]);
    await cancelled.waitFor('PASSWORD (not shown as you type): ');
    cancelled.type(`other${CTRL_C}`);
    expect(await cancelled.exited).toBe(130);
    expect(cancelled.screen()).toContain('Cancelled; nothing was saved.');
    expect(fs.readFileSync(file, 'utf8')).toBe('hunter2');
  }, 60_000);

  it('refuses a setting the skill does not declare, and a malformed assignment', () => {
    const h = home();
    const bad = ias(['skills', 'config', 'mailer', 'TOKEN=x', ...h.args]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('mailer has no setting TOKEN; its settings are SMTP_HOST and PASSWORD');
    expect(ias(['skills', 'config', 'mailer', 'SMTP_HOST', ...h.args]).stderr).toContain('is not KEY=VALUE');
  });

  it('refuses KEY=- when nothing comes on stdin, keeping what was saved (KEY= clears)', () => {
    const h = home();
    const config = (args: string[], input: string, env: Record<string, string> = {}) =>
      ias(['skills', 'config', 'mailer', ...args, ...h.args], env, input);
    expect(config(['SMTP_HOST=smtp.example.com', 'PASSWORD=-'], 'hunter2\n').status).toBe(0);
    for (const input of ['', '\n']) {
      const secret = config(['PASSWORD=-'], input);
      expect(secret.status).toBe(2);
      expect(secret.stdout).toBe('');
      expect(secret.stderr).toBe('error: no value came for PASSWORD; nothing was saved (`PASSWORD=` clears it)\n');
      const plain = config(['SMTP_HOST=-'], input, { LANG: 'zh_CN.UTF-8' });
      expect(plain.status).toBe(2);
      expect(plain.stderr).toBe('错误：没有收到 SMTP_HOST 的值；什么也没有保存（要清除它，请用 `SMTP_HOST=`）\n');
    }
    expect(JSON.parse(config(['--json'], '').stdout)).toMatchObject({
      settings: [
        { name: 'SMTP_HOST', set: true },
        { name: 'PASSWORD', set: true },
      ],
    });
  });

  it('says its usage errors in the owner’s language, and saves nothing', () => {
    const h = home();
    const said = (args: string[], env: Record<string, string> = {}) => {
      const run = ias(['skills', 'config', ...args, ...h.args], env, 'x\n');
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      return run.stderr;
    };
    const chinese = { LANG: 'zh_CN.UTF-8' };
    expect(said(['mailr'])).toBe('error: unknown skill "mailr" (did you mean "mailer"?); see `ias skills list`\n');
    expect(said(['mailr'], chinese)).toBe(
      '错误：没有名为“mailr”的技能（是不是“mailer”？）；请查看 `ias skills list`\n',
    );
    expect(said(['mailer', 'SMTP_HOST'])).toBe(
      'error: "SMTP_HOST" is not KEY=VALUE (KEY= clears a setting, KEY=- reads it from stdin)\n',
    );
    expect(said(['mailer', 'SMTP_HOST'], chinese)).toBe(
      '错误：“SMTP_HOST”不是 KEY=VALUE 的形式（KEY= 清除一项设置，KEY=- 从标准输入读取它）\n',
    );
    expect(said(['mailer', 'SMTP_HOST=-', 'PASSWORD=-'])).toBe('error: only one setting can be read from stdin\n');
    expect(said(['mailer', 'SMTP_HOST=-', 'PASSWORD=-'], chinese)).toBe('错误：只能有一项设置从标准输入读取\n');
    expect(said(['mailer', 'TOKEN=x', 'USER=-'])).toBe(
      'error: mailer has no setting TOKEN or USER; its settings are SMTP_HOST and PASSWORD\n',
    );
    expect(said(['mailer', 'TOKEN=x', 'USER=-'], chinese)).toBe(
      '错误：mailer 没有设置 TOKEN、USER；它的设置有 SMTP_HOST、PASSWORD\n',
    );
    expect(JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout)).toMatchObject({
      settings: [
        { name: 'SMTP_HOST', set: false },
        { name: 'PASSWORD', set: false },
      ],
    });
  });

  it('says its table, notes and outcome in the owner’s language', () => {
    const h = home();
    const chinese = { LANG: 'zh_CN.UTF-8' };
    const shown = ias(['skills', 'config', 'mailer', ...h.args], chinese);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/设置项 +值 +是否必填 +说明\n/);
    expect(shown.stdout).toMatch(/SMTP_HOST +（未设置） +必填 +the mail server\n/);
    expect(shown.stdout).toMatch(/PASSWORD +（机密，未设置） +必填 +the account's password\n/);
    expect(shown.stdout).toContain('还需设置：SMTP_HOST；PASSWORD\n');
    expect(shown.stdout).not.toMatch(/SETTING|not set|required|Still to set/);

    const set = ias(
      ['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.com', 'PASSWORD=-', ...h.args],
      chinese,
      'x\n',
    );
    expect(set.status).toBe(0);
    expect(set.stdout).toMatch(/PASSWORD +（机密，已设置） +必填 /);
    expect(set.stdout).toContain('已保存。 mailer 所需的设置已齐全。\n');

    // A secret the desktop app alone holds (as Electron's safeStorage writes it), and a skill without settings.
    const secrets = path.join(h.dir, 'secrets');
    fs.writeFileSync(
      path.join(secrets, 'skill-config.mailer.PASSWORD.sealed'),
      Buffer.from([0x76, 0x31, 0x30, 0x01, 0x02, 0x03]),
      {
        mode: 0o600,
      },
    );
    fs.rmSync(path.join(secrets, 'skill-config.mailer.PASSWORD'));
    const sealed = ias(['skills', 'config', 'mailer', ...h.args], chinese).stdout;
    expect(sealed).toContain('（机密，已在桌面应用中设置，用系统钥匙串加密保存：`ias` 无法读取）');
    expect(sealed).toContain('注意：PASSWORD 已在桌面应用中设置，并用系统钥匙串加密保存，`ias` 无法读取');
    expect(sealed).toContain('从 `ias` 启动的运行还需设置：PASSWORD\n');
    writeSkill(path.join(h.dir, 'system'), 'plain', scriptSkill({ script: 'echo fine' }));
    expect(ias(['skills', 'config', 'plain', ...h.args], chinese).stdout).toBe('plain 没有设置项。\n');
    expect(ias(['skills', 'config', 'plain', ...h.args]).stdout).toBe('plain has no settings.\n');
  });

  it('says a group of alternatives still to set in the owner’s language; --json keeps it in English', () => {
    const h = home();
    writeSkill(
      path.join(h.dir, 'system'),
      'login',
      `---
description: Logs in.
risk: low
config:
  - name: HOST
    description: the server
    required: true
  - name: USER
    description: a user name
    required: account
  - name: TOKEN
    description: a token
    required: account
  - name: MIRROR
    description: a mirror
    required: source
  - name: CACHE
    description: a cache
    required: source
  - name: OFFLINE
    description: an offline copy
    required: source
---

## Execute

\`\`\`bash
echo "$HOST"
\`\`\`
`,
    );
    const english = ias(['skills', 'config', 'login', ...h.args]);
    expect(english.stdout).toContain('Still to set: HOST; USER or TOKEN; MIRROR, CACHE or OFFLINE\n');
    const chinese = ias(['skills', 'config', 'login', ...h.args], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.stdout).toContain('还需设置：HOST；USER 或 TOKEN；MIRROR、CACHE 或 OFFLINE\n');
    expect(chinese.stdout).toMatch(/USER +（未设置） +“account”中必填其一 +a user name\n/);
    expect(chinese.stdout).not.toMatch(/ or /);
    for (const env of [{}, { LANG: 'zh_CN.UTF-8' }] as Record<string, string>[]) {
      expect(JSON.parse(ias(['skills', 'config', 'login', '--json', ...h.args], env).stdout).needsConfig).toEqual([
        'HOST',
        'USER or TOKEN',
        'MIRROR, CACHE or OFFLINE',
      ]);
    }
    const listed = JSON.parse(ias(['skills', 'list', '--json', ...h.args], { LANG: 'zh_CN.UTF-8' }).stdout);
    expect(listed.find((s: { name: string }) => s.name === 'login').needsConfig).toEqual([
      'HOST',
      'USER or TOKEN',
      'MIRROR, CACHE or OFFLINE',
    ]);
  });
});

describe('ias tasks', () => {
  it('lists, pauses, resumes and deletes scheduled tasks', () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    store.tasks.insert({
      id: 'abc12345',
      name: 'Morning weather',
      cron: '0 8 * * *',
      runAt: null,
      prompt: 'Tell me the weather',
      allowlist: ['get_current_datetime'],
      enabled: true,
      nextRunAt: Date.now() + 3600_000,
      timeZone: 'Asia/Shanghai',
      createdBy: 'test',
      createdAt: Date.now(),
    });
    store.close();

    // The task's zone is named: it is not the computer's, which the owner's follows.
    const list = ias(['tasks', ...h.args], { TZ: 'UTC' });
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/abc12345\s+Morning weather\s+Every day at 8:00 AM \(0 8 \* \* \*, Asia\/Shanghai\)/);
    expect(ias(['tasks', 'pause', 'abc12345', ...h.args]).stdout).toBe('Paused Morning weather (abc12345).\n');
    expect(JSON.parse(ias(['tasks', 'list', '--json', ...h.args]).stdout)[0]).toMatchObject({ enabled: false });
    expect(ias(['tasks', 'resume', 'abc12345', ...h.args]).status).toBe(0);
    expect(JSON.parse(ias(['tasks', 'list', '--json', ...h.args]).stdout)[0]).toMatchObject({ enabled: true });
    expect(ias(['tasks', 'delete', 'abc12345', ...h.args]).status).toBe(0);
    expect(ias(['tasks', ...h.args]).stdout).toContain('No scheduled tasks.');
    const missing = ias(['tasks', 'delete', 'abc12345', ...h.args]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('there is no scheduled task "abc12345"');
  });
});
