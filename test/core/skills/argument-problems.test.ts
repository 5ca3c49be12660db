/**
 * Arguments a skill's parameter schema refuses, in words: English sentences for the model (the
 * call's error, as checkArguments gives it) and 简体中文 for the owner at a terminal, each naming the
 * property concerned.
 */
import { describe, expect, it } from 'vitest';
import { argumentsProblem, checkArguments } from '../../../src/core/skills/executor.js';
import { loadSkillFolder } from '../../../src/core/skills/load.js';
import type { Skill } from '../../../src/core/skills/types.js';
import { sayArgsProblem } from '../../../src/shared/args-problems.js';
import { chineseArgsProblems } from '../../../src/shared/args-problems-zh-CN.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

function greet(): Skill {
  const root = tempDir();
  const parameters = {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 5 },
      n: { type: 'integer', minimum: 1 },
      mood: { enum: ['happy', 'sad'] },
      to: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    required: ['name'],
    additionalProperties: false,
  };
  writeSkill(root, 'greet', scriptSkill({ parameters, script: 'echo hi' }));
  const loaded = loadSkillFolder(root, 'greet', 'user')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

const chinese = (skill: Skill, params: unknown) =>
  sayArgsProblem(chineseArgsProblems, skill.name, argumentsProblem(skill, params)!);

describe('argument problems in words', () => {
  it('tells the model in English which property is wrong and how', () => {
    const skill = greet();
    expect(checkArguments(skill, { name: 'Ann' })).toBeUndefined();
    expect(checkArguments(skill, {})).toBe('invalid arguments for greet: "name" is required');
    expect(checkArguments(skill, { name: 1, n: 0, mood: 'x', extra: true, to: {} })).toBe(
      'invalid arguments for greet: "extra" is not a known parameter; "name" must be string; "n" must be >= 1; ' +
        '"mood" must be one of "happy", "sad"; "to/city" is required',
    );
    expect(checkArguments(skill, [])).toBe('invalid arguments for greet: arguments must be a JSON object');
    expect(checkArguments(skill, { name: 'Annabel' })).toBe(
      'invalid arguments for greet: "name" must NOT have more than 5 characters',
    );
  });

  it('tells the owner the same in 简体中文', () => {
    const skill = greet();
    expect(chinese(skill, {})).toBe('greet 的参数无效：缺少必需的参数“name”');
    expect(chinese(skill, { name: 1, n: 0, mood: 'x', extra: true, to: {} })).toBe(
      'greet 的参数无效：没有名为“extra”的参数；“name”应为 string 类型；“n”必须不小于 1；' +
        '“mood”必须是以下之一："happy"、"sad"；缺少必需的参数“to/city”',
    );
    expect(chinese(skill, [])).toBe('greet 的参数无效：参数必须是一个 JSON 对象');
    expect(chinese(skill, { name: 'Annabel' })).toBe('greet 的参数无效：“name”最多只能有 5 个字符');
  });
});
