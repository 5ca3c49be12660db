import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  fromMessages,
  storedBefore,
  storedItems,
  toolsOf,
  type AssistantItem,
  type Item,
} from '../../src/renderer/chat/transcript.js';
import type { ChatEvent, ChatMessage } from '../../src/shared/contract.js';

const message = (id: number, rest: Omit<ChatMessage, 'id' | 'createdAt'>): ChatMessage => ({
  id,
  createdAt: id,
  ...rest,
});
const stillRunning = JSON.stringify({ status: 'running in background' });
const calls = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: 'slow', arguments: '{}' }));

describe('a stored conversation as the chat shows it', () => {
  it('shows a call gone on in the background as far as its job got, and no note for the model', () => {
    const items = fromMessages([
      message(1, { role: 'user', content: 'go' }),
      message(2, { role: 'assistant', content: '', toolCalls: calls }),
      message(3, {
        role: 'tool',
        content: stillRunning,
        toolCallId: 'a',
        background: { status: 'ended', result: { success: true, data: 'found' } },
      }),
      message(4, { role: 'tool', content: stillRunning, toolCallId: 'b', background: { status: 'running' } }),
      message(5, { role: 'tool', content: stillRunning, toolCallId: 'c', background: { status: 'interrupted' } }),
      message(6, {
        role: 'tool',
        content: stillRunning,
        toolCallId: 'd',
        background: { status: 'ended', result: '用户拒绝了你的调用' },
      }),
      message(7, { role: 'assistant', content: 'Going on in the background.' }),
      message(8, { role: 'system', content: 'Background call slow (a) finished: {"data":"found"}', note: true }),
      message(9, { role: 'user', content: 'and?' }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'user']);
    const tools = (items[1] as AssistantItem).parts.flatMap((p) => (p.type === 'tool' ? [p.tool] : []));
    expect(tools.map((t) => [t.id, t.status])).toEqual([
      ['a', 'done'],
      ['b', 'background'],
      ['c', 'error'],
      ['d', 'refused'],
    ]);
    expect(tools[0]!.result).toEqual({ success: true, data: 'found' });
  });

  it('shows a turn’s notice, failure and stop with it', () => {
    const items = fromMessages([
      message(1, { role: 'user', content: 'hi' }),
      message(2, { role: 'system', content: 'The server refused the API key (401).', shown: 'error' }),
      message(3, { role: 'user', content: 'again' }),
      message(4, { role: 'assistant', content: 'Plain.' }),
      message(5, { role: 'system', content: 'The model m cannot use tools.', shown: 'notice' }),
      message(6, { role: 'user', content: 'long story' }),
      message(7, { role: 'assistant', content: 'Once upon' }),
      message(8, { role: 'system', content: 'Stopped by the owner.', shown: 'stopped' }),
    ]);
    expect(items.map((i) => i.kind === 'assistant' && i.stopped === true)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(items.map((i) => (i.kind === 'assistant' ? i.parts : i.text))).toEqual([
      'hi',
      [{ type: 'error', text: 'The server refused the API key (401).' }],
      'again',
      [
        { type: 'text', text: 'Plain.' },
        { type: 'notice', text: 'The model m cannot use tools.' },
      ],
      'long story',
      [{ type: 'text', text: 'Once upon' }],
    ]);
  });
});

describe('a live turn as the chat shows it', () => {
  const block = (): AssistantItem => ({
    kind: 'assistant',
    key: 'live-1',
    createdAt: 0,
    parts: [],
    reasoning: '',
    live: true,
  });
  const apply = (events: ChatEvent[], start = block()) =>
    events.reduce((item, event) => applyEvent(item, event), start);

  it('moves the reply streamed so far to the reasoning when it turns out to be thinking', () => {
    // A first round's text and call, then a reply whose thinking streamed as text.
    const item = apply([
      { kind: 'delta', text: 'Let me look.' },
      { kind: 'tool-call', id: 'a', name: 'read_only', arguments: '{}' },
      { kind: 'delta', text: 'The owner' },
      { kind: 'delta', text: ' wants it.' },
      { kind: 'moved', to: 'reasoning', text: 'The owner wants it.' },
      { kind: 'reasoning', text: ' Say so.' },
      { kind: 'delta', text: 'Found it.' },
    ]);
    expect(item.reasoning).toBe('The owner wants it. Say so.');
    expect(item.parts.map((p) => (p.type === 'text' ? p.text : p.type))).toEqual(['Let me look.', 'tool', 'Found it.']);
  });

  it('moves reasoning back to the reply when it turns out to be text', () => {
    const item = apply([
      { kind: 'reasoning', text: 'Thought apart. ' },
      { kind: 'reasoning', text: 'Just the' },
      { kind: 'reasoning', text: ' answer.' },
      { kind: 'moved', to: 'text', text: 'Just the answer.' },
    ]);
    expect(item.reasoning).toBe('Thought apart. ');
    expect(item.parts).toEqual([{ type: 'text', text: 'Just the answer.' }]);
  });
});

describe('a conversation read again for what another iAs process added to it', () => {
  const turn = (first: number, question: string, answer: string): ChatMessage[] => [
    message(first, { role: 'user', content: question }),
    message(first + 1, { role: 'assistant', content: answer }),
  ];
  const texts = (items: Item[]) =>
    items.map((i) => (i.kind === 'user' ? i.text : i.parts.map((p) => (p.type === 'text' ? p.text : p.type)).join()));

  it('keeps what was shown before the page read again, up to a message of this session', () => {
    const shown: Item[] = [
      ...fromMessages([...turn(1, 'loaded earlier', 'old answer'), ...turn(5, 'last read', 'its answer')]),
      { kind: 'user', key: 'local-1', text: 'sent here', createdAt: 9, local: true },
      { kind: 'assistant', key: 'live-2', createdAt: 9, parts: [], reasoning: '', live: false },
    ];
    // The page read again begins at the last turn read: the earlier one stays as it was.
    expect(texts(storedBefore(shown, 5))).toEqual(['loaded earlier', 'old answer']);
    // A page that begins later keeps everything stored, never what was sent here (read again with it).
    expect(texts(storedBefore(shown, 20))).toEqual(['loaded earlier', 'old answer', 'last read', 'its answer']);
    expect(storedBefore(shown, 1)).toEqual([]);
  });

  it('shows the calls of a turn still under way as running, earlier ones left without a result as failed', () => {
    const call = (id: string) => ({ id, name: 'lookup', arguments: '{}' });
    const messages = [
      message(1, { role: 'user', content: 'first' }),
      message(2, { role: 'assistant', content: '', toolCalls: [call('a')] }),
      message(3, { role: 'user', content: 'second' }),
      message(4, { role: 'assistant', content: '', toolCalls: [call('b')] }),
    ];
    const statuses = (items: Item[]) =>
      items.flatMap((i) => (i.kind === 'assistant' ? toolsOf(i).map((t) => [t.id, t.status]) : []));
    expect(statuses(storedItems(messages))).toEqual([
      ['a', 'error'],
      ['b', 'error'],
    ]);
    const underWay = [...messages.slice(0, -1), { ...messages[3]!, underWay: true }];
    expect(statuses(storedItems(underWay))).toEqual([
      ['a', 'error'],
      ['b', 'running'],
    ]);
  });
});
