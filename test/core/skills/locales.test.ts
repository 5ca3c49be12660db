/**
 * A skill's title, description and settings' descriptions in 简体中文 (front matter `locales:`):
 * read for the skills manager, which gets them through the contract; a mistake in them is a
 * warning at its line and the skill still loads; and the model's tool is the same byte for byte.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toolFor } from '../../../src/core/agent/catalogue.js';
import { parseSkillFile } from '../../../src/core/skills/parse.js';
import type { Skill } from '../../../src/core/skills/types.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';
import { localText } from '../../../src/shared/skill-text.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { DICTIONARY, writeSkill } from '../../helpers/temp.js';

const FILE = '/skills/lookup/SKILL.md';
const parse = (text: string) => parseSkillFile(Buffer.from(text), FILE, 'lookup');

const { head: HEAD, locales: LOCALES, body: BODY } = DICTIONARY;

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

describe('locales in front matter', () => {
  it('are read, with no problem', () => {
    const { definition, errors, warnings } = parse(HEAD + LOCALES + BODY);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(definition?.locales).toEqual({
      'zh-CN': {
        title: '查词典',
        description: '在你的词典服务里查一个词。',
        config: { DICT_API_KEY: '词典服务的 API Key' },
      },
    });
  });

  it("leave the model's tool, the risk, the name and the parameters as they are, byte for byte", () => {
    const without = parse(HEAD + BODY).definition!;
    const withThem = parse(HEAD + LOCALES + BODY).definition!;
    expect(JSON.stringify(toolFor(withThem as Skill))).toBe(JSON.stringify(toolFor(without as Skill)));
    // Everything but its words for the UI (and where the script stands in the file, further down).
    const { locales, script, ...rest } = withThem;
    const { script: scriptWithout, ...restWithout } = without;
    expect(locales).toBeDefined();
    expect(rest).toEqual(restWithout);
    expect({ ...script, line: 0 }).toEqual({ ...scriptWithout, line: 0 });
  });

  it('reach the skills list and the settings through the contract, English beside them', async () => {
    w = await apiWorld();
    writeSkill(w.runtime.paths.userSkills, 'lookup', HEAD + LOCALES + BODY);
    writeSkill(w.runtime.paths.userSkills, 'plain', HEAD.replace('name: lookup', 'name: plain') + BODY);
    w.runtime.registry.reload('user', ['lookup', 'plain']);
    const { skills, problems } = await w.core.api.listSkills();
    expect(problems).toEqual([]);
    const lookup = skills.find((s) => s.name === 'lookup')!;
    expect(lookup).toMatchObject({
      title: 'Dictionary lookup',
      description: "Looks a word up in the owner's dictionary service.",
      locales: { 'zh-CN': { title: '查词典', description: '在你的词典服务里查一个词。' } },
    });
    expect(lookup.config.map((f) => [f.name, f.description, f.locales])).toEqual([
      ['DICT_API_KEY', "The dictionary service's API key", { 'zh-CN': { description: '词典服务的 API Key' } }],
      ['DICT_URL', "The service's address", undefined],
    ]);
    // What the UI shows in each language.
    expect([localText(lookup, 'title', 'zh-CN'), localText(lookup, 'title', 'en')]).toEqual([
      '查词典',
      'Dictionary lookup',
    ]);
    expect(localText(lookup.config[0]!, 'description', 'zh-CN')).toBe('词典服务的 API Key');
    expect(localText(lookup.config[1]!, 'description', 'zh-CN')).toBe("The service's address");
    // A skill without them says nothing more, and shows its English in either language.
    const plain = skills.find((s) => s.name === 'plain')!;
    expect(plain.locales).toBeUndefined();
    expect(plain.config[0]!.locales).toBeUndefined();
    expect(localText(plain, 'title', 'zh-CN')).toBe('Dictionary lookup');
  });

  it('fall back to English field by field', () => {
    const { definition, warnings } = parse(
      HEAD + 'locales:\n  zh-CN:\n    title: 查词典\n    config:\n      DICT_URL: 词典服务的地址\n' + BODY,
    );
    expect(warnings).toEqual([]);
    expect(definition?.locales).toEqual({ 'zh-CN': { title: '查词典', config: { DICT_URL: '词典服务的地址' } } });
  });
});

describe('a mistake in locales', () => {
  const cases: [string, string, number, string, RegExp][] = [
    ['not a mapping', 'locales: 中文\n', 13, 'locales-not-mapping', /"locales" must be a mapping/],
    ['a tag iAs does not speak', 'locales:\n  zh:\n    title: 查词典\n', 14, 'locale-unknown', /"zh".*write zh-CN/],
    ['English as a tag', 'locales:\n  en:\n    title: Lookup\n', 14, 'locale-unknown', /"en".*write zh-CN/],
    ['a language that is not a mapping', 'locales:\n  zh-CN: 查词典\n', 14, 'locales-not-mapping', /"locales.zh-CN"/],
    [
      'a key it does not read',
      'locales:\n  zh-CN:\n    title: 查词典\n    titel: 查词典\n',
      16,
      'locale-unknown-key',
      /"locales.zh-CN" has "titel"/,
    ],
    [
      'a title that is not text',
      'locales:\n  zh-CN:\n    description: 查一个词。\n    title: [查, 词典]\n',
      16,
      'locale-not-text',
      /"locales.zh-CN.title" must be text/,
    ],
    [
      'a description too long',
      `locales:\n  zh-CN:\n    description: ${'很长'.repeat(600)}\n`,
      15,
      'locale-text-long',
      /"locales.zh-CN.description" is 1200 characters, more than the 1024/,
    ],
    [
      'config that is not a mapping',
      'locales:\n  zh-CN:\n    config:\n      - 词典服务的 API Key\n',
      15,
      'locales-not-mapping',
      /"locales.zh-CN.config"/,
    ],
    [
      'a setting the skill does not have',
      'locales:\n  zh-CN:\n    config:\n      DICT_API_KEY: 词典服务的 API Key\n      DICT_TOKEN: 词典服务的令牌\n',
      17,
      'locale-config-unknown',
      /names DICT_TOKEN, which is not one of this skill's settings/,
    ],
  ];
  it.each(cases)(
    '(%s) is a warning at its line, and the skill loads without that text',
    (_, block, line, code, said) => {
      const { definition, errors, warnings } = parse(HEAD + block + BODY);
      expect(errors).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ path: FILE, line, messageCode: { code } });
      expect(warnings[0]!.message).toMatch(said);
      expect(saySkillProblem(chineseSkillProblems, warnings[0]!.message, warnings[0]!.messageCode)).toMatch(
        /^front matter 的“locales/,
      );
      expect(definition).toMatchObject({ name: 'lookup', risk: 'low', title: 'Dictionary lookup' });
      expect(definition?.description).toBe("Looks a word up in the owner's dictionary service.");
      // What is right beside the mistake is kept.
      if (code === 'locale-config-unknown') {
        expect(definition?.locales).toEqual({ 'zh-CN': { config: { DICT_API_KEY: '词典服务的 API Key' } } });
      }
      if (code === 'locale-not-text') expect(definition?.locales).toEqual({ 'zh-CN': { description: '查一个词。' } });
    },
  );

  it('is listed with the skills loaded, this one among them', async () => {
    w = await apiWorld();
    const bad = HEAD + 'locales:\n  zh-CN:\n    config:\n      DICT_TOKEN: 词典服务的令牌\n' + BODY;
    writeSkill(w.runtime.paths.userSkills, 'lookup', bad);
    w.runtime.registry.reload('user', ['lookup']);
    const { skills, problems } = await w.core.api.listSkills();
    expect(skills.map((s) => s.name).sort()).toEqual(['lookup', 'read_only', 'send_mail']);
    expect(problems).toEqual([
      expect.objectContaining({
        path: path.join(w.runtime.paths.userSkills, 'lookup', 'SKILL.md'),
        line: 16,
        severity: 'warning',
        messageCode: { code: 'locale-config-unknown', params: { at: 'locales.zh-CN.config', name: 'DICT_TOKEN' } },
      }),
    ]);
  });

  it('made of YAML aliases that expand past the size a SKILL.md may have is refused, as elsewhere', () => {
    const aliases = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ];
    const { errors } = parse(`${HEAD}${aliases.join('\n')}\nlocales:\n  zh-CN:\n    title: *e\n${BODY}`);
    expect(errors).toMatchObject([{ messageCode: { code: 'front-matter-too-large' } }]);
  });
});
