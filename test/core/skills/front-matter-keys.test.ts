/**
 * A front matter key iAs does not read is dropped: one that looks like a slip for one of its own
 * (`Parameters:`, `params:`, `desc:`) is said, with the key meant, so a tool does not quietly lose
 * its arguments; keys of other tools stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { meantKey } from '../../../src/core/skills/front-matter-keys.js';
import { parseSkillFile } from '../../../src/core/skills/parse.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';

const parse = (text: string) => parseSkillFile(Buffer.from(text), '/skills/greet/SKILL.md', 'greet');

describe('front matter keys iAs does not read', () => {
  it('are said at their line with the key meant, and the skill still loads (a warning)', () => {
    const { definition, errors, warnings } = parse(
      [
        '---',
        'name: greet',
        'description: Greets someone by name.',
        'risk: low',
        'Parameters:',
        '  type: object',
        '  properties:',
        '    name: { type: string }',
        'timeout_secs: 5',
        '---',
        '',
        '## Execute',
        '',
        '```bash',
        'echo "Hello, $SKILL_PARAM_NAME"',
        '```',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    // Without the warning this tool would take no arguments, and nobody would say why.
    expect(definition?.parameters).toEqual({ type: 'object', properties: {} });
    expect(warnings).toEqual([
      expect.objectContaining({
        line: 5,
        message: 'iAs does not read front matter "Parameters", so it is ignored: did you mean "parameters"?',
        messageCode: { code: 'front-matter-key-unknown', params: { key: 'Parameters', meant: 'parameters' } },
      }),
      expect.objectContaining({
        line: 9,
        messageCode: { code: 'front-matter-key-unknown', params: { key: 'timeout_secs', meant: 'timeout' } },
      }),
    ]);
    expect(saySkillProblem(chineseSkillProblems, warnings[0]!.message, warnings[0]!.messageCode)).toBe(
      'iAs 不读取 front matter 的“Parameters”，它会被忽略：是不是想写“parameters”？',
    );
  });

  it('name the key meant for case, "_" for "-", other words, a start of it or a slip of a letter or two', () => {
    const meant = Object.fromEntries(
      [
        'Description',
        'allowed_tools',
        'params',
        'arguments',
        'risk_level',
        'desc',
        'licence',
        'paramters',
        'conifg',
      ].map((k) => [k, meantKey(k)]),
    );
    expect(meant).toEqual({
      Description: 'description',
      allowed_tools: 'allowed-tools',
      params: 'parameters',
      arguments: 'parameters',
      risk_level: 'risk',
      desc: 'description',
      licence: 'license',
      paramters: 'parameters',
      conifg: 'config',
    });
  });

  it('name "locales" for its slips and other words for it', () => {
    expect(meantKey('locales')).toBeUndefined();
    const meant = Object.fromEntries(
      ['Locales', 'locale', 'lcoales', 'i18n', 'translations', 'localization'].map((k) => [k, meantKey(k)]),
    );
    expect(meant).toEqual({
      Locales: 'locales',
      locale: 'locales',
      lcoales: 'locales',
      i18n: 'locales',
      translations: 'locales',
      localization: 'locales',
    });
    const { warnings } = parse(
      '---\nname: greet\ndescription: Guide.\nlocale:\n  zh-CN:\n    title: 问候\n---\n\nSay hello.\n',
    );
    expect(warnings).toMatchObject([
      { line: 4, messageCode: { code: 'front-matter-key-unknown', params: { key: 'locale', meant: 'locales' } } },
    ]);
  });

  it("leave our own keys, other tools' keys and keys that add to ours alone", () => {
    for (const key of ['name', 'parameters', 'allowed-tools', 'version', 'author', 'model', 'context', 'tags', 'title'])
      expect(meantKey(key), key).toBeUndefined();
    for (const key of ['description_zh', 'name_en', 'user-invocable', 'argument-hint', 'hooks', 'agent'])
      expect(meantKey(key), key).toBeUndefined();
    const { warnings } = parse('---\nname: greet\ndescription: Guide.\nversion: 1.2\nauthor: me\n---\n\nSay hello.\n');
    expect(warnings).toEqual([]);
  });
});
