/**
 * Two `ias chat --conversation ID` at once: while the first runs a call, the second is refused (in
 * the owner's language, exit 1) with nothing stored; the first one killed (a dead owner), the
 * conversation is free again. On a terminal, the refused line waits at the prompt to be sent again.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { iasAsync, iasProcess } from '../helpers/cli.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { heldCallSkill } from '../helpers/held-call.js';
import { onCleanup, tempDir } from '../helpers/temp.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The conversation's messages, as roles and texts (read through a store of this process). */
function stored(home: string, conversationId: string): [string, string][] {
  const store = openStore(path.join(home, 'ias.db'));
  try {
    return store.conversations.messages(conversationId).map((m) => [m.role, m.content]);
  } finally {
    store.close();
  }
}

describe.runIf(process.platform === 'linux')('`ias chat --conversation` while another turn runs there', () => {
  it('is refused with nothing stored, and goes through once the owner of that turn is dead', async () => {
    server = await startModelServer();
    const home = tempDir('ias-chat-under-way-');
    const system = path.join(home, 'system');
    // Its call goes on after its `ias chat` is killed: it ends with the test.
    const held = heldCallSkill(system, home);
    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    const args = ['--home', home, '--system-skills', system];
    server.enqueue({ content: 'Hello.' });
    const first = JSON.parse((await iasAsync(['chat', 'hello', '--json', ...args], env)).stdout) as {
      conversationId: string;
    };
    const { conversationId } = first;

    server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    // Under way until it is killed: in its call, or (past the call's 8 s) waiting for the model.
    // The message refused meanwhile is answered once sent again.
    server.fallback((request) =>
      JSON.stringify(request.body).includes('and email it')
        ? { content: 'Sent.' }
        : { delayMs: 120_000, content: 'never sent' },
    );
    const owner = iasProcess(['chat', 'make the report', '--conversation', conversationId, ...args], env);
    onCleanup(() => owner.child.kill('SIGKILL'));
    await held.running();

    const refused = await iasAsync(['chat', 'and email it', '--conversation', conversationId, '--json', ...args], env);
    expect(refused.status).toBe(1);
    const busy = 'a reply is still coming in this conversation; stop it or wait';
    expect(JSON.parse(refused.stdout)).toEqual({ conversationId, error: busy });
    expect(refused.stderr).toContain(busy);
    const chinese = await iasAsync(['chat', 'and email it', '--conversation', conversationId, ...args], {
      ...env,
      LANG: 'zh_CN.UTF-8',
    });
    expect(chinese.status).toBe(1);
    expect(chinese.stderr).toContain('这个对话还在回复中：请先停止，或等它回复完。');
    // Nothing of it is stored, nor sent to the model.
    expect(stored(home, conversationId).map(([, content]) => content)).not.toContain('and email it');
    expect(JSON.stringify(server.requests.map((r) => r.body))).not.toContain('and email it');

    // The turn's owner killed: its turn is cut off, and the conversation goes on.
    owner.child.kill('SIGKILL');
    await owner.run;
    const next = await iasAsync(['chat', 'and email it', '--conversation', conversationId, '--json', ...args], env);
    expect(next.status).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ conversationId, reply: 'Sent.' });
    const after = stored(home, conversationId);
    expect(after).toContainEqual(['system', 'This turn was cut off: iAs stopped before it ended.']);
    expect(after.slice(-2)).toEqual([
      ['user', 'and email it'],
      ['assistant', 'Sent.'],
    ]);
  });

  it('on a terminal, the refused line waits at the prompt and is sent with Enter once the turn is free', async () => {
    server = await startModelServer();
    const home = tempDir('ias-chat-under-way-term-');
    const system = path.join(home, 'system');
    const held = heldCallSkill(system, home);
    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    const args = ['--home', home, '--system-skills', system];
    server.enqueue({ content: 'Hello.' });
    const { conversationId } = JSON.parse((await iasAsync(['chat', 'hello', '--json', ...args], env)).stdout) as {
      conversationId: string;
    };
    server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    server.fallback((request) =>
      JSON.stringify(request.body).includes('and email it')
        ? { content: 'Sent it.' }
        : { delayMs: 120_000, content: 'never sent' },
    );
    const owner = iasProcess(['chat', 'make the report', '--conversation', conversationId, ...args], env);
    onCleanup(() => owner.child.kill('SIGKILL'));
    await held.running();

    const term = iasOnTerminal(['chat', '--conversation', conversationId, ...args], env);
    await term.waitFor('you> ');
    term.type('and email it\r');
    await term.waitFor('a reply is still coming in this conversation; stop it or wait');
    // Drawn again with the refused line on it, nothing of it stored.
    await term.waitFor('you> and email it', 2);
    expect(stored(home, conversationId).map(([, content]) => content)).not.toContain('and email it');

    owner.child.kill('SIGKILL');
    await owner.run;
    // Enter sends what waits at the prompt: nothing else is typed.
    term.type('\r');
    await term.waitFor('Sent it.');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(stored(home, conversationId).slice(-2)).toEqual([
      ['user', 'and email it'],
      ['assistant', 'Sent it.'],
    ]);
  }, 60_000);
});
