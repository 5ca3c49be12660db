/**
 * Two `ias chat` sessions on one data folder: the first is killed while its approval waits at its
 * terminal; the second's high-risk call is then asked at once (the owner has one pending approval at
 * a time, and one whose process is gone can never be answered).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { iasOnTerminal } from '../helpers/terminal.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The process that opened the pending approval, as the database records it. */
function pendingOwner(home: string): number | undefined {
  const db = new Database(path.join(home, 'ias.db'), { readonly: true });
  try {
    return db
      .prepare<[], { pid: number }>("SELECT owner_pid AS pid FROM pending_approvals WHERE status = 'pending'")
      .get()?.pid;
  } finally {
    db.close();
  }
}

describe.runIf(process.platform === 'linux')('ias chat beside another ias chat', () => {
  it('a session killed while its approval waits does not hold up the next one', async () => {
    server = await startModelServer();
    const home = tempDir('ias-chat-two-');
    const system = path.join(home, 'system');
    fs.mkdirSync(system);
    const sent = path.join(home, 'sent');
    writeSkill(system, 'send_mail', scriptSkill({ risk: 'High', script: `echo sent >> '${sent}'; echo sent` }));
    server.fallback((request) =>
      request.body.messages.some((m: { role: string }) => m.role === 'tool')
        ? { content: 'Mailed.' }
        : { toolCalls: [{ name: 'send_mail', arguments: '{}' }] },
    );
    const env = {
      IAS_LLM_BASE_URL: server.url,
      IAS_LLM_API_KEY: 'sk-test-123',
      IAS_LLM_MODEL: 'test-model',
    };
    const args = ['chat', 'mail the boss', '--home', home, '--system-skills', system];

    const first = iasOnTerminal(args, env);
    await first.waitFor('Run send_mail? [y/N]');
    const pid = pendingOwner(home);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    await first.exited;

    const second = iasOnTerminal(args, env);
    await second.waitFor('Run send_mail? [y/N]');
    second.type('y\r');
    await second.waitFor('Mailed.');
    expect(await second.exited).toBe(0);
    expect(fs.readFileSync(sent, 'utf8')).toBe('sent\n');
  }, 60_000);
});
