import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeSkill } from '../../../src/core/skills/executor.js';
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
  const { errors, warnings } = registry.problems();
  return { registry, file, errors, warnings };
}

const chinese = (p: SkillProblem) => saySkillProblem(chineseSkillProblems, p.message, p.messageCode);

describe('parameter names that would reach a script as one variable', () => {
  it('load with a warning at the second name, naming both and the variable', () => {
    const { registry, file, errors, warnings } = loaded({
      clash: withProperties('a-b', 'text', 'a_b'),
      cased: withProperties('Word', 'word'),
      good: scriptSkill({ script: 'echo', parameters: { type: 'object', properties: { a_b: { type: 'string' } } } }),
    });
    expect(errors).toEqual([]);
    expect(registry.list().map((s) => s.name)).toEqual(['cased', 'clash', 'good']);
    expect(warnings.map((e) => [e.path, e.line, e.messageCode?.code])).toEqual([
      [file('cased'), 16, 'parameter-variable-clash'],
      [file('clash'), 17, 'parameter-variable-clash'],
    ]);
    const clash = warnings.find((e) => e.path === file('clash'))!;
    expect(clash.message).toBe(
      'parameters "a-b" and "a_b" would both reach the script as the variable SKILL_PARAM_A_B, so neither gets it: the script finds them in SKILL_PARAMS or on stdin, or rename one (a name\'s variable has it in capitals, every character other than A-Z, 0-9 and "_" as "_")',
    );
    expect(chinese(clash)).toMatch(
      /^参数 "a-b" 和 "a_b" 都会变成变量 SKILL_PARAM_A_B，所以两者都不以变量传给脚本：脚本可以从 SKILL_PARAMS 或标准输入读取它们/,
    );
    const cased = warnings.find((e) => e.path === file('cased'))!;
    expect(cased.message).toMatch(
      /^parameters "Word" and "word" would both reach the script as the variable SKILL_PARAM_WORD,/,
    );
  });

  it('says it in front matter at the second name in its JSON, or at the parameters line when it is YAML', () => {
    const { registry, file, warnings } = loaded({
      block:
        '---\nname: block\ndescription: Says what it is given.\nrisk: low\nparameters: |\n' +
        `  {"type": "object", "properties": {\n    "x-y": {},\n    "X_Y": {}\n  }}\n---\n\n${execute}`,
      yaml:
        '---\nname: yaml\ndescription: Says what it is given.\nrisk: low\nparameters:\n  type: object\n' +
        `  properties:\n    Ünit: { type: string }\n    _NIT: { type: string }\n---\n\n${execute}`,
    });
    expect(registry.list().map((s) => s.name)).toEqual(['block', 'yaml']);
    expect(warnings).toMatchObject([
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

  it('warns of a name without a letter or digit (empty, or only punctuation): its variable would name nothing', () => {
    const { registry, file, warnings } = loaded({ dashes: withProperties('--', 'ok', '') });
    expect(registry.list().map((s) => s.name)).toEqual(['dashes']);
    expect(warnings.map((e) => [e.path, e.line, e.message])).toEqual([
      [
        file('dashes'),
        15,
        'parameter "--" has no letter or digit, so it gets no variable (SKILL_PARAM___ would not name it): the script finds it in SKILL_PARAMS or on stdin, or give it a name with letters or digits',
      ],
      [
        file('dashes'),
        17,
        'parameter "" has no letter or digit, so it gets no variable (SKILL_PARAM_ would not name it): the script finds it in SKILL_PARAMS or on stdin, or give it a name with letters or digits',
      ],
    ]);
    expect(chinese(warnings[1]!)).toBe(
      '参数 "" 不含字母或数字，所以不以变量传给脚本（SKILL_PARAM_ 无法指明它）：脚本可以从 SKILL_PARAMS 或标准输入读取它，或给它起一个含字母或数字的名字',
    );
  });

  it('says nothing of one name in another script, or of an instruction skill (it runs nothing)', () => {
    const { registry, errors, warnings } = loaded({
      city: withProperties('城市'),
      guide:
        '---\nname: guide\ndescription: A guide.\nparameters: {"type": "object", "properties": {"a-b": {}, "a_b": {}}}\n---\n\nDo it well.\n',
    });
    expect([...errors, ...warnings]).toEqual([]);
    expect(registry.list().map((s) => s.name)).toEqual(['city', 'guide']);
  });

  it('when the script runs, gives two declared names that clash, or two undeclared ones, no variable; a declared name keeps its own from an undeclared one', async () => {
    const script =
      'printf "%s|" "${SKILL_PARAM_A_B-unset}" "${SKILL_PARAM_TEXT-unset}" "${SKILL_PARAM___-unset}" "${SKILL_PARAM_X_Y-unset}" "${SKILL_PARAM_SUBDIR-unset}" "${SKILL_PARAM_P_Q-unset}"; printf "%s" "$SKILL_PARAMS"';
    const properties = {
      'a-b': { type: 'string' },
      a_b: { type: 'string' },
      'x-y': { type: 'string' },
      subdir: { type: 'string', pattern: '^[a-z]+$' },
    };
    const { registry } = loaded({ echo: scriptSkill({ script, parameters: { type: 'object', properties } }) });
    // Undeclared: text (alone), "--", X_Y (against declared x-y), SUBDIR (against declared subdir), p-q and P_Q.
    const params = {
      'a-b': 'one',
      a_b: 'two',
      text: 'kept',
      '--': 'dashes',
      'x-y': 'three',
      X_Y: 'four',
      subdir: 'cache',
      SUBDIR: '',
      'p-q': 'five',
      P_Q: 'six',
    };
    const result = await executeSkill(registry.get('echo')!, params, { scriptCacheDir: tempDir('ias-cache-') });
    expect(result).toMatchObject({ success: true });
    const parts = String(result.data).split('|');
    expect(parts.slice(0, 6)).toEqual(['unset', 'kept', 'unset', 'three', 'cache', 'unset']);
    expect(JSON.parse(parts.slice(6).join('|'))).toEqual(params);
  });
});
