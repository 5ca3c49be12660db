/**
 * An iAs process killed (kill -9) while the app runs beside it: the skill process it left going is
 * ended and its call marked interrupted by the app, and an approval it left pending cancelled,
 * without waiting for the app's next start. What
 * an iAs process that still runs is doing stays its own. Real processes, a real SQLite file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settleLeftWork, sweepLeftWork } from '../../src/core/left-work-sweep.js';
import { identityOf } from '../../src/core/process-identity.js';
import { openRuntime } from '../../src/core/runtime.js';
import { ApprovalsRepo, AuditRepo, openStore } from '../../src/core/store/index.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { endedProcessId, isRunning, otherProcess } from '../helpers/process.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** An open approval row of `send_mail`, as a terminal's `ias chat` records it. */
const approval = (id: string, status: 'pending' | 'approved' | 'queued') => ({
  id,
  createdAt: Date.now(),
  expiresAt: Date.now() + 300_000,
  userId: 'owner',
  skillName: 'send_mail',
  params: '{}',
  paramsHash: 'hash',
  skillHash: 'skill-hash',
  codeHash: 'code-hash',
  status,
  channel: 'terminal',
  runId: id,
});

describe.runIf(process.platform === 'linux')('work left by an iAs process killed beside the app', () => {
  it('has its skill process ended and its call marked interrupted while the app runs', async () => {
    server = await startModelServer();
    const home = tempDir('ias-left-work-');
    const system = path.join(home, 'system');
    const started = path.join(home, 'started');
    writeSkill(
      system,
      'slow_report',
      scriptSkill({ script: `echo $$ > '${started}.tmp'; mv '${started}.tmp' '${started}'\nsleep 120`, timeout: 20 }),
    );
    const app = await openRuntime({ home, systemSkills: system, recover: true, leftWorkSweepMs: 100 });
    onCleanup(() => void app.close());

    // The other iAs process (`ias chat`, say): one turn whose call runs the slow skill.
    server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    const other: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('test/fixtures/agent-host.ts')],
      {
        env: {
          ...process.env,
          IAS_HOME: home,
          IAS_SYSTEM_SKILLS: system,
          IAS_LLM_BASE_URL: server.url,
          IAS_LLM_MODEL: 'test-model',
          IAS_LLM_API_KEY: 'test-key',
          TURN_TEXT: 'make the slow report',
        },
        stdio: 'ignore',
      },
    );
    onCleanup(() => other.kill('SIGKILL'));
    while (!fs.existsSync(started) || app.store.processes.all().length === 0) await pause();
    const pid = Number(fs.readFileSync(started, 'utf8'));
    onCleanup(() => {
      if (isRunning(pid)) process.kill(-pid, 'SIGKILL');
    });

    // While that process runs, its work is its own.
    sweepLeftWork(app);
    expect(isRunning(pid)).toBe(true);
    expect(app.store.audit.query().rows.map((r) => [r.skill, r.status])).toEqual([['slow_report', 'running']]);

    await new Promise<void>((resolve) => {
      other.on('exit', () => resolve());
      other.kill('SIGKILL');
    });
    while (isRunning(pid)) await pause();
    await expect
      .poll(() => app.store.audit.query().rows.map((r) => [r.skill, r.status]))
      .toEqual([['slow_report', 'interrupted']]);
    expect(app.store.processes.all()).toEqual([]);
  });

  it('has the approval it left pending cancelled while the app runs', async () => {
    const home = tempDir('ias-left-approval-');
    const app = await openRuntime({ home, systemSkills: tempDir('ias-no-skills-'), recover: true });
    onCleanup(() => void app.close());
    const killed = { pid: endedProcessId(), identity: 'linux:an-ias-chat-that-was-killed' };
    new ApprovalsRepo(app.store.db, killed).insert({ ...approval('left-pending', 'pending'), runId: 'the-killed-run' });
    const told: string[] = [];
    app.gate.on('changed', (view) => told.push(view.id));
    sweepLeftWork(app);
    expect(app.store.approvals.get('left-pending')!.status).toBe('cancelled');
    expect(told).toEqual(['left-pending']);
  });

  it("expires a live iAs's approval left pending past its time (asleep, or busy): by the app's sweep, and as an ias command opens the store", async () => {
    const livePid = otherProcess();
    const running = { pid: livePid, identity: identityOf(livePid) as string };
    const lapsed = { ...approval('past-due', 'pending'), expiresAt: Date.now() - 1000 };

    const app = await openRuntime({ home: tempDir('ias-left-lapsed-'), systemSkills: tempDir('ias-no-skills-') });
    onCleanup(() => void app.close());
    new ApprovalsRepo(app.store.db, running).insert(lapsed);
    const told: string[] = [];
    app.gate.on('changed', (view) => told.push(view.id));
    sweepLeftWork(app);
    expect(app.store.approvals.get('past-due')!.status).toBe('expired');
    expect(told).toEqual(['past-due']);

    const store = openStore(path.join(tempDir('ias-left-lapsed-cli-'), 'ias.db'));
    onCleanup(() => store.close());
    new ApprovalsRepo(store.db, running).insert(lapsed);
    settleLeftWork(store);
    expect(store.approvals.get('past-due')!.status).toBe('expired');
  });

  it('is settled as an ias command opens the store (no gate): only what provably ended processes left', () => {
    const store = openStore(path.join(tempDir('ias-left-settle-'), 'ias.db'));
    onCleanup(() => store.close());
    const killed = { pid: endedProcessId(), identity: 'linux:an-ias-chat-that-was-killed' };
    const livePid = otherProcess();
    const running = { pid: livePid, identity: identityOf(livePid) as string };
    new ApprovalsRepo(store.db, killed).insert(approval('killed-approved', 'approved'));
    new ApprovalsRepo(store.db, running).insert(approval('live-pending', 'pending'));
    // Opened by an iAs from before approvals had owners: only the start of the app may settle it.
    new ApprovalsRepo(store.db, running).insert(approval('unowned-queued', 'queued'));
    store.db
      .prepare(`UPDATE pending_approvals SET owner_pid = NULL, owner_identity = NULL WHERE id = ?`)
      .run('unowned-queued');
    const entry = { skill: 'slow', source: 'chat' as const, risk: 'low' as const };
    const byKilled = new AuditRepo(store.db, killed).start(entry);
    const byLive = new AuditRepo(store.db, running).start(entry);
    const unknown = new AuditRepo(store.db).start(entry);

    settleLeftWork(store);
    expect(['killed-approved', 'live-pending', 'unowned-queued'].map((id) => store.approvals.get(id)!.status)).toEqual([
      'cancelled',
      'pending',
      'queued',
    ]);
    expect([byKilled, byLive, unknown].map((id) => store.audit.get(id)!.status)).toEqual([
      'interrupted',
      'running',
      'running',
    ]);
  });
});
