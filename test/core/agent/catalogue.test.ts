import { describe, expect, it } from 'vitest';
import { buildCatalogue, FIND_SKILLS, MAX_TOOLS, toolFor } from '../../../src/core/agent/catalogue.js';
import { estimateTokens } from '../../../src/core/agent/history.js';
import type { Skill } from '../../../src/core/skills/types.js';

const skill = (name: string, description: string): Skill =>
  ({
    name,
    title: name,
    description,
    kind: 'script',
    parameters: { type: 'object', properties: { q: { type: 'string', description: '查询 words' } } },
  }) as unknown as Skill;

describe('the tool catalogue', () => {
  it('counts the tokens of its tools as of their JSON text, CJK included, with find_skills or without', () => {
    const few = [skill('weather', '查询天气 and forecasts'), skill('notes', 'Writes notes.')];
    const all = buildCatalogue(few, 'weather');
    expect(all.tools.map((t) => t.function.name)).toEqual(['weather', 'notes']);
    expect(all.tokens).toBe(estimateTokens(JSON.stringify(all.tools)));
    expect(buildCatalogue([], 'x').tokens).toBe(estimateTokens('[]'));

    const many = Array.from({ length: MAX_TOOLS + 5 }, (_, i) => skill(`tool_${i}`, `助手 number ${i}`));
    const some = buildCatalogue(many, 'number 7');
    expect(some.tools.at(-1)!.function.name).toBe(FIND_SKILLS);
    expect(some.hidden.length).toBeGreaterThan(0);
    expect(some.tokens).toBe(estimateTokens(JSON.stringify(some.tools)));
  });

  it('makes each skill’s tool once, and a changed skill (a new object) gets its own', () => {
    const first = skill('notes', 'Writes notes.');
    expect(toolFor(first)).toBe(toolFor(first));
    const edited = skill('notes', 'Writes and reads notes.');
    expect(toolFor(edited).function.description).toBe('Writes and reads notes.');
  });
});
