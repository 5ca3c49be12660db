/**
 * The conversation list past its first hundred: pages after a cursor reach every conversation once,
 * in the list's order (ties of time by id), and one conversation is read by its id, listed or not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { validateCall } from '../../../src/core/api/validate-call.js';
import type { ConversationInfo } from '../../../src/shared/contract.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const T0 = Date.UTC(2026, 0, 1);

/** 250 conversations, three at each moment (a page boundary falls inside such ties). */
async function seeded(): Promise<ApiWorld> {
  const world = await apiWorld();
  for (let i = 0; i < 250; i++)
    world.runtime.store.conversations.create(`c-${String(i).padStart(3, '0')}`, `Chat ${i}`, T0 + Math.floor(i / 3));
  return world;
}

/** The list's order: the latest changed first, then by id. */
const ordered = (all: ConversationInfo[]) =>
  [...all].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('listConversations: the list a page at a time', () => {
  it('without a page is the 100 latest, as before; pages after a cursor reach all, each once, in order', async () => {
    w = await seeded();
    const api = w.core.api;
    const first = await api.listConversations();
    expect(first).toHaveLength(100);
    expect(first[0]!.title).toBe('Chat 249');

    const pages: ConversationInfo[][] = [];
    for (let page = await api.listConversations({ limit: 100 }); ;) {
      pages.push(page);
      const last = page.at(-1);
      if (page.length < 100 || !last) break;
      page = await api.listConversations({ limit: 100, after: { updatedAt: last.updatedAt, id: last.id } });
    }
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(pages[0]).toEqual(first);
    const all = pages.flat();
    expect(new Set(all.map((c) => c.id)).size).toBe(250);
    expect(all).toEqual(ordered(all));
    // The oldest are reached (at one moment, by id).
    expect(all.slice(-3).map((c) => c.title)).toEqual(['Chat 0', 'Chat 1', 'Chat 2']);

    // A conversation that changes moves to the top; the pages after it no longer hold it.
    w.runtime.store.conversations.append('c-000', 'user', 'Back to this', {}, T0 + 1000);
    expect((await api.listConversations({ limit: 1 }))[0]!.id).toBe('c-000');
    const tail = await api.listConversations({ limit: 1000, after: { updatedAt: T0 + 999, id: '' } });
    expect(tail.map((c) => c.id)).not.toContain('c-000');
    expect(tail).toHaveLength(249);
  });

  it('getConversation reads one by its id, however old; null when there is none', async () => {
    w = await seeded();
    const api = w.core.api;
    expect((await api.listConversations()).map((c) => c.id)).not.toContain('c-001');
    expect(await api.getConversation('c-001')).toEqual({
      id: 'c-001',
      title: 'Chat 1',
      createdAt: T0,
      updatedAt: T0,
    });
    expect(await api.getConversation('nothing')).toBeNull();
    await api.deleteConversation('c-001');
    expect(await api.getConversation('c-001')).toBeNull();
  });

  it('the page and the id are checked before they reach the core', () => {
    expect(validateCall('listConversations', [])).toBeUndefined();
    expect(validateCall('listConversations', [{ limit: 100 }])).toBeUndefined();
    expect(validateCall('listConversations', [{ limit: 100, after: { updatedAt: T0, id: 'c-1' } }])).toBeUndefined();
    expect(validateCall('listConversations', [{ limit: 0 }])).toMatch(/argument 1/);
    expect(validateCall('listConversations', [{ limit: 1001 }])).toMatch(/argument 1/);
    expect(validateCall('listConversations', [{ after: { updatedAt: T0, id: 'c-1' } }])).toMatch(/argument 1/);
    expect(validateCall('listConversations', [{ limit: 10, after: { updatedAt: T0 } }])).toMatch(/argument 1/);
    expect(validateCall('listConversations', [{ limit: 10, after: { updatedAt: 'x', id: 'c' } }])).toMatch(
      /argument 1/,
    );
    expect(validateCall('listConversations', [{ limit: 10 }, 'more'])).toMatch(/takes 0 to 1/);
    expect(validateCall('getConversation', ['c-1'])).toBeUndefined();
    expect(validateCall('getConversation', [])).toMatch(/takes 1 argument/);
    expect(validateCall('getConversation', [''])).toMatch(/argument 1/);
    expect(validateCall('getConversation', [42])).toMatch(/argument 1/);
  });
});
