/** Parameter schemas as Moonshot (Kimi) takes them: a "type" on every property, item and branch. */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../src/core/agent/catalogue.js';
import { breaksMoonshotSchema, withMoonshotSchemas } from '../../../src/core/agent/moonshot-schemas.js';

const tool = (parameters: Record<string, unknown>): ToolDefinition => ({
  type: 'function',
  function: { name: 't', description: 't', parameters },
});

describe('Moonshot schemas', () => {
  it('types are read from what a node says, moved into branches, and "string" where nothing is said', () => {
    const loose = tool({
      type: 'object',
      properties: {
        any: { description: 'anything' },
        level: { enum: [1, 2.5] },
        fixed: { const: true },
        mixed: { enum: ['a', 1] },
        when: { type: 'string', anyOf: [{ format: 'date' }, { type: 'integer' }] },
        tags: { items: { description: 'a tag' } },
        pair: { type: 'array', items: [{ type: 'string' }, {}] },
        meta: { properties: { inner: {} } },
      },
    });
    expect(breaksMoonshotSchema([loose])).toBe(true);
    const [sent] = withMoonshotSchemas([loose])!;
    expect(sent!.function.parameters).toEqual({
      type: 'object',
      properties: {
        any: { description: 'anything', type: 'string' },
        level: { enum: [1, 2.5], type: 'number' },
        fixed: { const: true, type: 'boolean' },
        mixed: { enum: ['a', 1], type: ['string', 'integer'] },
        when: { anyOf: [{ format: 'date', type: 'string' }, { type: 'integer' }] },
        tags: { items: { description: 'a tag', type: 'string' }, type: 'array' },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'string' }] },
        meta: { properties: { inner: { type: 'string' } }, type: 'object' },
      },
    });
    expect(breaksMoonshotSchema([sent!])).toBe(false);
  });

  it('a schema Moonshot takes is sent as it is', () => {
    const strict = tool({ type: 'object', properties: { to: { type: 'string' } }, required: ['to'] });
    expect(breaksMoonshotSchema([strict])).toBe(false);
    expect(withMoonshotSchemas([strict])![0]).toBe(strict);
    expect(breaksMoonshotSchema([tool({})])).toBe(false);
  });
});
