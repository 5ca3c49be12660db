import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import {
  atBackgroundMailQuestion,
  chatWorld as setup,
  jsonOnScreen,
  mailGoingOnInTheBackground,
  refuseToolResult,
} from '../helpers/chat-world.js';
import { iasAsync } from '../helpers/cli.js';
import { onCleanup, scriptSkill, writeSkill } from '../helpers/temp.js';
import { CTRL_C, CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

describe('ias chat', () => {
  it('one turn with tools, as JSON, through IAS_LLM_* to any OpenAI-compatible server', async () => {
    const s = await setup();
    s.server.enqueue(
      { toolCalls: [{ name: 'echo_back', arguments: '{"text":"ping"}' }] },
      { content: 'It said echo:ping.' },
    );
    const run = await iasAsync(['chat', 'say ping', '--json', ...s.args], s.env);
    expect(run.status).toBe(0);
    const turn = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(turn).toMatchObject({
      reply: 'It said echo:ping.',
      rounds: 1,
      toolCalls: [
        {
          name: 'echo_back',
          arguments: { text: 'ping' },
          status: 'done',
          result: { success: true, data: 'echo:ping' },
        },
      ],
    });
    expect(typeof turn.conversationId).toBe('string');
    expect(s.server.requests[0]!.headers.authorization).toBe('Bearer sk-test-123');
    expect(s.server.requests[0]!.body.model).toBe('test-model');

    s.server.enqueue({ content: 'Still here.' });
    const next = await iasAsync(
      ['chat', 'again', '--conversation', String(turn.conversationId), '--json', ...s.args],
      s.env,
    );
    expect(JSON.parse(next.stdout)).toMatchObject({ conversationId: turn.conversationId, reply: 'Still here.' });
    const messages = s.server.requests[2]!.body.messages as { role: string; content: string }[];
    expect(messages.some((m) => m.content === 'say ping')).toBe(true);
  });

  it('--conversation with white space about its ID (copied with it) goes on with that conversation', async () => {
    const s = await setup();
    s.server.enqueue({ content: 'First.' }, { content: 'Second.' });
    const first = await iasAsync(['chat', 'hello', '--json', ...s.args], s.env);
    const { conversationId } = JSON.parse(first.stdout) as { conversationId: string };
    const next = await iasAsync(
      ['chat', 'again', '--conversation', ` ${conversationId}\n`, '--json', ...s.args],
      s.env,
    );
    expect(next.stderr).toBe('');
    expect(next.status).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ conversationId, reply: 'Second.' });
  });

  it('--help (of chat, and of provider) says which IAS_LLM_* variables point it at a server', async () => {
    for (const command of ['chat', 'provider']) {
      const help = await iasAsync([command, '--help']);
      expect(help.status).toBe(0);
      for (const variable of ['IAS_LLM_BASE_URL', 'IAS_LLM_MODEL', 'IAS_LLM_API_KEY']) {
        expect(help.stdout).toContain(`  ${variable}  `);
      }
      expect(help.stdout).toContain('a local server needs none');
    }
    const help = (await iasAsync(['chat', '--help'])).stdout;
    expect(help).toContain('Ctrl-C stops a reply and /exit or Ctrl-D leaves; /help lists');
    expect(help).toContain('(y/N; Ctrl-C declines');
  });

  it("records its calls in the audit log as the terminal's (source cli), apart from the app's chat", async () => {
    const s = await setup();
    s.server.enqueue({ toolCalls: [{ name: 'echo_back', arguments: '{"text":"audit"}' }] }, { content: 'Done.' });
    const run = await iasAsync(['chat', 'echo audit', '--json', ...s.args], s.env);
    expect(run.status, run.stderr).toBe(0);
    const { conversationId } = JSON.parse(run.stdout) as { conversationId: string };

    // The row in the SQLite file, beside one the app's chat made.
    const store = openStore(path.join(s.home, 'ias.db'));
    try {
      expect(store.audit.query({}).rows).toMatchObject([
        { skill: 'echo_back', source: 'cli', requestedBy: conversationId, status: 'done', resultSummary: 'echo:audit' },
      ]);
      store.audit.record(
        { skill: 'echo_back', source: 'chat', risk: 'low', params: { text: 'app' } },
        { status: 'done', durationMs: 1, resultSummary: 'echo:app' },
      );
    } finally {
      store.close();
    }
    const bySource = async (source: string) => {
      const audit = await iasAsync(['audit', '--json', '--source', source, ...s.args], s.env);
      return (JSON.parse(audit.stdout) as { rows: { resultSummary: string }[] }).rows.map((r) => r.resultSummary);
    };
    expect(await bySource('cli')).toEqual(['echo:audit']);
    expect(await bySource('chat')).toEqual(['echo:app']);
    const csv = await iasAsync(['audit', '--export', 'csv', ...s.args], s.env);
    expect(csv.stdout).toMatch(/^.*,cli,.*echo:audit/m);
  });

  it('streams the reply to stdout for people', async () => {
    const s = await setup();
    s.server.enqueue({ content: '你好，我是 iAs。', chunkSize: 2 });
    const run = await iasAsync(['chat', '你好', ...s.args], s.env);
    expect(run).toMatchObject({ status: 0, stdout: '你好，我是 iAs。\n' });
    // How to go on with it, where people see it and the reply stays clean.
    const id = /ias chat --conversation (\S+)\]/.exec(run.stderr)?.[1];
    expect(id).toBeDefined();
    s.server.enqueue({ content: 'Again.' });
    expect(await iasAsync(['chat', 'again', '--conversation', id!, ...s.args], s.env)).toMatchObject({ status: 0 });
    expect(s.server.requests[1]!.body.messages).toHaveLength(4);
    expect(await iasAsync(['chat', 'hi', '--conversation', '', ...s.args], s.env)).toMatchObject({ status: 2 });
  });

  it('a blank MESSAGE (an unset variable, say) is a usage error: the model is not asked', async () => {
    const s = await setup();
    for (const blank of ['', '  ']) {
      expect(await iasAsync(['chat', blank, '--json', ...s.args], s.env)).toMatchObject({
        status: 2,
        stdout: '',
        stderr:
          'error: the MESSAGE is empty: write something to say, or leave it out for an interactive chat on a terminal\n',
      });
    }
    expect(s.server.requests).toHaveLength(0);
  });

  it('shows reasoning apart from the reply, and what a retry waits for', async () => {
    const s = await setup();
    s.server.enqueue(
      { status: 429, errorMessage: 'Rate limit reached', headers: { 'retry-after': '0' } },
      { reasoning: 'Thinking it over', content: 'The answer.' },
    );
    const run = await iasAsync(['chat', 'think', ...s.args], s.env);
    expect(run).toMatchObject({ status: 0, stdout: 'The answer.\n' });
    expect(run.stderr).toMatch(/Rate limit reached[^\n]*\. Retrying in [\d.]+ s…/);
    expect(run.stderr).toMatch(/Thinking it over\n/);
  });

  it('says that text printed before a lone </think> was thinking; JSON has the reply alone', async () => {
    const s = await setup();
    s.server.enqueue({ content: 'They greet.\n</think>\n\nHello.', chunkSize: 5 });
    const run = await iasAsync(['chat', 'hi', ...s.args], s.env);
    // Printed text cannot be taken back: it is said to have been thinking.
    expect(run).toMatchObject({ status: 0, stdout: 'They greet.Hello.\n' });
    expect(run.stderr).toMatch(/^\[the text above was the model's thinking, not its reply\]\n/);

    // Within the turn the server is known to do so: the step after the call streams its thinking
    // apart, and a reply without `</think>` is printed as the reply after all.
    s.server.enqueue(
      {
        content: 'Echo it.\n</think>\n\n',
        toolCalls: [{ name: 'echo_back', arguments: '{"text":"ping"}' }],
      },
      { content: 'It said echo:ping.' },
    );
    const people = await iasAsync(['chat', 'say ping', ...s.args], s.env);
    expect(people).toMatchObject({ status: 0, stdout: 'Echo it.It said echo:ping.\n' });
    expect(people.stderr).toContain('It said echo:ping.');

    s.server.enqueue({ content: 'They greet.\n</think>\n\nHello.', chunkSize: 5 });
    const json = await iasAsync(['chat', 'hi', '--json', ...s.args], s.env);
    expect(JSON.parse(json.stdout)).toMatchObject({ reply: 'Hello.' });
    expect(json.stdout).not.toContain('They greet');
  });

  it('says when the model cannot use tools: on stderr for people, as notices in JSON', async () => {
    const s = await setup();
    s.server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain.' });
    const people = await iasAsync(['chat', 'hi', ...s.args], s.env);
    expect(people).toMatchObject({ status: 0, stdout: 'Plain.\n' });
    expect(people.stderr).toContain('The model test-model cannot use tools, so it answers without skills.');
    s.server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain again.' });
    const run = await iasAsync(['chat', 'hi', '--json', ...s.args], s.env);
    expect(JSON.parse(run.stdout)).toMatchObject({
      reply: 'Plain again.',
      notices: ['The model test-model cannot use tools, so it answers without skills.'],
    });
  });

  it('without a terminal, a high-risk call is not approved and the model is told it did not run', async () => {
    const s = await setup();
    s.server.enqueue({ toolCalls: [{ name: 'send_mail', arguments: '{}' }] }, { content: 'Could not send.' });
    const run = await iasAsync(['chat', 'send it', '--json', ...s.args], s.env);
    const turn = JSON.parse(run.stdout) as { toolCalls: { status: string; result: unknown }[] };
    // Nobody could approve it: it did not run, refused as its audit entry says.
    expect(turn.toolCalls[0]!.status).toBe('refused');
    expect(JSON.stringify(turn.toolCalls[0]!.result)).toMatch(/did not run/);
    const store = openStore(path.join(s.home, 'ias.db'));
    try {
      expect(store.audit.query({}).rows).toMatchObject([{ skill: 'send_mail', status: 'refused' }]);
    } finally {
      store.close();
    }
    expect(fs.readdirSync(s.home)).not.toContain('sent');
    // The owner is told how such a call can be approved (once).
    expect(run.stderr.match(/run `ias chat` on a terminal to approve it there/g)).toHaveLength(1);
  });

  it('says what to set when no model is configured, and reports provider failures', async () => {
    const s = await setup();
    const none = await iasAsync(['chat', 'hi', ...s.args], {
      IAS_LLM_BASE_URL: '',
      IAS_LLM_MODEL: '',
      IAS_LLM_API_KEY: '',
    });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/IAS_LLM_BASE_URL/);
    const forScript = await iasAsync(['chat', 'hi', '--json', ...s.args], { IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '' });
    expect(forScript.status).toBe(1);
    expect(JSON.parse(forScript.stdout)).toEqual({ error: expect.stringMatching(/^No model is configured/) });
    const notAnAddress = await iasAsync(['chat', 'hi', ...s.args], { ...s.env, IAS_LLM_BASE_URL: 'notaurl' });
    expect(notAnAddress.status).toBe(1);
    expect(notAnAddress.stderr).toMatch(/IAS_LLM_BASE_URL is not a web address: "notaurl"/);
    expect(notAnAddress.stderr).not.toMatch(/Retrying/);
    s.server.enqueue({ status: 401 });
    const refused = await iasAsync(['chat', 'hi', ...s.args], s.env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/refused the API key \(401\)/);
    expect(refused.stderr).not.toContain('sk-test-123');
  });
});

describe('ias chat on a terminal', () => {
  it('Ctrl-C stops the reply under way, not the session; Ctrl-D leaves', async () => {
    const s = await setup();
    const long = `First words. ${'and more '.repeat(200)}THE END`;
    s.server.enqueue({ content: long, chunkDelayMs: 100 }, { content: 'Second reply.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a long story\r');
    await term.waitFor('First words.');
    term.type(CTRL_C);
    await term.waitFor('you> ', 2);
    term.type('and now?\r');
    await term.waitFor('Second reply.');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain('THE END');
    expect(term.screen()).toContain('[stopped]');
    // Left at the prompt: the way back is on a line of its own, not after `you> `.
    expect(term.screen()).toMatch(/you> \r?\n\[to go on with this conversation: ias chat --conversation [\w-]+\]/);
    expect(term.screen()).not.toMatch(/\n\s+at /);
    expect(s.server.requests).toHaveLength(2);
    const sent = s.server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[2]!.content).toMatch(/^First words\./);
  });

  it('a line typed while a reply is under way is sent after it, in its turn, with no prompt inside the reply', async () => {
    const s = await setup();
    let typed!: () => void;
    const typedAhead = new Promise<void>((resolve) => (typed = resolve));
    let asked!: () => void;
    const replying = new Promise<void>((resolve) => (asked = resolve));
    // The first reply comes once the next line has been typed: it is typed while the turn is under way.
    s.server.enqueue(
      async () => {
        asked();
        await typedAhead;
        return { content: `First words. ${'and more '.repeat(30)}THE END` };
      },
      { content: 'Second reply.' },
    );
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a story\r');
    await replying;
    term.type('and then?\r');
    await term.waitFor('[queued: sent after this reply]');
    typed();
    // The first prompt, the typed-ahead line's own, and the one after its reply: none inside the first reply.
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    const screen = term.screen();
    expect(screen.slice(screen.indexOf('tell me a story'), screen.indexOf('THE END'))).not.toContain('you> ');
    expect(screen).toMatch(/THE END\r?\nyou> and then\?\r?\nSecond reply\./);
    expect(s.server.requests).toHaveLength(2);
    const sent = s.server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: 'and then?' });
  });

  it('Ctrl-C stops the reply and drops the lines typed ahead, as a terminal drops type-ahead; says so', async () => {
    const s = await setup();
    let asked!: () => void;
    const replying = new Promise<void>((resolve) => (asked = resolve));
    let ended!: () => void;
    const end = new Promise<void>((resolve) => (ended = resolve));
    s.server.enqueue(
      async () => {
        asked();
        await end;
        return { content: 'late' };
      },
      { content: 'Not to be asked.' },
    );
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a story\r');
    await replying;
    term.type('and then?\r');
    await term.waitFor('[queued: sent after this reply]');
    term.type('and after that?\r');
    await term.waitFor('[queued: sent after this reply]', 2);
    term.type(CTRL_C);
    await term.waitFor('[stopped]');
    await term.waitFor('[2 queued messages not sent]');
    await term.waitFor('you> ', 2);
    ended();
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(/\[stopped\]\r?\n\[2 queued messages not sent\]\r?\nyou> /);
    expect(s.server.requests).toHaveLength(1);
  });

  it('one turn: Ctrl-C stops it at once and the command ends with what was said, and 130', async () => {
    const s = await setup();
    let asked!: () => void;
    const streaming = new Promise<void>((resolve) => (asked = resolve));
    s.server.enqueue(() => {
      asked();
      return { content: `First words. ${'and more '.repeat(200)}THE END`, chunkDelayMs: 100 };
    });
    const term = iasOnTerminal(['chat', 'tell me a long story', '--json', ...s.args], s.env);
    await streaming;
    term.type(CTRL_C);
    expect(await term.exited).toBe(130);
    const turn = jsonOnScreen(term.screen()) as { reply: string; stopped?: boolean };
    expect(turn.reply).not.toContain('THE END');
    expect(turn.stopped).toBe(true);
  });

  it('one turn: a call gone on in the background (its approval past 8 s) is waited for, then ends', async () => {
    const s = await setup();
    mailGoingOnInTheBackground(s.server);
    const term = iasOnTerminal(['chat', 'mail the boss', '--json', ...s.args], s.env);
    await term.waitFor('Run send_mail? [y/N]');
    // Past the call's 8 s the model has answered, and the command waits for the call.
    await term.waitFor('[waiting for a call still running in the background; Ctrl-C stops it]');
    term.type('y\r');
    expect(await term.exited).toBe(0);
    const json = jsonOnScreen(term.screen()) as {
      toolCalls: { status: string }[];
      background: { name: string; status: string; result: unknown }[];
    };
    expect(json.toolCalls.map((c) => c.status)).toEqual(['background']);
    expect(json.background).toEqual([{ name: 'send_mail', status: 'done', result: expect.anything() }]);
    expect(JSON.stringify(json.background[0]!.result)).toContain('sent');
  }, 30_000);

  it('one turn: Ctrl-C at the question of a background call waited for declines it; the command ends', async () => {
    const s = await setup();
    mailGoingOnInTheBackground(s.server);
    const term = iasOnTerminal(['chat', 'mail the boss', ...s.args], s.env);
    await term.waitFor('[waiting for a call still running in the background; Ctrl-C stops it]');
    await term.waitFor('Run send_mail? [y/N]', 2);
    term.type(CTRL_C);
    expect(await term.exited).toBe(0);
    // How it ended is said on the line after the gate's word, with no blank line between.
    expect(term.screen()).toContain('[declined]');
    expect(term.screen()).toMatch(/will not run\.\r?\n\[send_mail finished in the background: refused\]\r?\n/);
    expect(term.screen()).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
  }, 30_000);

  it('one turn: a background call approved at its question says how it ended on the next line, no blank one above', async () => {
    const s = await setup();
    mailGoingOnInTheBackground(s.server);
    const term = iasOnTerminal(['chat', 'mail the boss', ...s.args], s.env);
    await term.waitFor('[waiting for a call still running in the background; Ctrl-C stops it]');
    await term.waitFor('Run send_mail? [y/N]', 2);
    term.type('y\r');
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(
      /Approved, running send_mail\.\r?\n\[send_mail finished in the background: done\]\r?\n\[to go on/,
    );
  }, 30_000);

  it("one turn: Ctrl-C at a call's y/N question refuses it, alike on the terminal, in --json and in the audit log", async () => {
    const s = await setup();
    s.server.enqueue(
      { toolCalls: [{ id: 'call_m', name: 'send_mail', arguments: '{}' }] },
      { content: 'Understood, no mail.' },
    );
    const term = iasOnTerminal(['chat', 'mail the boss', '--json', ...s.args], s.env);
    await term.waitFor('Run send_mail? [y/N]');
    term.type(CTRL_C);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('[declined]');
    const turn = jsonOnScreen(term.screen()) as { reply: string; toolCalls: { status: string }[]; stopped?: boolean };
    // The owner's "no": the turn goes on, and the model is told the call was refused.
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['refused']);
    expect(turn.reply).toBe('Understood, no mail.');
    expect(turn.stopped).toBeUndefined();
    expect(JSON.stringify(s.server.requests[1]!.body.messages)).toContain('用户拒绝了你的调用：send_mail');
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);

    const audit = await iasAsync(['audit', '--home', s.home], s.env);
    const row = audit.stdout.split('\n').find((line) => line.includes('send_mail'))!;
    expect(row).toContain('refused');
    expect(row).toContain('Not run: you refused it at the terminal.');
    expect(audit.stdout).not.toContain('wrong codes');
    const store = openStore(path.join(s.home, 'ias.db'));
    try {
      const [entry] = store.audit.query({}).rows;
      expect(entry).toMatchObject({ status: 'refused', errorCode: { code: 'call-refused-at-terminal' } });
    } finally {
      store.close();
    }
  });

  it("one turn: Ctrl-D (the terminal's input ended) declines its y/N questions, at one or before, instead of hanging", async () => {
    const s = await setup();
    let asked!: () => void;
    const replying = new Promise<void>((resolve) => (asked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    onCleanup(() => release());
    s.server.enqueue(
      async () => {
        asked();
        await released;
        return { toolCalls: [{ id: 'call_m', name: 'send_mail', arguments: '{}' }] };
      },
      { content: 'Understood, no mail.' },
    );
    const early = iasOnTerminal(['chat', 'mail the boss', ...s.args], s.env);
    await replying;
    // Typed while the model is still thinking: nothing can be read from the terminal after it.
    early.type(CTRL_D);
    release();
    await early.waitFor('Understood, no mail.');
    expect(await early.exited).toBe(0);
    expect(early.screen()).toMatch(/Run send_mail\? \[y\/N\] \[declined\]/);
    expect(early.screen()).toContain('[send_mail: refused]');

    s.server.enqueue(
      { toolCalls: [{ id: 'call_n', name: 'send_mail', arguments: '{}' }] },
      { content: 'No mail, then.' },
    );
    const atQuestion = iasOnTerminal(['chat', 'mail the boss', '--json', ...s.args], s.env);
    await atQuestion.waitFor('Run send_mail? [y/N]');
    atQuestion.type(CTRL_D);
    expect(await atQuestion.exited).toBe(0);
    expect(atQuestion.screen()).toContain('[declined]');
    const turn = jsonOnScreen(atQuestion.screen()) as { reply: string; toolCalls: { status: string }[] };
    expect(turn).toMatchObject({ reply: 'No mail, then.', toolCalls: [{ status: 'refused' }] });
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
  }, 30_000);

  it('a background call stopped before its approval was answered (Ctrl-D leaves) reads `refused`, as in the audit log', async () => {
    const { s, term } = await atBackgroundMailQuestion();
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('[stopping a call still running in the background]');
    expect(term.screen()).toContain('[send_mail finished in the background: refused]');
    expect(term.screen()).not.toContain('cancelled');
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
    const store = openStore(path.join(s.home, 'ias.db'));
    try {
      expect(store.audit.query({}).rows).toMatchObject([{ skill: 'send_mail', status: 'refused' }]);
    } finally {
      store.close();
    }
  }, 30_000);

  it('/help is answered by the chat; a slip of a command is not sent; a path (a lone one too) or a sentence is', async () => {
    const s = await setup();
    s.server.enqueue({ content: 'That is the hosts file.' });
    s.server.enqueue({ content: 'That is the temporary folder.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    expect(term.screen()).toContain('/help lists commands');
    term.type('/help\r');
    await term.waitFor('you> ', 2);
    expect(term.screen()).toContain('Commands (a line of one word starting with /):');
    expect(term.screen()).toContain('  /exit   leave (also /quit, or Ctrl-D)');
    term.type('/exti\r');
    await term.waitFor('you> ', 3);
    expect(term.screen()).toContain('[no command /exti: /help lists them; nothing was sent]');
    term.type('/etc/hosts\r');
    await term.waitFor('That is the hosts file.');
    await term.waitFor('you> ', 4);
    term.type('/tmp\r');
    await term.waitFor('That is the temporary folder.');
    await term.waitFor('you> ', 5);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain('[no command /tmp');
    expect(s.server.requests).toHaveLength(2);
    const sent = s.server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['/etc/hosts', '/tmp']);
  });

  it('Ctrl-C at the approval of a background call declines it, and the chat goes on', async () => {
    const { s, term } = await atBackgroundMailQuestion();
    term.type(CTRL_C);
    await term.waitFor('[send_mail finished in the background: refused]');
    expect(term.screen()).toContain('[declined]');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
  }, 30_000);

  it('a "yes" typed while the reply hides a waiting approval is a message, not its answer; asked after it', async () => {
    const s = await setup();
    let asked!: () => void;
    const replying = new Promise<void>((resolve) => (asked = resolve));
    let typed!: () => void;
    const typedAhead = new Promise<void>((resolve) => (typed = resolve));
    s.server.enqueue(
      { toolCalls: [{ id: 'call_m', name: 'send_mail', arguments: '{}' }] },
      // Past the call's 8 s, the reply after it ends with a question of the model's own.
      async () => {
        asked();
        await typedAhead;
        return { content: 'It goes on in the background. Shall I also summarise your inbox?' };
      },
      { content: 'Here is your inbox.' },
    );
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('mail the boss\r');
    await replying;
    // The approval's question is no longer what the terminal shows: this line is the chat's.
    term.type('yes\r');
    await term.waitFor('[queued: sent after this reply]');
    typed();
    await term.waitFor('Shall I also summarise your inbox?');
    // The approval is asked again before the line typed ahead is sent; Ctrl-C declines it.
    await term.waitFor('Run send_mail? [y/N]', 2);
    expect(s.server.requests).toHaveLength(2);
    term.type(CTRL_C);
    await term.waitFor('[declined]');
    await term.waitFor('Here is your inbox.');
    await term.waitFor('[send_mail finished in the background: refused]');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
    const screen = term.screen();
    expect(screen.slice(screen.indexOf('Shall I also'))).toMatch(
      /Run send_mail\? \[y\/N\] \[declined\]\r?\nyou> yes\r?\n/,
    );
    const sent = s.server.requests[2]!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role === 'user').at(-1)).toMatchObject({ content: 'yes' });
  }, 30_000);

  it('a pasted block (the terminal asked to mark pastes) is one message with its indentation, a long one too', async () => {
    const s = await setup();
    s.server.enqueue({ content: 'Reply one.' }, { content: 'Reply two.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    const traceback = [
      'why does this fail?',
      'Traceback (most recent call last):',
      '  File "x.py", line 1',
      'ValueError: bad',
    ];
    term.paste(`${traceback.join('\r')}\r`);
    await term.waitFor('Reply one.');
    await term.waitFor('you> ', 2);
    // Past what one read of the terminal gives (4 KiB), after blank lines that are dropped.
    const long = Array.from({ length: 120 }, (_, i) => `    line ${i}: ${'x'.repeat(50)}`);
    term.paste(`\r\r${long.join('\r')}\r\r`);
    await term.waitFor('Reply two.');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(s.server.requests).toHaveLength(2);
    const said = s.server.requests.map((r) => (r.body.messages as { content: string }[]).at(-1)!.content);
    expect(said).toEqual([traceback.join('\n'), long.join('\n')]);
    expect(term.screen()).not.toContain('[queued');
    // Asked before the first prompt, and told to stop on leaving: the terminal is left as it was.
    const output = term.output();
    expect(output.indexOf('\x1b[?2004h')).toBeGreaterThan(-1);
    expect(output.indexOf('\x1b[?2004h')).toBeLessThan(output.indexOf('you> '));
    expect(output.lastIndexOf('\x1b[?2004l')).toBeGreaterThan(output.lastIndexOf('you> '));
  });

  it('a pasted block whose last line has no line end (as text copied from a page is) is one message, that line too', async () => {
    const s = await setup();
    s.server.enqueue({ content: 'Reply one.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.paste('first line\rsecond line\rthird line');
    await term.waitFor('Reply one.');
    await term.waitFor('you> ', 2);
    expect(s.server.requests).toHaveLength(1);
    expect((s.server.requests[0]!.body.messages as { content: string }[]).at(-1)!.content).toBe(
      'first line\nsecond line\nthird line',
    );
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    // The pasted lines stay on the screen as they were sent; the reply starts on a line of its own.
    expect(term.screen()).toMatch(/you> first line\r*\nsecond line\r*\nthird line\r*\nReply one\./);
  });

  it('a pasted block starting with "y" at an approval\'s question does not answer it: it is sent after', async () => {
    const { s, term } = await atBackgroundMailQuestion();
    s.server.enqueue({ content: 'Logs checked.' });
    term.paste('y\ralso check the logs\r');
    await term.waitFor('[queued: sent once the question above is answered]');
    await term.waitFor('Run send_mail? [y/N]', 3);
    term.type('n\r');
    await term.waitFor('[send_mail finished in the background: refused]');
    await term.waitFor('Logs checked.');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
    const sent = s.server.requests[2]!.body.messages as { role: string; content: string }[];
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: 'y\nalso check the logs' });
  }, 30_000);

  it('a background call that ends while the chat waits at its prompt is said, and the prompt drawn again', async () => {
    const { term } = await atBackgroundMailQuestion();
    term.type('y\r');
    await term.waitFor('[send_mail finished in the background: done]');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    const screen = term.screen();
    // Under the gate's word, with no blank line between; the prompt is drawn again under it.
    expect(screen).toMatch(
      /Approved, running send_mail\.\r?\n\[send_mail finished in the background: done\]\r?\nyou> /,
    );
  }, 30_000);

  it("a background call that ends while the chat waits at its prompt ends the prompt's line first", async () => {
    const s = await setup();
    // A low-risk call that goes on past its 8 s, until the test lets it end.
    const go = path.join(s.home, 'go');
    writeSkill(
      path.join(s.home, 'system'),
      'slow_fetch',
      scriptSkill({ script: `while [ ! -e '${go}' ]; do sleep 0.1; done; echo fetched` }),
    );
    s.server.enqueue(
      { toolCalls: [{ id: 'call_f', name: 'slow_fetch', arguments: '{}' }] },
      { content: 'Still fetching.' },
    );
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('fetch it\r');
    await term.waitFor('Still fetching.');
    await term.waitFor('you> ', 2);
    fs.writeFileSync(go, '');
    await term.waitFor('[slow_fetch finished in the background: done]');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(
      /Still fetching\.\r?\nyou> \r?\n\[slow_fetch finished in the background: done\]\r?\nyou> /,
    );
  }, 30_000);

  it('a message after a turn that failed in iAs goes on in its conversation, not a new one', async () => {
    const s = await setup();
    // The database refuses this one tool result (as a full disk would), and takes anything else.
    refuseToolResult(s.home, 'echo:fail');
    s.server.enqueue({ toolCalls: [{ name: 'echo_back', arguments: '{"text":"fail"}' }] }, { content: 'Still here.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('say fail\r');
    // In the words the one-turn chat (and the app) uses for it, not the bare error.
    await term.waitFor('error: This turn failed in iAs and was not finished: the disk is full');
    await term.waitFor('you> ', 2);
    term.type('and now?\r');
    await term.waitFor('Still here.');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    const sent = s.server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['say fail', 'and now?']);
    const id = /ias chat --conversation (\S+)\]/.exec(term.screen())?.[1];
    const check = openStore(path.join(s.home, 'ias.db'));
    try {
      expect(check.conversations.list().map((c) => c.id)).toEqual([id]);
    } finally {
      check.close();
    }
  });

  it('--json without a MESSAGE is a usage error on a terminal too, not a session that prints no reply', async () => {
    const s = await setup();
    const term = iasOnTerminal(['chat', '--json', ...s.args], s.env);
    expect(await term.exited).toBe(2);
    expect(term.screen()).toContain('error: --json prints one turn: give its MESSAGE too (`ias chat MESSAGE --json`)');
    expect(term.screen()).not.toContain('you> ');
  });

  it('without a model, says what to set before its prompt and leaves, with no stack trace', async () => {
    const s = await setup();
    const term = iasOnTerminal(['chat', ...s.args], { IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '', IAS_LLM_API_KEY: '' });
    // Nothing to type first: a message typed at a prompt would be lost.
    expect(await term.exited).toBe(1);
    expect(term.screen()).toMatch(/error: No model is configured\. Set IAS_LLM_BASE_URL/);
    expect(term.screen()).toContain('ias provider set --preset NAME');
    expect(term.screen()).not.toContain('you> ');
    expect(term.screen()).not.toMatch(/\n\s+at /);
    expect(s.server.requests).toHaveLength(0);
  });
});
