import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillRegistry } from '../../../src/core/skills/registry.js';
import type { SkillProblem } from '../../../src/core/skills/types.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const execute = '## Execute\n\n```bash\necho "$SKILL_PARAMS"\n```\n';

/** A seed-shape skill whose "## Parameters" block holds `properties` one per line from line 15. */
const withProperties = (...names: string[]) =>
  '# Clash\n\nSays what it is given.\n\n## Risk Level\n\nLow\n\n## Parameters\n\n```json\n' +
  `{\n  "type": "object",\n  "properties": {\n${names.map((n) => `    ${JSON.stringify(n)}: { "type": "string" }`).join(',\n')}\n  }\n}\n\`\`\`\n\n${execute}`;

function loaded(skills: Record<string, string>) {
  const user = tempDir('ias-param-vars-');
  for (const [name, text] of Object.entries(skills)) writeSkill(user, name, text);
  const registry = new SkillRegistry({ userDir: user });
  registry.loadAll();
  const file = (name: string) => path.join(user, name, 'SKILL.md');
  return { registry, file, errors: registry.problems().errors };
}

const chinese = (p: SkillProblem) => saySkillProblem(chineseSkillProblems, p.message, p.messageCode);

describe('parameter names that reach a script as one variable', () => {
  it('refuses the skill at the second name, naming both and the variable; the others load', () => {
    const { registry, file, errors } = loaded({
      clash: withProperties('a-b', 'text', 'a_b'),
      cased: withProperties('Word', 'word'),
      good: scriptSkill({ script: 'echo', parameters: { type: 'object', properties: { a_b: { type: 'string' } } } }),
    });
    expect(registry.list().map((s) => s.name)).toEqual(['good']);
    expect(errors.map((e) => [e.path, e.line, e.messageCode?.code])).toEqual([
      [file('cased'), 16, 'parameter-variable-clash'],
      [file('clash'), 17, 'parameter-variable-clash'],
    ]);
    const clash = errors.find((e) => e.path === file('clash'))!;
    expect(clash.message).toBe(
      'parameters "a-b" and "a_b" both reach the script as the variable SKILL_PARAM_A_B, so one would overwrite the other: rename one (a name\'s variable has it in capitals, every character other than A-Z, 0-9 and "_" as "_")',
    );
    expect(chinese(clash)).toMatch(
      /^参数 "a-b" 和 "a_b" 都会以变量 SKILL_PARAM_A_B 传给脚本，一个会覆盖另一个：请给其中一个改名/,
    );
    const cased = errors.find((e) => e.path === file('cased'))!;
    expect(cased.message).toMatch(
      /^parameters "Word" and "word" both reach the script as the variable SKILL_PARAM_WORD,/,
    );
  });

  it('says it in front matter at the second name in its JSON, or at the parameters line when it is YAML', () => {
    const { registry, file, errors } = loaded({
      block:
        '---\nname: block\ndescription: Says what it is given.\nrisk: low\nparameters: |\n' +
        `  {"type": "object", "properties": {\n    "x-y": {},\n    "X_Y": {}\n  }}\n---\n\n${execute}`,
      yaml:
        '---\nname: yaml\ndescription: Says what it is given.\nrisk: low\nparameters:\n  type: object\n' +
        `  properties:\n    Ünit: { type: string }\n    _NIT: { type: string }\n---\n\n${execute}`,
    });
    expect(registry.list()).toEqual([]);
    expect(errors).toMatchObject([
      {
        path: file('block'),
        line: 8,
        messageCode: { code: 'parameter-variable-clash', params: { first: '"x-y"', second: '"X_Y"' } },
      },
      {
        path: file('yaml'),
        line: 5,
        messageCode: { code: 'parameter-variable-clash', params: { variable: 'SKILL_PARAM__NIT' } },
      },
    ]);
  });

  it('refuses a name without a letter or digit (empty, or only punctuation): its variable names nothing', () => {
    const { registry, file, errors } = loaded({ dashes: withProperties('--', 'ok', '') });
    expect(registry.list()).toEqual([]);
    expect(errors.map((e) => [e.path, e.line, e.message])).toEqual([
      [
        file('dashes'),
        15,
        'parameter "--" has no letter or digit, so the variable it reaches the script as (SKILL_PARAM___) does not name it: give it a name with letters or digits',
      ],
      [
        file('dashes'),
        17,
        'parameter "" has no letter or digit, so the variable it reaches the script as (SKILL_PARAM_) does not name it: give it a name with letters or digits',
      ],
    ]);
    expect(chinese(errors[1]!)).toBe(
      '参数 "" 不含字母或数字，它传给脚本时的变量名（SKILL_PARAM_）无法指明它：请给它起一个含字母或数字的名字',
    );
  });

  it('loads names in other scripts, and an instruction skill whose names would share a variable (it runs nothing)', () => {
    const { registry, errors } = loaded({
      city: withProperties('城市'),
      guide:
        '---\nname: guide\ndescription: A guide.\nparameters: {"type": "object", "properties": {"a-b": {}, "a_b": {}}}\n---\n\nDo it well.\n',
    });
    expect(errors).toEqual([]);
    expect(registry.list().map((s) => s.name)).toEqual(['city', 'guide']);
  });
});
