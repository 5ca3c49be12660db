import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ias, iasProcess, iasReview } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

function home() {
  const dir = tempDir('ias-home-');
  const user = path.join(dir, 'skills');
  const system = path.join(dir, 'system');
  fs.mkdirSync(user);
  fs.mkdirSync(system);
  return { dir, user, system };
}

const echoParams = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
};

describe('ias skills list', () => {
  it('prints system and user skills as JSON in the documented shape', () => {
    const h = home();
    writeSkill(h.system, 'send_it', scriptSkill({ script: 'echo sys', risk: 'High', description: 'System one.' }));
    writeSkill(h.user, 'send_it', scriptSkill({ script: 'echo mine', risk: 'Low', description: 'Mine.' }));
    writeSkill(h.user, 'echo_text', scriptSkill({ script: 'echo', parameters: echoParams, timeout: 7 }));
    const run = ias(['skills', 'list', '--json', '--home', h.dir, '--system-skills', h.system]);
    expect(run.status).toBe(0);
    const list = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'config',
        'description',
        'effectiveRisk',
        'enabled',
        'hash',
        'kind',
        'name',
        'needsConfig',
        'overrides',
        'parameters',
        'path',
        'reviewed',
        'risk',
        'source',
        'timeoutSecs',
        'title',
      ].sort(),
    );
    expect(list[0]).toMatchObject({
      name: 'echo_text',
      risk: 'low',
      source: 'user',
      overrides: false,
      kind: 'script',
      timeoutSecs: 7,
    });
    expect(list[1]).toMatchObject({
      name: 'send_it',
      risk: 'high',
      source: 'user',
      overrides: true,
      description: 'Mine.',
    });
  });

  it('prints aligned columns for people and reports broken skills on stderr', () => {
    const h = home();
    writeSkill(h.user, 'fine', scriptSkill({ script: 'echo' }));
    writeSkill(h.user, 'broken', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
    const run = ias(['skills', 'list'], { IAS_HOME: h.dir });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+RISK\s+SOURCE\s+KIND\s+STATE\s+DESCRIPTION$/);
    const riskColumn = lines[0]!.indexOf('RISK');
    for (const line of lines.slice(1)) expect(line.slice(riskColumn)).toMatch(/^(low|high)\s/);
    expect(run.stdout).toContain('get_current_datetime');
    expect(run.stdout).toContain('fine');
    expect(run.stderr).toContain(`${path.join(h.user, 'broken', 'SKILL.md')}:7`);
    expect(run.stderr).toMatch(/unknown risk level "Perhaps"/);
  });

  it('is what `ias skills` alone does, as `ias tasks` lists and `ias provider` shows (not help and exit 2)', () => {
    const h = home();
    writeSkill(h.user, 'fine', scriptSkill({ script: 'echo' }));
    const alone = ias(['skills', '--home', h.dir, '--system-skills', h.system]);
    expect(alone.status).toBe(0);
    expect(alone.stdout).toBe(ias(['skills', 'list', '--home', h.dir, '--system-skills', h.system]).stdout);
    expect(alone.stdout).toMatch(/^fine\s/m);
    const json = ias(['skills', '--json', '--home', h.dir, '--system-skills', h.system]);
    expect((JSON.parse(json.stdout) as { name: string }[]).map((s) => s.name)).toEqual(['fine']);
  });
});

describe('ias skills list and review: the state the skills manager shows', () => {
  it('says which skills run as High until reviewed, are off or need settings, as the UI does', () => {
    const h = home();
    writeSkill(h.user, 'mine', scriptSkill({ script: 'echo', description: 'Mine.' }));
    writeSkill(
      h.user,
      'keyed',
      `---\ndescription: Needs a key.\nrisk: low\nconfig:\n  - name: THE_KEY\n    description: a key\n    secret: true\n    required: true\n---\n## Execute\n\n\`\`\`bash\necho\n\`\`\`\n`,
    );
    writeSkill(h.system, 'shipped', scriptSkill({ script: 'echo', description: 'Shipped.' }));
    const global = ['--home', h.dir, '--system-skills', h.system];
    const state = () => {
      const run = ias(['skills', 'list', ...global]);
      expect(run.status).toBe(0);
      const rows = run.stdout.trim().split('\n');
      const at = rows[0]!.indexOf('STATE');
      const end = rows[0]!.indexOf('DESCRIPTION');
      return {
        stderr: run.stderr,
        of: (name: string) =>
          rows
            .find((r) => r.startsWith(`${name} `))!
            .slice(at, end)
            .trim(),
      };
    };
    const before = state();
    expect(before.of('mine')).toBe('on, unreviewed: runs as high');
    expect(before.of('keyed')).toBe('on, needs setup, unreviewed: runs as high');
    expect(before.stderr).toContain('1 skill needs settings before it can work: `ias skills config NAME`');
    expect(before.of('shipped')).toBe('on');
    expect(before.stderr).toContain('2 of your skills run as high risk');
    expect(before.stderr).toContain('ias skills review NAME');
    // In the owner's language (the system's, before any is set).
    const chinese = ias(['skills', 'list', ...global], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.stderr).toContain(
      '注意：你有 2 个技能在你审核之前以高风险运行（每次调用都需要你的确认）：`ias skills review 名称` 会显示一个技能并询问你',
    );

    const json = JSON.parse(ias(['skills', 'list', '--json', ...global]).stdout) as Record<string, unknown>[];
    expect(json.find((s) => s.name === 'mine')).toMatchObject({
      risk: 'low',
      effectiveRisk: 'high',
      reviewed: false,
      enabled: true,
      needsConfig: [],
    });

    const reviewed = iasReview('mine', global);
    expect(reviewed.stdout).toMatch(/^Reviewed mine at [0-9a-f]{12}: it runs as low risk until it changes\.$/m);
    const system = ias(['skills', 'review', 'shipped', ...global]);
    expect(system).toMatchObject({ status: 0 });
    expect(system.stdout).toContain('shipped is a system skill');
    const after = state();
    expect(after.of('mine')).toBe('on');
    expect(after.stderr).toContain('1 of your skills runs as high risk');
  });

  it('says why a broken skill cannot be reviewed', () => {
    const h = home();
    writeSkill(h.user, 'broken', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
    const run = ias(['skills', 'review', 'broken', '--home', h.dir]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${path.join(h.user, 'broken', 'SKILL.md')}:7: unknown risk level "Perhaps"`);
  });
});

describe('an unknown skill name', () => {
  it("shows the problems of that skill's own folder only, a user or a system one, not of names that hold it", () => {
    const h = home();
    writeSkill(h.user, 'greet_copy', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
    writeSkill(h.system, 'greet', scriptSkill({ script: 'echo', risk: 'Maybe' }));
    const global = ['--home', h.dir, '--system-skills', h.system];

    const greet = ias(['skills', 'run', 'greet', ...global]);
    expect(greet.status).toBe(2);
    expect(greet.stderr).toContain(`${path.join(h.system, 'greet', 'SKILL.md')}:7: unknown risk level "Maybe"`);
    expect(greet.stderr).not.toContain('greet_copy');

    // A name only part of other folders' names (and of the paths above them) has no problems of its own.
    const a = ias(['skills', 'review', 'a', ...global]);
    expect(a.status).toBe(2);
    expect(a.stderr).toContain('unknown skill "a"; see `ias skills list`');
    expect(a.stderr).not.toContain('Perhaps');
  });

  it('names the skills a slip of a few letters was likely meant to be, in the owner’s language', () => {
    const h = home();
    writeSkill(h.user, 'weather_today', scriptSkill({ script: 'echo' }));
    writeSkill(h.user, 'weather_tomorrow', scriptSkill({ script: 'echo' }));
    const said = (name: string, env: Record<string, string> = {}) => {
      const run = ias(['skills', 'run', name, '--home', h.dir], env);
      expect(run.status).toBe(2);
      return run.stderr;
    };
    expect(said('get_current_time')).toBe(
      'error: unknown skill "get_current_time" (did you mean "get_current_datetime"?); see `ias skills list`\n',
    );
    expect(said('weather_todya')).toContain('(did you mean "weather_today"?)');
    expect(said('Weather_Today')).toContain('(did you mean "weather_today"?)');
    expect(said('get_current_time', { LANG: 'zh_CN.UTF-8' })).toBe(
      '错误：没有名为“get_current_time”的技能（是不是“get_current_datetime”？）；请查看 `ias skills list`\n',
    );
    // Nothing near: no guess.
    expect(said('translate')).toBe('error: unknown skill "translate"; see `ias skills list`\n');
  });
});

describe('ias output read by a program that stops reading', () => {
  it('ends without an EPIPE stack trace when the reader goes away (ias … | head)', async () => {
    const h = home();
    writeSkill(h.user, 'chatty', scriptSkill({ script: "head -c 3000000 /dev/zero | tr '\\0' x" }));
    const { child, run } = iasProcess(['skills', 'run', 'chatty', '--json', '--home', h.dir]);
    child.stdout!.once('data', () => child.stdout!.destroy());
    const ended = await run;
    expect(ended.stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect(ended.status).toBe(0);
  });
});

describe('ias skills check', () => {
  it('checks a folder of skills, a skill folder and a SKILL.md, exit 0 when all are valid', () => {
    const h = home();
    writeSkill(h.user, 'one', scriptSkill({ script: 'echo' }));
    writeSkill(h.user, 'two', '---\ndescription: Guide.\n---\nDo this.');
    expect(ias(['skills', 'check', h.user]).status).toBe(0);
    expect(ias(['skills', 'check', path.join(h.user, 'one')]).status).toBe(0);
    const single = ias(['skills', 'check', path.join(h.user, 'two', 'SKILL.md'), '--json']);
    expect(single.status).toBe(0);
    expect(JSON.parse(single.stdout)).toMatchObject({
      skills: [{ name: 'two', kind: 'instructions' }],
      errors: [],
      warnings: [],
    });
  });

  it('checks the system skills folder the command uses as system skills, by its real path; a copy elsewhere is refused at the line of builtin:', () => {
    const h = home();
    const bundled = path.resolve('resources', 'skills');
    for (const given of ['resources/skills', path.join('resources', 'skills', 'get_current_datetime', 'SKILL.md')]) {
      const run = ias(['skills', 'check', given, '--home', h.dir]);
      expect(run.stdout, given).not.toMatch(/^error /m);
      expect(run.status, given).toBe(0);
    }
    // Reached through a link, it is the same folder.
    const link = path.join(tempDir('ias-link-'), 'skills');
    fs.symlinkSync(bundled, link);
    const linked = ias(['skills', 'check', link, '--json', '--home', h.dir]);
    expect(linked.status).toBe(0);
    expect(JSON.parse(linked.stdout)).toMatchObject({ errors: [] });
    // Another system skills folder given: the bundled one is just a folder of user skills.
    const elsewhere = ias(['skills', 'check', bundled, '--home', h.dir, '--system-skills', h.system]);
    expect(elsewhere.status).toBe(1);

    const drafts = tempDir('ias-drafts-');
    fs.cpSync(path.join(bundled, 'get_current_datetime'), path.join(drafts, 'my_time'), { recursive: true });
    const line = fs
      .readFileSync(path.join(drafts, 'my_time', 'SKILL.md'), 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith('builtin:'));
    const copy = ias(['skills', 'check', drafts, '--home', h.dir]);
    expect(copy.status).toBe(1);
    expect(copy.stdout).toContain(
      `error ${path.join(drafts, 'my_time', 'SKILL.md')}:${line + 1}: "builtin:" names a handler built into iAs, which only the system skills shipped with iAs may use; write a "## Execute" script instead`,
    );
    const chinese = ias(['skills', 'check', drafts, '--home', h.dir], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.stdout).toContain('只有随 iAs 提供的系统技能可以使用');
  });

  it('exits 1 with path, line and reason when something is wrong', () => {
    const h = home();
    writeSkill(h.user, 'good', scriptSkill({ script: 'echo' }));
    writeSkill(
      h.user,
      'bad',
      scriptSkill({ script: 'echo', parameters: { type: 'object', properties: { a: { type: 'nope' } } } }),
    );
    const run = ias(['skills', 'check', h.user, '--json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as {
      skills: { name: string }[];
      errors: { path: string; line: number; message: string }[];
    };
    expect(report.skills.map((s) => s.name)).toEqual(['good']);
    expect(report.errors).toEqual([
      { path: path.join(h.user, 'bad', 'SKILL.md'), line: 11, message: expect.stringMatching(/not valid JSON Schema/) },
    ]);
    const human = ias(['skills', 'check', h.user]);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain(`error ${path.join(h.user, 'bad', 'SKILL.md')}:11:`);
    expect(ias(['skills', 'check', path.join(h.dir, 'missing')]).status).toBe(1);
  });

  it('says when a skill overrides a system skill, and the risk it runs at (never lower, High until reviewed)', () => {
    const h = home();
    writeSkill(h.system, 'send_it', scriptSkill({ script: 'echo sys', risk: 'High' }));
    writeSkill(h.system, 'shipped', scriptSkill({ script: 'echo sys', risk: 'Low' }));
    writeSkill(h.user, 'send_it', scriptSkill({ script: 'echo mine', risk: 'Low' }));
    writeSkill(h.user, 'shipped', scriptSkill({ script: 'echo mine', risk: 'Low' }));
    writeSkill(h.user, 'own', scriptSkill({ script: 'echo own', risk: 'Low' }));
    const global = ['--home', h.dir, '--system-skills', h.system];

    const human = ias(['skills', 'check', h.user, ...global]);
    expect(human.status).toBe(0);
    expect(human.stdout).toContain(`ok send_it (high, script) ${path.join(h.user, 'send_it', 'SKILL.md')}\n`);
    expect(human.stdout).toContain(
      'overrides the system skill send_it (high risk): it runs as high risk, never lower than the system skill\n',
    );
    expect(human.stdout).not.toMatch(/unreviewed: .*send_it/);
    expect(human.stdout).toContain(
      'overrides the system skill shipped (low risk): it runs as low risk, never lower than the system skill\n' +
        '   unreviewed: it runs as high risk (each call needs your approval) until you review it: `ias skills review shipped`\n',
    );
    expect(human.stdout).toContain(`ok own (low, script) ${path.join(h.user, 'own', 'SKILL.md')}\n`);
    expect(human.stdout.match(/overrides the system skill/g)).toHaveLength(2);

    const json = () => {
      const run = ias(['skills', 'check', h.user, '--json', ...global]);
      expect(run.status).toBe(0);
      return (JSON.parse(run.stdout) as { skills: Record<string, unknown>[] }).skills;
    };
    const before = json();
    expect(before.find((s) => s.name === 'send_it')).toMatchObject({
      source: 'user',
      overrides: true,
      risk: 'high',
      declaredRisk: 'low',
      reviewed: false,
      effectiveRisk: 'high',
      overridden: { name: 'send_it', risk: 'high', path: path.join(h.system, 'send_it', 'SKILL.md') },
    });
    expect(before.find((s) => s.name === 'shipped')).toMatchObject({
      overrides: true,
      risk: 'low',
      reviewed: false,
      effectiveRisk: 'high',
    });
    expect(before.find((s) => s.name === 'own')).toMatchObject({ overrides: false, risk: 'low', overridden: null });

    // Reviewed at this content: it runs at its own risk, and check no longer says "unreviewed".
    expect(iasReview('shipped', global).status).toBe(0);
    expect(json().find((s) => s.name === 'shipped')).toMatchObject({ reviewed: true, effectiveRisk: 'low' });
    expect(ias(['skills', 'check', h.user, ...global]).stdout).not.toContain('unreviewed');

    // A draft elsewhere would go to the user skills folder: the same answer; the system folder itself overrides nothing.
    const drafts = tempDir('ias-drafts-');
    writeSkill(drafts, 'send_it', scriptSkill({ script: 'echo draft', risk: 'Low' }));
    expect(ias(['skills', 'check', drafts, ...global]).stdout).toContain(
      'overrides the system skill send_it (high risk)',
    );
    const system = ias(['skills', 'check', h.system, '--json', ...global]);
    expect((JSON.parse(system.stdout) as { skills: Record<string, unknown>[] }).skills).toEqual([
      expect.objectContaining({ name: 'send_it', overrides: false, risk: 'high', overridden: null }),
      expect.objectContaining({ name: 'shipped', overrides: false, reviewed: true, effectiveRisk: 'low' }),
    ]);
  });

  it('says its sentences and the SKILL.md problems (by their codes) in 简体中文 when the locale is Chinese', () => {
    const h = home();
    writeSkill(h.system, 'shipped', scriptSkill({ script: 'echo sys', risk: 'High' }));
    writeSkill(h.user, 'shipped', scriptSkill({ script: 'echo mine', risk: 'Low' }));
    writeSkill(h.user, 'own', '---\ndescription: Guide.\n---\nDo this.');
    writeSkill(h.user, 'broken', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
    const run = ias(['skills', 'check', h.user, '--home', h.dir, '--system-skills', h.system], { LANG: 'zh_CN.UTF-8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`通过 own（低，说明） ${path.join(h.user, 'own', 'SKILL.md')}\n`);
    expect(run.stdout).toContain(`通过 shipped（高，脚本） ${path.join(h.user, 'shipped', 'SKILL.md')}\n`);
    expect(run.stdout).toContain('   覆盖系统技能 shipped（高风险）：它以高风险运行，不会低于该系统技能\n');
    expect(run.stdout).toContain(
      `错误 ${path.join(h.user, 'broken', 'SKILL.md')}:7: 无法识别的风险等级“Perhaps”（“## Risk Level”）：请写 Low 或 High\n`,
    );
    expect(run.stdout).toContain('2 个有效，1 个错误，0 个警告\n');
    expect(run.stdout).not.toMatch(/overrides|valid|error|unknown risk/);
    // A user skill of a low-risk system skill's name: High until reviewed, and how to review it.
    writeSkill(h.system, 'low_one', scriptSkill({ script: 'echo sys', risk: 'Low' }));
    writeSkill(h.user, 'low_one', scriptSkill({ script: 'echo mine', risk: 'Low' }));
    const unreviewed = ias(['skills', 'check', path.join(h.user, 'low_one'), '--system-skills', h.system], {
      LANG: 'zh_CN.UTF-8',
      IAS_HOME: h.dir,
    });
    expect(unreviewed.stdout).toContain(
      '   未审核：在你审核之前，它以高风险运行（每次调用都需要你的确认）：`ias skills review low_one`\n',
    );
  });

  it.skipIf(process.platform === 'win32')(
    'warns at the SKILL.md line of a program of the folder without its execute bit, with the fix, in English and 简体中文',
    () => {
      const h = home();
      const dir = writeSkill(h.user, 'runner', scriptSkill({ script: './run.sh' }), { 'run.sh': 'echo ran\n' });
      const at = `${path.join(dir, 'SKILL.md')}:12:`;
      const run = ias(['skills', 'check', h.user]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(
        `warning ${at} the script runs "./run.sh", but that file is not executable, so the call fails with "Permission denied": make it executable (run \`chmod +x run.sh\` in the skill folder) or run it through its interpreter (\`bash ./run.sh\`)\n`,
      );
      const zh = ias(['skills', 'check', h.user], { LANG: 'zh_CN.UTF-8' });
      expect(zh.stdout).toContain(
        `${at} 脚本运行了“./run.sh”，但这个文件没有执行权限，调用时会因“Permission denied”而失败：请在技能文件夹中运行 \`chmod +x run.sh\` 使它可执行，或通过它的解释器运行它（\`bash ./run.sh\`）\n`,
      );
      fs.chmodSync(path.join(dir, 'run.sh'), 0o755);
      expect(ias(['skills', 'check', h.user]).stdout).toContain('1 valid, 0 error(s), 0 warning(s)');
    },
  );

  it("says a newcomer's front matter slips with line and fix, in English and 简体中文, and loads the rest", () => {
    const h = home();
    const execute = '\n## Execute\n\n```bash\necho hi\n```\n';
    writeSkill(h.user, 'colon', `---\nname: colon\ndescription: Usage: say hi\nrisk: low\n---\n${execute}`);
    writeSkill(h.user, 'dashless', `name: dashless\ndescription: Says hi.\nrisk: low\n${execute}`);
    writeSkill(
      h.user,
      'typo',
      `---\nname: typo\ndescription: Says hi.\nrisk: low\nParameters:\n  type: object\n---\n${execute}`,
    );
    writeSkill(h.user, 'fine', `---\nname: fine\ndescription: "Usage: say hi"\nrisk: low\n---\n${execute}`);
    const file = (name: string) => path.join(h.user, name, 'SKILL.md');
    const global = ['--home', h.dir, '--system-skills', h.system];

    const english = ias(['skills', 'check', h.user, path.join(h.dir, 'nowhere'), ...global]);
    expect(english.status).toBe(1);
    expect(english.stdout).toContain(
      `error ${file('colon')}:3: the front matter is not valid YAML: the value of "description" has a ": " in it, which YAML reads as another key; put the value in quotes: description: "…" (YAML says: `,
    );
    expect(english.stdout).toContain(`error ${file('dashless')}:1: the file begins with "name:" but has no "---" line`);
    expect(english.stdout).not.toContain('declares no risk');
    expect(english.stdout).toContain(
      `warning ${file('typo')}:5: iAs does not read front matter "Parameters", so it is ignored: did you mean "parameters"?\n`,
    );
    expect(english.stdout).toContain(`error ${path.join(h.dir, 'nowhere')}: no such file or folder\n`);
    expect(english.stdout).toContain('2 valid, 3 error(s), 1 warning(s)\n');

    const chinese = ias(['skills', 'check', h.user, path.join(h.dir, 'nowhere'), ...global], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(1);
    expect(chinese.stdout).toContain(
      `错误 ${file('colon')}:3: front matter 不是有效的 YAML：“description”的值里有“: ”（冒号加空格），YAML 会把它当成另一个键；请给值加上引号`,
    );
    expect(chinese.stdout).toContain(`错误 ${file('dashless')}:1: 文件以“name:”开头，但它上面没有“---”行`);
    expect(chinese.stdout).toContain(
      `警告 ${file('typo')}:5: iAs 不读取 front matter 的“Parameters”，它会被忽略：是不是想写“parameters”？\n`,
    );
    expect(chinese.stdout).toContain(`错误 ${path.join(h.dir, 'nowhere')}: 没有这个文件或文件夹\n`);
    expect(chinese.stdout).not.toMatch(/no such file|did you mean|is not valid YAML/);

    // `ias skills` lists the skills that load, with the others' problems on stderr.
    const list = ias(['skills', 'list', '--json', ...global]);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((s) => s.name)).toEqual(['fine', 'typo']);
    expect(list.stderr).toContain(`error ${file('dashless')}:1:`);
  });

  it("knows the app's own system skills: a user skill named email runs as High", () => {
    const h = home();
    writeSkill(h.user, 'email', scriptSkill({ script: 'echo mine', risk: 'Low' }));
    const run = ias(['skills', 'check', path.join(h.user, 'email'), '--json'], { IAS_HOME: h.dir });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { skills: unknown[] }).skills).toEqual([
      expect.objectContaining({
        name: 'email',
        risk: 'high',
        declaredRisk: 'low',
        overrides: true,
        overridden: expect.objectContaining({ name: 'email', risk: 'high' }),
      }),
    ]);
    expect(fs.existsSync(path.join(h.dir, 'ias.db'))).toBe(false);
  });
});

describe('ias skills run', () => {
  it('runs a skill and prints the documented JSON', () => {
    const h = home();
    writeSkill(h.user, 'echo_text', scriptSkill({ script: 'printf "%s" "$SKILL_PARAM_TEXT"', parameters: echoParams }));
    const run = ias(['skills', 'run', 'echo_text', '--params', '{"text":"héllo; $(x)"}', '--json', '--home', h.dir]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ success: true, data: 'héllo; $(x)', exitCode: 0 });
    expect(typeof result.durationMs).toBe('number');
    const human = ias(['skills', 'run', 'echo_text', '--params', '{"text":"plain"}', '--home', h.dir]);
    expect(human).toMatchObject({ status: 0, stdout: 'plain\n' });
  });

  it('exits 1 on a failed run, 2 on a usage error', () => {
    const h = home();
    writeSkill(h.user, 'fails', scriptSkill({ script: 'echo "it broke" >&2; exit 5' }));
    writeSkill(h.user, 'echo_text', scriptSkill({ script: 'echo', parameters: echoParams }));
    const failed = ias(['skills', 'run', 'fails', '--json', '--home', h.dir]);
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ success: false, error: 'it broke', exitCode: 5 });
    expect(ias(['skills', 'run', 'fails', '--home', h.dir]).stderr).toContain('it broke');
    expect(ias(['skills', 'run', 'no_such_skill', '--home', h.dir]).status).toBe(2);
    expect(ias(['skills', 'run', 'echo_text', '--params', '{not json', '--home', h.dir]).status).toBe(2);
    const invalid = ias(['skills', 'run', 'echo_text', '--params', '{"text": 1}', '--home', h.dir]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toMatch(/invalid arguments for echo_text: "text" must be string/);
    expect(ias(['skills', 'frobnicate']).status).toBe(2);
    expect(ias(['skills', 'run']).status).toBe(2);
  });

  it("runs the built-in get_current_datetime with no configuration at all, in the computer's time zone", () => {
    const h = home();
    const args = ['skills', 'run', 'get_current_datetime', '--params', '{"format":"date"}', '--json'];
    for (const zone of ['Europe/London', 'Asia/Shanghai']) {
      const run = ias(args, { IAS_HOME: h.dir, TZ: zone });
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { timezone: zone } });
    }
  });
});
