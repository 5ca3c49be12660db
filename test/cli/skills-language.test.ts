/**
 * `ias skills list` in the owner's language, as `ias skills check` is: the table's headers, risks,
 * sources, kinds and states, the SKILL.md problems and the notes after it; `--json` the same in both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../src/core/owner-locale.js';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

const CHINESE = { LANG: 'zh_CN.UTF-8' };

const KEYED = `---\ndescription: Needs a key.\nrisk: low\nconfig:\n  - name: THE_KEY\n    description: a key\n    secret: true\n    required: true\n---\n## Execute\n\n\`\`\`bash\necho\n\`\`\`\n`;

/** A data folder with its own system skills: one overridden, one switched off; a user skill needing a key; a broken one. */
function home() {
  const dir = tempDir('ias-home-');
  const user = path.join(dir, 'skills');
  const system = path.join(dir, 'system');
  fs.mkdirSync(user);
  writeSkill(system, 'shipped', scriptSkill({ script: 'echo', risk: 'High', description: 'Shipped.' }));
  writeSkill(system, 'quiet', scriptSkill({ script: 'echo', description: 'Quiet.' }));
  writeSkill(user, 'shipped', scriptSkill({ script: 'echo', risk: 'Low', description: 'Mine.' }));
  writeSkill(user, 'keyed', KEYED);
  writeSkill(user, 'broken', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
  const store = openStore(path.join(dir, 'ias.db'));
  store.skillSettings.setEnabled('quiet', false);
  store.close();
  return { dir, user, args: ['--home', dir, '--system-skills', system] };
}

/** The table's cells, row by row (a cell holds no two spaces in a row; columns are two apart). */
const cells = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split(/ {2,}/));

describe('ias skills list in the owner’s language', () => {
  it('says its table, problems and notes in 简体中文 under a Chinese system', () => {
    const h = home();
    const run = ias(['skills', 'list', ...h.args], CHINESE);
    expect(run.status).toBe(0);
    expect(cells(run.stdout)).toEqual([
      ['名称', '风险', '来源', '类型', '状态', '描述'],
      ['keyed', '低', '用户', '脚本', '启用，需要配置，未审核：以高风险运行', 'Needs a key.'],
      ['quiet', '低', '系统', '脚本', '停用', 'Quiet.'],
      ['shipped', '高', '用户（覆盖系统技能）', '脚本', '启用，未审核', 'Mine.'],
    ]);
    expect(run.stderr).toBe(
      [
        `错误 ${path.join(h.user, 'broken', 'SKILL.md')}:7: 无法识别的风险等级“Perhaps”（“## Risk Level”）：请写 Low 或 High`,
        '注意：你有 1 个技能在你审核之前以高风险运行（每次调用都需要你的确认）：`ias skills review 名称` 会显示一个技能并询问你',
        '注意：1 个技能需要先设置才能工作：`ias skills config 名称` 会显示要设置什么',
        '',
      ].join('\n'),
    );
    for (const english of ['NAME', 'on', 'needs setup', 'unreviewed', 'system', 'user', 'note', 'error']) {
      expect(`${run.stdout}${run.stderr}`).not.toMatch(new RegExp(`\\b${english}\\b`));
    }
  });

  it('says a skill that runs as High until reviewed, and follows the language setting over the system’s', () => {
    const h = home();
    writeSkill(h.user, 'mine', scriptSkill({ script: 'echo', description: 'Mine too.' }));
    const store = openStore(path.join(h.dir, 'ias.db'));
    store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    store.close();
    const run = ias(['skills', 'list', ...h.args]);
    expect(cells(run.stdout).find((row) => row[0] === 'mine')).toEqual([
      'mine',
      '低',
      '用户',
      '脚本',
      '启用，未审核：以高风险运行',
      'Mine too.',
    ]);
    expect(run.stderr).toContain(
      '注意：你有 2 个技能在你审核之前以高风险运行（每次调用都需要你的确认）：`ias skills review 名称` 会显示一个技能并询问你\n',
    );
    expect(
      ias([
        'skills',
        'list',
        '--system-skills',
        tempDir('ias-none-'),
        '--user-skills',
        tempDir('ias-none-'),
        '--home',
        h.dir,
      ]).stdout,
    ).toBe('没有找到技能。\n');
  });

  it('keeps its English under an English system, and --json the same in both', () => {
    const h = home();
    const english = ias(['skills', 'list', ...h.args]);
    expect(cells(english.stdout)[0]).toEqual(['NAME', 'RISK', 'SOURCE', 'KIND', 'STATE', 'DESCRIPTION']);
    expect(cells(english.stdout)[3]).toEqual([
      'shipped',
      'high',
      'user (overrides system)',
      'script',
      'on, unreviewed',
      'Mine.',
    ]);
    expect(cells(english.stdout)[2]![4]).toBe('off');
    expect(english.stderr).toContain('note: 1 skill needs settings before it can work: `ias skills config NAME`');
    const json = (env: Record<string, string>) => ias(['skills', 'list', '--json', ...h.args], env).stdout;
    expect(json(CHINESE)).toBe(json({}));
  });
});

describe('ias skills run: its own errors in the owner’s language', () => {
  const GREET = `---\ndescription: Greets.\nrisk: low\nparameters:\n  type: object\n  properties:\n    name: {type: string}\n  required: [name]\n---\n## Execute\n\n\`\`\`bash\necho hi\n\`\`\`\n`;

  it('says arguments the schema refuses, JSON that is not and an unknown skill in 简体中文, and in plain English', () => {
    const h = home();
    writeSkill(h.user, 'greet', GREET);
    const run = (args: string[], env: Record<string, string> = {}) => ias(['skills', 'run', ...args, ...h.args], env);
    expect(run(['greet', '--params', '{}'])).toMatchObject({
      status: 2,
      stdout: '',
      stderr: 'error: invalid arguments for greet: "name" is required\n',
    });
    expect(run(['greet', '--params', '{}'], CHINESE)).toMatchObject({
      status: 2,
      stdout: '',
      stderr: '错误：greet 的参数无效：缺少必需的参数“name”\n',
    });
    expect(run(['greet', '--params', 'nope'], CHINESE).stderr).toMatch(/^错误：--params 不是有效的 JSON：/);
    expect(run(['nothere'], CHINESE)).toMatchObject({
      status: 2,
      stderr: '错误：没有名为“nothere”的技能；请查看 `ias skills list`\n',
    });
    expect(run(['greet', '--params', '{"name":"Ann"}'], CHINESE)).toMatchObject({ status: 0, stdout: 'hi\n' });
  });

  it('says a list’s checks (minItems, maxItems, uniqueItems) in 简体中文 too', () => {
    const h = home();
    writeSkill(
      h.user,
      'tag',
      scriptSkill({
        script: 'echo tagged',
        parameters: {
          type: 'object',
          properties: { tags: { type: 'array', minItems: 2, maxItems: 3, uniqueItems: true } },
        },
      }),
    );
    const run = (params: unknown, env: Record<string, string> = {}) =>
      ias(['skills', 'run', 'tag', '--params', JSON.stringify(params), ...h.args], env);
    expect(run({ tags: ['a'] }, CHINESE)).toMatchObject({
      status: 2,
      stderr: '错误：tag 的参数无效：“tags”至少要有 2 项\n',
    });
    expect(run({ tags: ['a', 'b', 'c', 'a'] }, CHINESE).stderr).toBe(
      '错误：tag 的参数无效：“tags”最多只能有 3 项；“tags”不能有重复的项（下标 0 和 3 的项相同）\n',
    );
    expect(run({ tags: ['a'] }).stderr).toBe(
      'error: invalid arguments for tag: "tags" must NOT have fewer than 2 items\n',
    );
    expect(run({ tags: ['a', 'b'] }, CHINESE)).toMatchObject({ status: 0, stdout: 'tagged\n' });
  });
});
