import { afterEach, describe, expect, it } from 'vitest';
import { validateCall } from '../../../src/core/api/validate-call.js';
import type { ConversationsRepo, MessageExtra, MessageRole } from '../../../src/core/store/conversations-repo.js';
import type { ChatMessage } from '../../../src/shared/contract.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/**
 * A conversation of 2,000-odd messages: questions and answers, every seventh turn with a tool call
 * (and every 21st with two rounds of them), every tenth with a shown line, background notes before
 * some questions, and at 400 one turn of 301 messages (150 rounds of tool calls).
 */
function seed(conversations: ConversationsRepo, id: string): void {
  conversations.create(id, 'long');
  let count = 0;
  const append = (role: MessageRole, content: string, extra: MessageExtra = {}) => {
    conversations.append(id, role, content, extra);
    count++;
  };
  for (let i = 0; count < 2000; i++) {
    if (i % 11 === 3) append('system', `Background call ${i} finished`, { note: true });
    append('user', `Question ${i}`);
    const rounds = i === 400 ? 150 : i % 21 === 0 ? 2 : i % 7 === 0 ? 1 : 0;
    for (let r = 0; r < rounds; r++) {
      const call = { id: `call_${i}_${r}`, name: 'lookup', arguments: '{}' };
      append('assistant', '', { toolCalls: [call] });
      append('tool', '{"success":true}', { toolCallId: call.id, name: 'lookup' });
    }
    append('assistant', `Answer ${i}`);
    if (i % 10 === 5) append('system', 'A notice.', { shown: 'notice' });
  }
}

/** Where a turn begins: the owner's message, or the first of the notes before it. */
const beginsTurn = (all: ChatMessage[], index: number) => {
  const m = all[index]!;
  const before = all[index - 1];
  return (m.role === 'user' || (m.role === 'system' && m.note === true)) && !(before?.role === 'system' && before.note);
};

describe('getMessages: a conversation a page at a time', () => {
  it('pages back through whole turns to the first message, which says it is the first', async () => {
    w = await apiWorld();
    seed(w.runtime.store.conversations, 'c');
    const api = w.core.api;
    const all = await api.getMessages('c');
    expect(all.length).toBeGreaterThanOrEqual(2000);
    expect(all.filter((m) => m.first).map((m) => m.id)).toEqual([all[0]!.id]);

    const pages: ChatMessage[][] = [await api.getMessages('c', { limit: 200 })];
    while (!pages[0]![0]!.first) pages.unshift(await api.getMessages('c', { limit: 200, before: pages[0]![0]!.id }));
    // Together, the pages are the whole conversation, each message once, in order.
    expect(pages.flat().map((m) => m.id)).toEqual(all.map((m) => m.id));
    for (const page of pages) {
      const start = all.findIndex((m) => m.id === page[0]!.id);
      expect(beginsTurn(all, start)).toBe(true);
      expect(page.filter((m) => m.first).length).toBe(page === pages[0] ? 1 : 0);
      // Within the limit, unless it is the long turn, whole.
      if (page.length > 200) {
        expect(page[0]!.content).toBe('Question 400');
        expect(page.filter((m) => m.role === 'user')).toHaveLength(1);
      }
    }
    // Pages hold as many whole turns as fit: most hold nearly 200 messages.
    expect(pages.length).toBeLessThan(all.length / 150);

    // A number is a page's limit, as before: the latest whole turns.
    const latest = await api.getMessages('c', 200);
    expect(latest).toEqual(pages.at(-1));
    expect(latest.length).toBeLessThanOrEqual(200);
  });

  it('a short conversation comes whole, marked first; an unknown one is empty', async () => {
    w = await apiWorld();
    const { conversations } = w.runtime.store;
    conversations.create('s', 'short');
    conversations.append('s', 'user', 'hi');
    conversations.append('s', 'assistant', 'hello');
    const page = await w.core.api.getMessages('s', { limit: 200 });
    expect(page.map((m) => [m.content, m.first])).toEqual([
      ['hi', true],
      ['hello', undefined],
    ]);
    expect(await w.core.api.getMessages('s', { limit: 200, before: page[0]!.id })).toEqual([]);
    expect(await w.core.api.getMessages('nothing', { limit: 10 })).toEqual([]);
  });

  it('the page argument is checked before it reaches the core', () => {
    expect(validateCall('getMessages', ['c', { limit: 200 }])).toBeUndefined();
    expect(validateCall('getMessages', ['c', { limit: 200, before: 4031 }])).toBeUndefined();
    expect(validateCall('getMessages', ['c', { before: 4031 }])).toMatch(/argument 2/);
    expect(validateCall('getMessages', ['c', { limit: 200, before: 0 }])).toMatch(/argument 2/);
    expect(validateCall('getMessages', ['c', { limit: 200, after: 5 }])).toMatch(/argument 2/);
    expect(validateCall('getMessages', ['c', '200'])).toMatch(/argument 2/);
  });
});
