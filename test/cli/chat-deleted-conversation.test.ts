/**
 * `ias chat` whose conversation is deleted while it answers, or while it waits at its prompt (from
 * the app, or another `ias`): it says the conversation was deleted (not the store's refusal of a
 * write), exit 1, and does not tell the owner to go on with a conversation that is gone; on a
 * terminal, the next message begins a new conversation.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { iasAsync } from '../helpers/cli.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { tempDir } from '../helpers/temp.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Deletes every conversation of the data folder `home` (as the app's window does), returning their ids. */
function deleteAll(home: string): string[] {
  const store = openStore(path.join(home, 'ias.db'));
  try {
    return store.conversations.list().map((c) => (store.conversations.delete(c.id), c.id));
  } finally {
    store.close();
  }
}

const DELETED = 'This conversation was deleted, so nothing more of it was kept.';

describe('`ias chat` whose conversation is deleted while it answers', () => {
  it('one turn: says so, exit 1, and names no conversation to go on with', async () => {
    server = await startModelServer();
    const home = tempDir('ias-chat-deleted-');
    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    let deleted: string[] = [];
    server.enqueue(() => {
      deleted = deleteAll(home);
      return { content: 'Hello.' };
    });
    const run = await iasAsync(['chat', 'hello', '--json', '--home', home], env);
    expect(deleted).toHaveLength(1);
    expect(run.status).toBe(1);
    const json = JSON.parse(run.stdout) as { conversationId: string; error: string };
    expect(json.conversationId).toBe(deleted[0]);
    expect(json.error).toContain(DELETED);
    expect(run.stderr).toContain(DELETED);
    expect(run.stderr).not.toMatch(/FOREIGN KEY|ias chat --conversation/);
  });

  it.runIf(process.platform === 'linux')(
    'on a terminal: the next message begins a new conversation',
    async () => {
      server = await startModelServer();
      const home = tempDir('ias-chat-deleted-');
      const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
      server.enqueue(
        () => {
          deleteAll(home);
          return { content: 'Hello.' };
        },
        { content: 'Hi again.' },
      );
      const term = iasOnTerminal(['chat', '--home', home], env);
      await term.waitFor('you> ');
      term.type('hello\r');
      await term.waitFor(DELETED);
      await term.waitFor('you> ', 2);
      term.type('hello again\r');
      await term.waitFor('Hi again.');
      await term.waitFor('you> ', 3);
      term.type(CTRL_D);
      expect(await term.exited).toBe(0);
      const store = openStore(path.join(home, 'ias.db'));
      try {
        const [conversation, ...others] = store.conversations.list();
        expect(others).toEqual([]);
        expect(store.conversations.messages(conversation!.id).map((m) => [m.role, m.content])).toEqual([
          ['user', 'hello again'],
          ['assistant', 'Hi again.'],
        ]);
      } finally {
        store.close();
      }
    },
    60_000,
  );

  it.runIf(process.platform === 'linux')(
    'on a terminal, deleted between two turns: said, then a new conversation',
    async () => {
      server = await startModelServer();
      const home = tempDir('ias-chat-deleted-');
      const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
      server.enqueue({ content: 'Hello.' }, { content: 'Hi again.' });
      const term = iasOnTerminal(['chat', '--home', home], env);
      await term.waitFor('you> ');
      term.type('hello\r');
      await term.waitFor('Hello.');
      await term.waitFor('you> ', 2);
      expect(deleteAll(home)).toHaveLength(1);
      term.type('still there?\r');
      await term.waitFor(DELETED);
      await term.waitFor('you> ', 3);
      term.type('hello again\r');
      await term.waitFor('Hi again.');
      await term.waitFor('you> ', 4);
      term.type(CTRL_D);
      expect(await term.exited).toBe(0);
      expect(server.requests).toHaveLength(2);
      const store = openStore(path.join(home, 'ias.db'));
      try {
        const [conversation, ...others] = store.conversations.list();
        expect(others).toEqual([]);
        expect(store.conversations.messages(conversation!.id).map((m) => m.content)).toEqual([
          'hello again',
          'Hi again.',
        ]);
      } finally {
        store.close();
      }
    },
    60_000,
  );
});
