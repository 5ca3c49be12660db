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
import { sweepLeftWork } from '../../src/core/left-work-sweep.js';
import { openRuntime } from '../../src/core/runtime.js';
import { ApprovalsRepo } from '../../src/core/store/index.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { endedProcessId, isRunning } from '../helpers/process.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    new ApprovalsRepo(app.store.db, killed).insert({
      id: 'left-pending',
      createdAt: Date.now(),
      expiresAt: Date.now() + 300_000,
      userId: 'owner',
      skillName: 'send_mail',
      params: '{}',
      paramsHash: 'hash',
      skillHash: 'skill-hash',
      codeHash: 'code-hash',
      status: 'pending',
      channel: 'terminal',
      runId: 'the-killed-run',
    });
    const told: string[] = [];
    app.gate.on('changed', (view) => told.push(view.id));
    sweepLeftWork(app);
    expect(app.store.approvals.get('left-pending')!.status).toBe('cancelled');
    expect(told).toEqual(['left-pending']);
  });
});
