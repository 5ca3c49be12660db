/**
 * A skill's own words in `ias skills list` and `ias skills config NAME` in the owner's language,
 * as the Skills page shows them: the description and the settings' descriptions a skill gives under
 * `locales: zh-CN` when the command speaks 简体中文 (the system's language, or the `language`
 * setting over it), the English field by field where it gives none; the columns still line up by
 * terminal columns; `--json` the same in either language.
 */
import fs from 'node:fs';
import path from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../src/core/owner-locale.js';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { dictionarySkill, scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

const CHINESE = { LANG: 'zh_CN.UTF-8' };

/**
 * A data folder with the skills shipped with iAs as its system skills, and as the owner's: the
 * dictionary skill (title, description and DICT_API_KEY's in 简体中文), one giving only its title
 * in 简体中文, and one giving none.
 */
function home() {
  const dir = tempDir('ias-home-');
  const user = path.join(dir, 'skills');
  fs.mkdirSync(user);
  writeSkill(user, 'lookup', dictionarySkill());
  writeSkill(user, 'titled', dictionarySkill('locales:\n  zh-CN:\n    title: 只有标题\n'));
  writeSkill(user, 'plain', scriptSkill({ script: 'echo', description: 'Says nothing in Chinese.' }));
  return { dir, args: ['--home', dir, '--system-skills', path.resolve('resources/skills')] };
}

/** Sets the `language` setting, as the app's Settings does. */
function chooseLanguage(dir: string, language: 'en' | 'zh-CN') {
  const store = openStore(path.join(dir, 'ias.db'));
  store.settings.set(APP_SETTINGS, { language });
  store.close();
}

/** The table's lines, each as its last cell (the description) and the terminal columns before it. */
const lastColumn = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => {
      const description = line.split(/ {2,}/).at(-1)!;
      return { description, at: stringWidth(line) - stringWidth(description), width: stringWidth(line) };
    });

/** The description of `name`'s row of `ias skills list`. */
const described = (stdout: string, name: string) =>
  lastColumn(stdout.split('\n').find((line) => line.startsWith(`${name} `)) ?? '')[0]!.description;

describe('ias skills list', () => {
  it('shows the descriptions a skill gives in 简体中文 under a Chinese system, else the English, in columns lined up', () => {
    const h = home();
    const run = ias(['skills', 'list', ...h.args], CHINESE);
    expect(run.status).toBe(0);
    expect(described(run.stdout, 'lookup')).toBe('在你的词典服务里查一个词。');
    // Field by field: a title in 简体中文 does not stand for the description.
    expect(described(run.stdout, 'titled')).toMatch(/^Looks a word up in the owner's/);
    expect(described(run.stdout, 'plain')).toBe('Says nothing in Chinese.');
    // The shipped Email skill's; cut, as a long English one is, to the columns it may take.
    expect(described(run.stdout, 'email')).toMatch(/^从你的邮箱发送纯文本邮件（SMTP）.*…$/);
    const rows = lastColumn(run.stdout);
    expect(rows.length).toBeGreaterThan(8);
    // Every description starts at the same terminal column, the header's; no line is wider than 120.
    expect(new Set(rows.map((r) => r.at))).toEqual(new Set([rows[0]!.at]));
    expect(rows[0]!.description).toBe('描述');
    expect(Math.max(...rows.map((r) => r.width))).toBeLessThanOrEqual(120);
  });

  it('follows the language setting over the system’s, either way; --json is the same in both', () => {
    const h = home();
    chooseLanguage(h.dir, 'zh-CN');
    expect(described(ias(['skills', 'list', ...h.args]).stdout, 'lookup')).toBe('在你的词典服务里查一个词。');
    chooseLanguage(h.dir, 'en');
    const english = ias(['skills', 'list', ...h.args], CHINESE).stdout;
    expect(described(english, 'lookup')).toMatch(/^Looks a word up in the owner's/);
    expect(described(english, 'email')).toMatch(/^Send a plain-text email/);

    const json = (env: Record<string, string>) => ias(['skills', 'list', '--json', ...h.args], env).stdout;
    chooseLanguage(h.dir, 'zh-CN');
    const chinese = json({});
    expect(chinese).toBe(json(CHINESE));
    chooseLanguage(h.dir, 'en');
    expect(json({})).toBe(chinese);
    const lookup = (JSON.parse(chinese) as { name: string }[]).find((s) => s.name === 'lookup');
    expect(lookup).toMatchObject({
      title: 'Dictionary lookup',
      description: "Looks a word up in the owner's dictionary service.",
      locales: { 'zh-CN': { title: '查词典', description: '在你的词典服务里查一个词。' } },
    });
  });
});

describe('ias skills config NAME', () => {
  it('shows the settings’ descriptions a skill gives in 简体中文 under a Chinese system, else the English, in columns lined up', () => {
    const h = home();
    const run = ias(['skills', 'config', 'lookup', ...h.args], CHINESE);
    expect(run.status).toBe(0);
    const rows = lastColumn(run.stdout.split('\n还需设置')[0]!);
    expect(rows.map((r) => r.description)).toEqual(['说明', '词典服务的 API Key', "The service's address"]);
    expect(new Set(rows.map((r) => r.at))).toEqual(new Set([rows[0]!.at]));

    const email = ias(['skills', 'config', 'email', ...h.args], CHINESE);
    const emailRows = lastColumn(email.stdout.split('\n还需设置')[0]!);
    expect(emailRows.find((r) => r.description.startsWith('邮箱密码——'))).toBeDefined();
    expect(new Set(emailRows.map((r) => r.at))).toEqual(new Set([emailRows[0]!.at]));
  });

  it('follows the language setting over the system’s, either way; --json is the same in both', () => {
    const h = home();
    chooseLanguage(h.dir, 'zh-CN');
    const chinese = ias(['skills', 'config', 'lookup', ...h.args]).stdout;
    expect(chinese).toContain('词典服务的 API Key');
    chooseLanguage(h.dir, 'en');
    const english = ias(['skills', 'config', 'lookup', ...h.args], CHINESE).stdout;
    expect(lastColumn(english.split('\nStill to set')[0]!).map((r) => r.description)).toEqual([
      'DESCRIPTION',
      "The dictionary service's API key",
      "The service's address",
    ]);

    const json = (env: Record<string, string>) => ias(['skills', 'config', 'lookup', '--json', ...h.args], env).stdout;
    const inEnglish = json(CHINESE);
    chooseLanguage(h.dir, 'zh-CN');
    expect(json({})).toBe(inEnglish);
    expect(JSON.parse(inEnglish)).toMatchObject({
      settings: [
        {
          name: 'DICT_API_KEY',
          description: "The dictionary service's API key",
          locales: { 'zh-CN': { description: '词典服务的 API Key' } },
        },
        { name: 'DICT_URL', description: "The service's address" },
      ],
    });
  });
});
