/**
 * Parameter schemas that name an `$id`: Ajv keeps every `$id` it compiles, so an edit keeping the
 * `$id`, or two skills sharing one, made the schema fail to compile ("already exists") until a
 * restart. Each is checked by its own schema.
 */
import { describe, expect, it } from 'vitest';
import { checkArguments } from '../../../src/core/skills/executor.js';
import { loadSkillFolder } from '../../../src/core/skills/load.js';
import type { Skill } from '../../../src/core/skills/types.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

function skillWith(parameters: object, name = 'subject'): Skill {
  const root = tempDir();
  writeSkill(root, name, scriptSkill({ parameters, script: 'echo hi' }));
  const loaded = loadSkillFolder(root, name, 'user')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

const ID = 'https://example.com/schemas/notes.json';

describe('parameter schemas with $id', () => {
  it('an edited schema that keeps its $id is checked as edited', () => {
    const before = skillWith({ $id: ID, type: 'object', properties: { text: { type: 'string' } } });
    expect(checkArguments(before, { text: 'a', n: 'x' })).toBeUndefined();
    const after = skillWith({
      $id: ID,
      type: 'object',
      properties: { text: { type: 'string' }, n: { type: 'integer' } },
    });
    expect(checkArguments(after, { text: 'a', n: 2 })).toBeUndefined();
    expect(checkArguments(after, { text: 'a', n: 'x' })).toMatch(/^invalid arguments for subject: "n" must be integer/);
  });

  it('two skills sharing an $id are each checked by their own schema', () => {
    const words = skillWith({ $id: ID, type: 'object', properties: { value: { type: 'string' } } }, 'words');
    const numbers = skillWith({ $id: ID, type: 'object', properties: { value: { type: 'number' } } }, 'numbers');
    expect(checkArguments(words, { value: 'a' })).toBeUndefined();
    expect(checkArguments(numbers, { value: 1 })).toBeUndefined();
    expect(checkArguments(numbers, { value: 'a' })).toMatch(/"value" must be number/);
    expect(checkArguments(words, { value: 1 })).toMatch(/"value" must be string/);
  });

  it("one skill's $ref does not reach a part of another's schema by its $id", () => {
    const part = 'https://example.com/schemas/part.json';
    const own = (type: string) => ({
      type: 'object',
      properties: { part: { $id: part, type }, other: { $ref: part } },
    });
    const first = skillWith(own('string'), 'first');
    expect(checkArguments(first, { other: 'a' })).toBeUndefined();
    const second = skillWith(own('integer'), 'second');
    expect(checkArguments(second, { other: 1 })).toBeUndefined();
    expect(checkArguments(second, { other: 'a' })).toMatch(/must be integer/);
    expect(checkArguments(first, { other: 1 })).toMatch(/must be string/);
  });
});
