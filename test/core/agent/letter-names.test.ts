/** Tool names sent to a server that wants them to begin with a letter or an underscore (Gemini). */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../src/core/agent/catalogue.js';
import { hasNamesNotLetterFirst, withLetterNames } from '../../../src/core/agent/letter-names.js';

const tool = (name: string): ToolDefinition => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object' } },
});
const names = (tools: ToolDefinition[] | undefined) => (tools ?? []).map((t) => t.function.name);

describe('letter names', () => {
  it('a name too long with `S_` gets one of its own; every name is read back to the skill', () => {
    const long = `9${'a'.repeat(63)}`;
    const tools = [tool('1note'), tool('_1note'), tool(long), tool('note_down')];
    const sent = withLetterNames(tools, []);
    const [note, underscored, longSent, plain] = names(sent.tools);
    expect([note, underscored, plain]).toEqual(['S_1note', 'S__1note', 'note_down']);
    expect(longSent).toMatch(/^S_9a+_[a-zA-Z0-9]{9}$/);
    expect(longSent!.length).toBe(64);
    expect(new Set(names(sent.tools)).size).toBe(4);
    const back = sent.back(names(sent.tools).map((name, i) => ({ id: `c${i}`, name, arguments: '{}' })));
    expect(back.map((c) => c.name)).toEqual(['1note', '_1note', long, 'note_down']);
  });

  it('names in history count, and a request without such names is left as it is', () => {
    const history = [
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [{ id: 'a', type: 'function' as const, function: { name: '3d_print', arguments: '{}' } }],
      },
      { role: 'tool' as const, tool_call_id: 'a', content: 'ok', name: '3d_print' },
    ];
    expect(hasNamesNotLetterFirst(undefined, history)).toBe(true);
    expect(hasNamesNotLetterFirst([tool('note_down')], [])).toBe(false);
    const sent = withLetterNames(undefined, history);
    expect(sent.tools).toBeUndefined();
    expect(JSON.stringify(sent.messages)).not.toContain('"3d_print"');
    expect(JSON.stringify(sent.messages).match(/S_3d_print/g)).toHaveLength(2);
    const plain = [{ role: 'user' as const, content: 'hi' }];
    expect(withLetterNames([tool('note_down')], plain).messages[0]).toBe(plain[0]);
  });
});
