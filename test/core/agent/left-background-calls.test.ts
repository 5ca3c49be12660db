/**
 * A call gone on in the background in another iAs process (`ias chat` beside the app) that was
 * killed before the call ended: the app, still running, reads it as interrupted (its card, the next
 * turn of the conversation), as it would after a restart, not as running for ever.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { identityOf } from '../../../src/core/process-identity.js';
import { BackgroundJobsRepo } from '../../../src/core/store/index.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { scriptedProvider } from '../../helpers/agent.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { endedProcessId, otherProcess } from '../../helpers/process.js';

let world: ApiWorld | undefined;
let server: ModelServer | undefined;
afterEach(async () => {
  await world?.close();
  await server?.close();
  world = server = undefined;
});

/** The app, and a conversation of an `ias chat` killed while its call `call_slow` went on in the background. */
async function leftByKilledChat() {
  world = await apiWorld();
  server = await startModelServer();
  const { store } = world.runtime;
  const conversationId = 'from-the-terminal';
  store.conversations.create(conversationId, 'Slow report');
  store.conversations.append(conversationId, 'user', 'make the slow report');
  store.conversations.append(conversationId, 'assistant', '', {
    toolCalls: [{ id: 'call_slow', name: 'read_only', arguments: '{}' }],
  });
  const killed = { pid: endedProcessId(), identity: 'linux:an-ias-chat-that-was-killed' };
  const job = new BackgroundJobsRepo(store.db, killed).start('call_slow', 'tool-call', conversationId, 'read_only');
  store.conversations.append(
    conversationId,
    'tool',
    JSON.stringify({ status: 'running in background', note: 'It goes on.' }),
    { toolCallId: 'call_slow', name: 'read_only', job },
  );
  store.conversations.append(conversationId, 'assistant', 'It goes on in the background.');
  return { conversationId, job };
}

describe.runIf(process.platform === 'linux')('a background call of an iAs process that was killed', () => {
  it('shows as interrupted in its conversation', async () => {
    const { conversationId } = await leftByKilledChat();
    const messages = await world!.core.api.getMessages(conversationId);
    expect(messages.find((m) => m.role === 'tool')!.background).toEqual({ status: 'interrupted' });
  });

  it('is told to the model as interrupted at the next turn', async () => {
    const { conversationId, job } = await leftByKilledChat();
    server!.enqueue({ content: 'It was interrupted; shall I try again?' });
    const agent = world!.runtime.agent({ provider: () => scriptedProvider(server!.url) });
    await agent.send('is the report ready?', { conversationId });
    const told = (server!.requests[0]!.body.messages as { role: string; content: string }[]).map((m) => m.content);
    const note = `Background call read_only (${job}) was interrupted: iAs stopped before it finished`;
    expect(told.filter((text) => text?.includes(note))).toHaveLength(1);
    expect(world!.runtime.store.jobs.get(job)!.status).toBe('delivered');
  });

  it('of an iAs process that still runs, stays running', async () => {
    const { conversationId, job } = await leftByKilledChat();
    const other = otherProcess();
    world!.runtime.store.db
      .prepare(`UPDATE background_jobs SET owner_pid = ?, owner_identity = ?`)
      .run(other, identityOf(other));
    const messages = await world!.core.api.getMessages(conversationId);
    expect(messages.find((m) => m.role === 'tool')!.background).toEqual({ status: 'running' });
    expect(world!.runtime.store.jobs.get(job)!.status).toBe('running');
  });
});
