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

function skillWith(name: string, parameters: object): Skill {
  const root = tempDir();
  writeSkill(root, name, scriptSkill({ parameters, script: 'echo hi' }));
  const loaded = loadSkillFolder(root, name, 'user')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

function greet(): Skill {
  return skillWith('greet', {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 5 },
      n: { type: 'integer', minimum: 1 },
      mood: { enum: ['happy', 'sad'] },
      to: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    required: ['name'],
    additionalProperties: false,
  });
}

/** Every other check a draft-07 parameter schema makes, each failed by `FAILS_ALL`. */
const EVERY_CHECK = {
  type: 'object',
  minProperties: 20,
  dependencies: { a: ['b'] },
  properties: {
    a: {},
    list: { type: 'array', minItems: 3, contains: { type: 'string' } },
    few: { type: 'array', maxItems: 1, uniqueItems: true },
    pair: { type: 'array', items: [{}], additionalItems: false },
    n: { multipleOf: 5, const: 10 },
    t: { type: ['string', 'null'] },
    any: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    one: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
    not: { not: { type: 'number' } },
    never: false,
    when: { if: { type: 'number' }, then: { minimum: 5 } },
    word: { type: 'string', minLength: 2, pattern: '^a' },
    bag: { type: 'object', maxProperties: 0, propertyNames: { maxLength: 1 } },
  },
};
const FAILS_ALL = {
  a: 1,
  list: [1],
  few: [1, 1],
  pair: [1, 2],
  n: 3,
  t: 3,
  any: true,
  one: 1,
  not: 1,
  never: 1,
  when: 1,
  word: 'b',
  bag: { long: 1 },
};

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

  it('refuses a number too large to be one (1e400 reads as Infinity), which the script would get as null', () => {
    const skill = greet();
    const params = JSON.parse('{"name": "Ann", "n": 1e400}') as unknown;
    expect(checkArguments(skill, params)).toBe('invalid arguments for greet: "n" must be integer');
    expect(checkArguments(skill, { name: 'Ann', n: Number.NaN })).toBe(
      'invalid arguments for greet: "n" must be integer',
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

  it('says every check of a parameter schema in 简体中文, none in Ajv’s English', () => {
    const skill = skillWith('every', EVERY_CHECK);
    const said = chinese(skill, FAILS_ALL)
      .replace(/^every 的参数无效：/, '')
      .split('；');
    // What each check says, in the order Ajv reports them (the keywords and values stay as written).
    expect(said).toEqual([
      '参数至少要有 20 个属性',
      '有“a”时必须也有“b”',
      '“list”至少要有 3 项',
      '“list/0”应为 string 类型',
      '“list”至少要有 1 项符合 contains 的模式',
      '“few”最多只能有 1 项',
      '“few”不能有重复的项（下标 0 和 1 的项相同）',
      '“pair”最多只能有 1 项',
      '“n”必须等于 10',
      '“n”必须是 5 的倍数',
      '“t”应为 string 或 null 类型',
      '“any”应为 string 类型',
      '“any”应为 number 类型',
      '“any”必须符合 anyOf 中的至少一个模式',
      '“one”必须恰好符合 oneOf 中的一个模式',
      '“not”不能符合 not 的模式',
      '“never”不接受任何值',
      '“when”必须不小于 5',
      '“when”必须符合 then 的模式',
      '“word”至少要有 2 个字符',
      '“word”必须匹配模式 "^a"',
      '“bag”最多只能有 0 个属性',
      // The check a property name fails is said of its object, as Ajv reports it (in English too).
      '“bag”最多只能有 1 个字符',
      '“bag”中属性名“long”无效',
    ]);
    expect(said.join('')).not.toMatch(/must|have|items|valid|schema|equal/);
    // The model is told the same checks in English.
    expect(checkArguments(skill, FAILS_ALL)).toContain('"list" must NOT have fewer than 3 items');
  });

  it('has words for a format, should formats be checked, and for a check it does not know', () => {
    const say = (keyword: string, params: Record<string, unknown>) =>
      chineseArgsProblems.mismatch({ at: 'day', keyword, params, message: 'is wrong' });
    expect(say('format', { format: 'date' })).toBe('“day”必须符合格式 "date"');
    expect(say('unevaluatedItems', {})).toBe('“day”不符合参数模式的 unevaluatedItems 要求');
    // Formats are the skill's to check: a value no date is not refused.
    expect(
      checkArguments(skillWith('dated', { type: 'object', properties: { day: { format: 'date' } } }), { day: 'x' }),
    ).toBeUndefined();
  });
});

describe('a schema whose check would answer later ("$async")', () => {
  it('makes a call uncallable, never a check that lets wrong arguments through', () => {
    // Not loaded (see parse.test.ts): a skill made here as if it had been.
    const skill = {
      ...skillWith('later', { type: 'object' }),
      parameters: { $async: true, type: 'object', required: ['n'] },
    };
    expect(argumentsProblem(skill, { other: 1 })).toEqual({
      code: 'uncallable',
      detail: expect.stringMatching(/cannot be compiled: async schema/),
    });
  });
});
