/** The conversations' change notices: after the write, outside its transaction, never failing it. */
import path from 'node:path';
import { expect, it } from 'vitest';
import { openStore } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

it('tells listeners after the write; a listener that throws fails neither the write nor its transaction', async () => {
  const store = openStore(path.join(tempDir('ias-conv-changes-'), 'ias.db'));
  onCleanup(() => store.close());
  const told: string[] = [];
  let inTransaction: boolean[] = [];
  store.conversations.on('changed', (id) => {
    told.push(id);
    inTransaction.push(store.db.inTransaction);
  });
  store.conversations.on('changed', () => {
    throw new Error('a listener that fails');
  });
  store.atomically(() => {
    store.conversations.create('c1', 'first');
    store.conversations.append('c1', 'user', 'hello');
  });
  expect(told).toEqual([]);
  await Promise.resolve();
  expect(told).toEqual(['c1', 'c1']);
  expect(inTransaction).toEqual([false, false]);
  expect(store.conversations.messages('c1').map((m) => m.content)).toEqual(['hello']);
  inTransaction = [];
  expect(store.conversations.rename('nope', 'x')).toBe(false);
  await Promise.resolve();
  expect(told).toEqual(['c1', 'c1']);
});
