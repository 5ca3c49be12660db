import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { UNORDERED_PLACES, UNORDERED_SKILL } from '../helpers/unordered-problems.js';

function skillsFolder() {
  const dir = tempDir('ias-check-');
  const user = path.join(dir, 'skills');
  fs.mkdirSync(user);
  return { dir, user, file: (name: string) => path.join(user, name, 'SKILL.md') };
}

describe('ias skills check: the problems of a SKILL.md', () => {
  it('warns of parameter names that would reach the script as one variable, at the second name, in English and 简体中文', () => {
    const h = skillsFolder();
    // Written by scriptSkill: "a-b" on line 15, "a_b" on line 18.
    const properties = { 'a-b': { type: 'string' }, a_b: { type: 'string' } };
    writeSkill(
      h.user,
      'clash',
      scriptSkill({ script: 'echo "$SKILL_PARAMS"', parameters: { type: 'object', properties } }),
    );
    writeSkill(
      h.user,
      'good',
      scriptSkill({ script: 'echo', parameters: { type: 'object', properties: { a_b: {} } } }),
    );
    const global = ['--home', h.dir];

    const json = ias(['skills', 'check', h.user, '--json', ...global]);
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout) as { skills: { name: string }[]; errors: unknown[]; warnings: unknown[] };
    expect(report.skills.map((s) => s.name)).toEqual(['clash', 'good']);
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      {
        path: h.file('clash'),
        line: 18,
        message: expect.stringMatching(
          /^parameters "a-b" and "a_b" would both reach the script as the variable SKILL_PARAM_A_B, so neither gets it/,
        ),
      },
    ]);

    const english = ias(['skills', 'check', h.user, ...global]);
    expect(english.status).toBe(0);
    expect(english.stdout).toContain(
      `warning ${h.file('clash')}:18: parameters "a-b" and "a_b" would both reach the script as the variable SKILL_PARAM_A_B, so neither gets it: the script finds them in SKILL_PARAMS or on stdin, or rename one`,
    );
    expect(english.stdout).toContain('2 valid, 0 error(s), 1 warning(s)\n');

    const chinese = ias(['skills', 'check', h.user, ...global], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(0);
    expect(chinese.stdout).toContain(
      `警告 ${h.file('clash')}:18: 参数 "a-b" 和 "a_b" 都会变成变量 SKILL_PARAM_A_B，所以两者都不以变量传给脚本：脚本可以从 SKILL_PARAMS 或标准输入读取它们，或给其中一个改名`,
    );
  });

  it('lists each file’s problems by line, errors and warnings together, not in the order the checks found them', () => {
    const h = skillsFolder();
    writeSkill(h.user, 'order', UNORDERED_SKILL);
    writeSkill(h.user, 'a_good', scriptSkill({ script: 'echo' }));
    const global = ['--home', h.dir];
    const order = h.file('order');
    /** Each problem line of `order`, up to its place: `error <file>:<line>:`. */
    const places = (out: string) =>
      out
        .split('\n')
        .filter((l) => l.includes(order))
        .map((l) => /^\S+ .*?SKILL\.md:\d+:/.exec(l)?.[0]);
    const inLineOrder = UNORDERED_PLACES.map(([severity, line]) => `${severity} ${order}:${line}:`);

    const human = ias(['skills', 'check', h.user, ...global]);
    expect(human.status).toBe(1);
    expect(places(human.stdout)).toEqual(inLineOrder);

    const json = JSON.parse(ias(['skills', 'check', h.user, '--json', ...global]).stdout) as {
      errors: { line: number }[];
      warnings: { line: number }[];
    };
    expect(json.errors.map((p) => p.line)).toEqual([3, 9]);
    expect(json.warnings.map((p) => p.line)).toEqual([4]);

    // The skills page's list, as `ias skills list` says it: in the same order.
    expect(places(ias(['skills', 'list', ...global]).stderr)).toEqual(inLineOrder);
  });
});
