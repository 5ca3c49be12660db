/**
 * A turn that fails in iAs itself (not at the provider): a tool result the database refuses, the
 * database busy past its wait. The turn stores a line saying why it has no answer, shown after a
 * reload; when the store is what fails, the turn's own error still reaches the caller.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/agent/agent.js';
import { createCoreApi } from '../../../src/core/api/create-api.js';
import { SkillCaller } from '../../../src/core/approval/call-skill.js';
import { builtinHandlers } from '../../../src/core/builtins/index.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { iasAsync } from '../../helpers/cli.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

let server: ModelServer | undefined;
let w: AgentWorld | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await w?.shutdown();
  w = undefined;
});

const FAILED = 'This turn failed in iAs and was not finished: the disk is full';

describe('a turn that fails in iAs', () => {
  it('whose tool result the database refuses: `ias chat` says so, and the conversation after a reload', async () => {
    server = await startModelServer();
    const home = tempDir('ias-turn-failure-');
    const system = path.join(home, 'system');
    writeSkill(system, 'echo_back', scriptSkill({ script: 'echo pong' }));
    // The database refuses every tool result (as a full disk would), and takes anything else.
    const setup = openStore(path.join(home, 'ias.db'));
    setup.db.exec(`CREATE TRIGGER refuse_results BEFORE INSERT ON messages WHEN NEW.role = 'tool'
      BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`);
    setup.close();
    server.enqueue({ toolCalls: [{ id: 'call_1', name: 'echo_back', arguments: '{}' }] });
    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    const run = await iasAsync(['chat', 'say ping', '--json', '--home', home, '--system-skills', system], env);
    expect(run.status).toBe(1);
    const said = JSON.parse(run.stdout) as { conversationId: string; error: string };
    expect(said.error).toBe(FAILED);
    expect(run.stderr).toContain(`error: ${FAILED}`);
    expect(server.requests).toHaveLength(1);

    // After a reload (another iAs, started with recovery): the owner's message has its answer.
    const runtime = await openRuntime({ home, systemSkills: system, recover: true });
    const core = createCoreApi(runtime, { version: 'test', schedule: false });
    onCleanup(() => void core.close().then(() => runtime.close()));
    const messages = await core.api.getMessages(said.conversationId);
    expect(messages.map((m) => [m.role, m.content, m.shown])).toEqual([
      ['user', 'say ping', undefined],
      ['assistant', '', undefined],
      ['system', FAILED, 'error'],
    ]);
    // Said in the UI's language by its code (see test/renderer/turn-line.test.ts).
    expect(messages[2]!.shownCode).toEqual({ code: 'turn-failed', params: { detail: 'the disk is full' } });
    // The failure ended the turn: it does not read as cut off as well.
    expect(runtime.store.conversations.turnOwner(said.conversationId)).toBeUndefined();
  });

  it('with the database busy past its wait: its error reaches the caller, and is said live', async () => {
    w = await agentWorld();
    // Another process holds the write lock from the call's start until after the turn: the
    // result's commit and the failure's line both wait for it, briefly, and give up.
    const other = new Database(path.join(w.home, 'ias.db'));
    onCleanup(() => other.close());
    w.store.db.pragma('busy_timeout = 50');
    writeSkill(w.system, 'probe', '---\ndescription: Looks around.\nrisk: low\nbuiltin: probe\n---\n');
    w.registry.loadAll();
    const caller = new SkillCaller({
      getSkill: (name) => w!.registry.get(name),
      audit: w.store.audit,
      skillSettings: w.store.skillSettings,
      execute: {
        scriptCacheDir: path.join(w.home, 'cache'),
        builtins: {
          ...builtinHandlers,
          probe: () => {
            other.exec('BEGIN IMMEDIATE');
            return 'probed';
          },
        },
      },
      atomically: w.store.atomically,
    });
    const events: AgentEvent[] = [];
    const agent = testAgent(w, w.server.url, { caller, onEvent: (e) => events.push(e) });
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'probe', arguments: '{}' }] });
    const failure = await agent.send('look').then(
      () => undefined,
      (error: unknown) => error as Error & { code?: string },
    );
    expect(failure).toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
    // Said live all the same, in the UI's language.
    expect(events.filter((e) => e.type === 'error')).toEqual([
      expect.objectContaining({
        message: 'This turn failed in iAs and was not finished: database is locked',
        messageCode: { code: 'turn-failed', params: { detail: 'database is locked' } },
      }),
    ]);
    other.exec('ROLLBACK');
    const [conversation] = w.store.conversations.list();
    // (The reply was stored as its call started; neither its result nor the line could be.)
    expect(w.store.conversations.messages(conversation!.id).map((m) => m.role)).toEqual(['user', 'assistant']);
    // Its turn is still this process's (which runs): nobody marks it cut off.
    expect(w.store.conversations.turnOwner(conversation!.id)).toMatchObject({ pid: process.pid });
  });

  it('whose line cannot be stored either: the caller gets the turn’s own error', async () => {
    w = await agentWorld();
    writeSkill(w.system, 'echo_back', scriptSkill({ script: 'echo pong' }));
    w.registry.loadAll();
    w.store.db.exec(`
      CREATE TRIGGER refuse_results BEFORE INSERT ON messages WHEN NEW.role = 'tool'
        BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;
      CREATE TRIGGER refuse_lines BEFORE INSERT ON messages WHEN NEW.role = 'system'
        BEGIN SELECT RAISE(ABORT, 'no room for the line'); END`);
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'echo_back', arguments: '{}' }] });
    await expect(w.agent.send('say ping')).rejects.toThrow(/^the disk is full$/);
    expect(w.events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message)).toEqual([FAILED]);
    const [conversation] = w.store.conversations.list();
    expect(w.store.conversations.messages(conversation!.id).map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});
