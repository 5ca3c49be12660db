/**
 * Ending the process groups a killed iAs left behind: only those whose leader is provably the
 * process recorded, and only when the iAs that started them is gone.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopLeftoverProcesses, trackedProcess } from '../../../src/core/skills/leftover-processes.js';
import { openStore } from '../../../src/core/store/index.js';
import { aTickAfter, escapes, pidIn, sleeper } from '../../helpers/escaping.js';
import { endedProcessId, isRunning as running, otherProcess } from '../../helpers/process.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

/** A shell in a process group of its own, as a skill's process is; its group is ended after the test. */
function group(script: string, onExit?: () => void, env: Record<string, string> = {}): number {
  const child = spawn('sh', ['-c', script], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  child.unref();
  if (onExit) child.on('exit', onExit);
  onCleanup(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return child.pid!;
}

/** What iAs would record for `pid`, as started by an iAs process that has since ended. */
function leftBy(ended: boolean, pid: number) {
  const tracked = trackedProcess(pid)!;
  if (!ended) return tracked;
  const owner = endedProcessId();
  return { ...tracked, ownerPid: owner, ownerIdentity: `${tracked.ownerIdentity}-then` };
}

function store() {
  const s = openStore(path.join(tempDir('ias-leftover-'), 'ias.db'));
  onCleanup(() => s.close());
  return s;
}

describe.runIf(process.platform === 'linux')('leftover skill processes', () => {
  it('ends a group whose iAs is gone when its leader is the very process recorded', async () => {
    const s = store();
    const left = group('sleep 30; true');
    s.processes.add(1, leftBy(true, left));
    expect(stopLeftoverProcesses(s.processes)).toBe(1);
    while (running(left)) await new Promise((r) => setTimeout(r, 20));
    expect(s.processes.all()).toEqual([]);
  });

  it('leaves alone what it cannot prove is ours: another process under a recorded id, a group whose leader is gone', async () => {
    const s = store();
    const stranger = group('sleep 30; true');
    s.processes.add(1, { ...leftBy(true, stranger), identity: 'linux:another-boot:pid:[1]:12345' });
    // A group whose leader has ended: its id may by now be anyone's group, so it is not touched.
    const marker = path.join(tempDir('ias-leftover-'), 'member');
    let leaderGone!: () => void;
    const reaped = new Promise<void>((resolve) => (leaderGone = resolve));
    const leaderless = group(`sleep 30 & echo $! > '${marker}'; sleep 0.2`, () => leaderGone());
    const tracked = leftBy(true, leaderless);
    await reaped; // ended and reaped: no zombie keeps its start time
    s.processes.add(2, tracked);
    expect(stopLeftoverProcesses(s.processes)).toBe(0);
    expect(running(stranger)).toBe(true);
    expect(running(Number(fs.readFileSync(marker, 'utf8')))).toBe(true);
    expect(s.processes.all()).toEqual([]);
  });

  it("ends a call's processes that left its group, by the call's token, though its leader is gone", async () => {
    const s = store();
    const token = randomBytes(16).toString('hex');
    const stranger = sleeper({ IAS_CALL_TOKEN: randomBytes(16).toString('hex') });
    // Carries the token but started before the call's leader, as no process of the call can: it is
    // not looked at (had its environment been read, it would be found and ended).
    const older = sleeper({ IAS_CALL_TOKEN: token });
    await aTickAfter(older);
    const moved = path.join(tempDir('ias-leftover-'), 'moved');
    let leaderGone!: () => void;
    const reaped = new Promise<void>((resolve) => (leaderGone = resolve));
    const leader = group(escapes(moved), () => leaderGone(), { IAS_CALL_TOKEN: token });
    const tracked = leftBy(true, leader);
    const escaped = await pidIn(moved);
    await reaped;
    s.processes.add(1, { ...tracked, callToken: token });
    expect(stopLeftoverProcesses(s.processes)).toBe(1);
    await expect.poll(() => running(escaped), { timeout: 10_000, interval: 50 }).toBe(false);
    expect([running(stranger), running(older)]).toEqual([true, true]);
    expect(s.processes.all()).toEqual([]);
  });

  it('leaves the groups of an iAs process that still runs (this one, or another)', () => {
    const s = store();
    const mine = group('sleep 30; true');
    s.processes.add(1, leftBy(false, mine));
    const other = otherProcess();
    const theirs = group('sleep 30; true');
    const owner = trackedProcess(other)!;
    s.processes.add(2, { ...trackedProcess(theirs)!, ownerPid: other, ownerIdentity: owner.identity });
    expect(stopLeftoverProcesses(s.processes)).toBe(0);
    expect([running(mine), running(theirs)]).toEqual([true, true]);
    expect(s.processes.all()).toHaveLength(2);
  });
});
