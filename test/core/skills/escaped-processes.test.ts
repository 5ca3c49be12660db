/**
 * A skill's processes that leave its process group (setsid, a daemon's double fork) end with its
 * call all the same: at its time limit, when it is stopped, and when it ends by itself. Nothing
 * else is touched. Linux only (elsewhere the process group is all that is ended).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRuntime } from '../../../src/core/runtime.js';
import { handedOutBetween, processesCarrying } from '../../../src/core/skills/call-token.js';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { loadSkillFolder } from '../../../src/core/skills/load.js';
import type { Skill } from '../../../src/core/skills/types.js';
import { DEATH, doubleForks, endLater, escapes, pidIn } from '../../helpers/escaping.js';
import { isRunning as alive } from '../../helpers/process.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const cache = tempDir('ias-cache-');

function skillFrom(md: string): Skill {
  const root = tempDir();
  writeSkill(root, 'subject', md);
  const loaded = loadSkillFolder(root, 'subject', 'user')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

const run = (skill: Skill, extra = {}) => executeSkill(skill, {}, { scriptCacheDir: cache, ...extra });

describe.runIf(process.platform === 'linux')('processes that escape their call', () => {
  it('a process moved to its own session ends at the time limit', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const result = await run(skillFrom(scriptSkill({ timeout: 1, script: `${escapes(pidFile)}\nsleep 50` })));
    expect(result.error).toMatch(/timed out after 1 s/);
    const escaped = await pidIn(pidFile);
    await expect.poll(() => alive(escaped), DEATH).toBe(false);
  });

  it('a double-forked daemon ends at the time limit', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const result = await run(skillFrom(scriptSkill({ timeout: 1, script: `${doubleForks(pidFile)}\nsleep 50` })));
    expect(result.error).toMatch(/timed out after 1 s/);
    const escaped = await pidIn(pidFile);
    await expect.poll(() => alive(escaped), DEATH).toBe(false);
  });

  it('an escaped process ends when its call is stopped', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const stop = new AbortController();
    const running = run(skillFrom(scriptSkill({ script: `${escapes(pidFile)}\nsleep 50` })), { signal: stop.signal });
    const escaped = await pidIn(pidFile);
    stop.abort();
    expect((await running).error).toBe('cancelled');
    await expect.poll(() => alive(escaped), DEATH).toBe(false);
  });

  it('an escaped process ends when its call ends by itself (a call is its work, all of it)', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const result = await run(skillFrom(scriptSkill({ script: `${doubleForks(pidFile)}\necho done` })));
    expect(result).toMatchObject({ success: true, data: 'done' });
    const escaped = await pidIn(pidFile);
    await expect.poll(() => alive(escaped), DEATH).toBe(false);
  });

  it('leaves alone every process not started by the call, whatever its variables say', async () => {
    const other = (env: Record<string, string>) => {
      const child = spawn('sleep', ['60'], {
        detached: true,
        stdio: 'ignore',
        env: { PATH: process.env.PATH, ...env },
      });
      child.unref();
      return endLater(child.pid!);
    };
    const strangers = [other({}), other({ IAS_CALL_TOKEN: 'another-call' }), other({ IAS_CALL_TOKEN: '' })];
    const pidFile = path.join(tempDir(), 'pid');
    const result = await run(skillFrom(scriptSkill({ script: `${escapes(pidFile)}\necho done` })));
    expect(result.success).toBe(true);
    const escaped = await pidIn(pidFile);
    await expect.poll(() => alive(escaped), DEATH).toBe(false);
    expect(strangers.map(alive)).toEqual([true, true, true]);
    // Looked for among every process (as after a long call), only the exact mark is found.
    const token = `another-call-${process.pid}`;
    const marked = other({ IAS_CALL_TOKEN: token });
    const longer = other({ IAS_CALL_TOKEN: `${token}-and-more` });
    await expect.poll(() => processesCarrying(token), DEATH).toEqual([marked]);
    expect(processesCarrying(token.slice(0, -1))).toEqual([]);
    expect(alive(longer)).toBe(true);
  });

  it('at the end of a short call, looks only at the ids handed out since it began, ids going round included', () => {
    const since300 = handedOutBetween(300, 400);
    expect([300, 301, 400, 401, 5].map(since300)).toEqual([false, true, true, false, false]);
    // Gone round past pid_max (32768 here) back to the low ids.
    const wrapped = handedOutBetween(32700, 350);
    expect([32699, 32700, 32701, 32768, 1, 350, 351].map(wrapped)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("keeps the call's mark out of what the model and the audit log get", async () => {
    const home = tempDir('ias-call-token-');
    const system = path.join(home, 'system');
    const seen = path.join(home, 'token');
    writeSkill(
      system,
      'mark',
      scriptSkill({ script: `printf %s "$IAS_CALL_TOKEN" > '${seen}'\nenv\necho "token=$IAS_CALL_TOKEN" >&2` }),
    );
    const runtime = await openRuntime({ home, systemSkills: system });
    onCleanup(() => void runtime.close());
    const outcome = await runtime.caller.call({ name: 'mark', params: {}, source: 'chat' });
    expect(outcome.status).toBe('done');
    const token = fs.readFileSync(seen, 'utf8');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(outcome)).not.toContain(token);
    expect(JSON.stringify(runtime.store.audit.get(outcome.auditId))).not.toContain(token);
  });

  it("keeps the call's token with its processes while it runs, for the sweep after a crash of iAs", async () => {
    const home = tempDir('ias-call-token-');
    const system = path.join(home, 'system');
    const seen = path.join(home, 'token');
    writeSkill(system, 'mark', scriptSkill({ script: `printf %s "$IAS_CALL_TOKEN" > '${seen}'\nsleep 50` }));
    const runtime = await openRuntime({ home, systemSkills: system });
    onCleanup(() => void runtime.close());
    const stop = new AbortController();
    const running = runtime.caller.call({ name: 'mark', params: {}, source: 'chat', signal: stop.signal });
    const ready = () => fs.existsSync(seen) && fs.readFileSync(seen, 'utf8') !== '';
    await expect.poll(() => ready() && runtime.store.processes.all().length === 1, DEATH).toBe(true);
    expect(runtime.store.processes.all()[0]!.callToken).toBe(fs.readFileSync(seen, 'utf8'));
    stop.abort();
    expect((await running).status).not.toBe('done');
    expect(runtime.store.processes.all()).toEqual([]);
  });
});
