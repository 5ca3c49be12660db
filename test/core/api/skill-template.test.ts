/**
 * The new-skill templates, in English and 简体中文: each loads through the core's parser as a valid
 * skill of its kind (the headings and keys the parser needs stay), with the words a person reads in
 * the language asked for; the contract takes the language over a transport, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCall } from '../../../src/core/api/validate-call.js';
import { parseSkillFile } from '../../../src/core/skills/parse.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';

const HAN = /\p{Script=Han}/u;

let w: ApiWorld;
beforeAll(async () => {
  w = await apiWorld();
});
afterAll(async () => {
  await w?.close();
});

const parsed = (content: string) => parseSkillFile(Buffer.from(content), '/skills/my_skill/SKILL.md', 'my_skill');

describe.each([
  ['en', false],
  ['zh-CN', true],
] as const)('in %s', (language, chinese) => {
  it('the script template loads as a valid low-risk script skill, its words in the language', async () => {
    const content = await w.core.api.skillTemplate('script', language);
    const { definition, errors, warnings } = parsed(content);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(definition).toMatchObject({ kind: 'script', risk: 'low', name: 'my_skill' });
    expect(definition!.script?.body).toContain('$SKILL_PARAM_TEXT');
    expect(Object.keys((definition!.parameters as { properties: object }).properties)).toEqual(['text']);
    for (const text of [definition!.title, definition!.description]) expect(HAN.test(text)).toBe(chinese);
    // What the core's own check of an editor's text says too.
    expect((await w.core.api.validateSkill('my_skill', content)).ok).toBe(true);
  });

  it('the instructions template loads as a valid instruction skill, its words in the language', async () => {
    const content = await w.core.api.skillTemplate('instructions', language);
    const { definition, errors } = parsed(content);
    expect(errors).toEqual([]);
    expect(definition).toMatchObject({ kind: 'instructions', name: 'my_skill' });
    expect(HAN.test(definition!.description)).toBe(chinese);
    expect(HAN.test(definition!.instructions ?? '')).toBe(chinese);
    expect((await w.core.api.validateSkill('my_skill', content)).ok).toBe(true);
  });
});

it('without a language the templates are English, as before', async () => {
  expect(await w.core.api.skillTemplate('script')).toBe(await w.core.api.skillTemplate('script', 'en'));
});

it('a transport passes the kind and a language of the UI’s, and nothing else', () => {
  expect(validateCall('skillTemplate', ['script'])).toBeUndefined();
  expect(validateCall('skillTemplate', ['instructions', 'zh-CN'])).toBeUndefined();
  expect(validateCall('skillTemplate', ['script', 'fr'])).toBeDefined();
  expect(validateCall('skillTemplate', ['script', 'en', 'extra'])).toBeDefined();
});
