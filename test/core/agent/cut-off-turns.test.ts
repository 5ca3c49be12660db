/**
 * A turn cut off because the iAs process running it died (kill -9): the owner's message then says
 * so, once another iAs starts or reads the conversation. A turn of an iAs that still runs is its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApi } from '../../../src/core/api/create-api.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import { iasAsync, iasProcess } from '../../helpers/cli.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const CUT_OFF = 'This turn was cut off: iAs stopped before it ended.';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup() {
  server = await startModelServer();
  const home = tempDir('ias-cut-off-');
  const system = path.join(home, 'system');
  const started = path.join(home, 'started');
  writeSkill(
    system,
    'slow_report',
    // Writes its process id once it runs, then takes long.
    scriptSkill({
      description: 'Takes long.',
      script: `echo $$ > '${started}.tmp'; mv '${started}.tmp' '${started}'\nsleep 30`,
    }),
  );
  const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
  const args = ['--home', home, '--system-skills', system];
  /** `ias chat MESSAGE --json` as a process of its own. */
  const chat = (message: string) => {
    const victim = iasProcess(['chat', message, '--json', ...args], env);
    onCleanup(() => victim.child.kill('SIGKILL'));
    return victim;
  };
  /** An iAs that owns the data folder (the app, `ias serve`): it starts with recovery. */
  const restart = async () => {
    const runtime = await openRuntime({ home, systemSkills: system, recover: true });
    const core = createCoreApi(runtime, { version: 'test', schedule: false });
    const close = async () => {
      await core.close();
      await runtime.close();
    };
    onCleanup(() => void close());
    return { runtime, api: core.api, close };
  };
  /** The slow skill's process, once it runs (ended after the test whatever happens). */
  const slowSkillRuns = async () => {
    while (!fs.existsSync(started)) await pause();
    const pid = Number(fs.readFileSync(started, 'utf8'));
    onCleanup(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    });
  };
  return { server, home, system, env, args, chat, restart, slowSkillRuns };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await pause();
}

function killed(victim: { child: { kill(signal: NodeJS.Signals): boolean }; run: Promise<unknown> }) {
  victim.child.kill('SIGKILL');
  return victim.run;
}

describe.runIf(process.platform === 'linux')('a turn cut off because iAs stopped', () => {
  it('`ias chat` killed mid-reply: after a restart its message says so', async () => {
    const s = await setup();
    s.server.enqueue({ delayMs: 60_000, content: 'never sent' });
    const victim = s.chat('are you there?');
    await until(() => s.server.requests.length === 1);
    await killed(victim);

    const iAs = await s.restart();
    const [conversation] = await iAs.api.listConversations();
    const messages = await iAs.api.getMessages(conversation!.id);
    expect(messages.map((m) => [m.role, m.content, m.shown])).toEqual([
      ['user', 'are you there?', undefined],
      ['system', CUT_OFF, 'error'],
    ]);
    // A line about the turn, shown with it (in the UI's language, by its code: see
    // test/renderer/turn-line.test.ts).
    expect(messages[1]!.shownCode).toEqual({ code: 'turn-cut-off', params: {} });
    // Read again, or after another start, it is said once.
    await iAs.close();
    const again = await s.restart();
    expect((await again.api.getMessages(conversation!.id)).map((m) => m.content)).toEqual(['are you there?', CUT_OFF]);
    await again.close();

    // The conversation goes on; the line is the owner's, never the model's.
    s.server.enqueue({ content: 'Here now.' });
    const next = await iasAsync(
      ['chat', 'hello again', '--conversation', conversation!.id, '--json', ...s.args],
      s.env,
    );
    expect(JSON.parse(next.stdout)).toMatchObject({ conversationId: conversation!.id, reply: 'Here now.' });
    const sent = s.server.requests[1]!.body.messages as { role: string; content: string }[];
    // (The unanswered message and the new one go as one, as servers want a user message at a time.)
    expect(sent.map((m) => [m.role, m.content])).toEqual([
      ['system', expect.any(String)],
      ['user', 'are you there?\n\nhello again'],
    ]);
  });

  it('`ias chat` killed mid-tool-call: the iAs running alongside says so as it reads the conversation', async () => {
    const s = await setup();
    // Already running (as `ias serve` would be) when the other process starts its turn.
    const iAs = await s.restart();
    s.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    const victim = s.chat('make the slow report');
    await s.slowSkillRuns();
    await killed(victim);

    const [conversation] = await iAs.api.listConversations();
    const messages = await iAs.api.getMessages(conversation!.id);
    expect(messages.map((m) => [m.role, m.shown])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['system', 'error'],
    ]);
    expect(messages[2]!.content).toBe(CUT_OFF);
    // The call it was waiting for stays without a result (the chat shows its card as failed).
    expect(messages[1]!.toolCalls).toMatchObject([{ id: 'call_slow', name: 'slow_report' }]);
  });

  it('`ias chat` killed, then `ias chat` again in that conversation: the cut-off turn says so before the new one', async () => {
    const s = await setup();
    s.server.enqueue({ delayMs: 60_000, content: 'never sent' });
    const victim = s.chat('first question');
    await until(() => s.server.requests.length === 1);
    await killed(victim);
    const peek = openStore(path.join(s.home, 'ias.db'));
    onCleanup(() => peek.close());
    const [conversation] = peek.conversations.list();

    s.server.enqueue({ content: 'Answered.' });
    const next = await iasAsync(['chat', 'second question', '--conversation', conversation!.id, ...s.args], s.env);
    expect(next.status).toBe(0);
    expect(peek.conversations.messages(conversation!.id).map((m) => [m.role, m.content])).toEqual([
      ['user', 'first question'],
      ['system', CUT_OFF],
      ['user', 'second question'],
      ['assistant', 'Answered.'],
    ]);
    expect(peek.conversations.turnOwner(conversation!.id)).toBeUndefined();
  });

  it('the turn of an `ias chat` still replying is left to it: not marked at start-up, nor on read', async () => {
    const s = await setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    onCleanup(release);
    s.server.enqueue(async () => {
      await held;
      return { content: 'Done.' };
    });
    const replying = s.chat('take your time');
    await until(() => s.server.requests.length === 1);

    const iAs = await s.restart();
    const [conversation] = await iAs.api.listConversations();
    expect((await iAs.api.getMessages(conversation!.id)).map((m) => m.role)).toEqual(['user']);
    expect(iAs.runtime.store.conversations.turnOwner(conversation!.id)).toMatchObject({ pid: replying.child.pid });

    release();
    expect(await replying.run).toMatchObject({ status: 0 });
    expect((await iAs.api.getMessages(conversation!.id)).map((m) => [m.role, m.content])).toEqual([
      ['user', 'take your time'],
      ['assistant', 'Done.'],
    ]);
    // Its last write ended the turn: nothing is left to mark when that process is gone.
    expect(iAs.runtime.store.conversations.turnOwner(conversation!.id)).toBeUndefined();
  });
});
