/** Ending the process groups a killed iAs left behind: only those, and only when their iAs is gone. */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopLeftoverProcesses, trackedProcess } from '../../../src/core/skills/leftover-processes.js';
import { openStore } from '../../../src/core/store/index.js';
import { isRunning as running } from '../../helpers/process.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

/** A `sleep` in a process group of its own, as a skill's process is; ended after the test. */
function group(): number {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
  child.unref();
  onCleanup(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return child.pid!;
}

/** The id of an iAs process that has ended. */
function endedOwner(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout);
}

describe.runIf(process.platform === 'linux')('leftover skill processes', () => {
  it('ends a group whose iAs is gone, and leaves one that is not the process recorded', async () => {
    const store = openStore(path.join(tempDir('ias-leftover-'), 'ias.db'));
    onCleanup(() => store.close());
    const owner = endedOwner();
    const left = group();
    const stranger = group();
    const gone = { ownerPid: owner, ownerIdentity: 'start:1' };
    store.processes.add(1, { ...trackedProcess(left, ['sleep', '30'])!, ...gone });
    // A process given a recorded id later: its identity is not the one kept.
    store.processes.add(2, { pid: stranger, identity: 'start:1', ...gone });
    expect(stopLeftoverProcesses(store.processes)).toBe(1);
    while (running(left)) await new Promise((r) => setTimeout(r, 20));
    expect(running(stranger)).toBe(true);
    expect(store.processes.all()).toEqual([]);
  });

  it('leaves the groups of an iAs process that still runs', () => {
    const store = openStore(path.join(tempDir('ias-leftover-'), 'ias.db'));
    onCleanup(() => store.close());
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    onCleanup(() => other.kill('SIGKILL'));
    const mine = group();
    const owner = trackedProcess(other.pid!, [])!;
    store.processes.add(1, {
      ...trackedProcess(mine, ['sleep', '30'])!,
      ownerPid: owner.pid,
      ownerIdentity: owner.identity,
    });
    expect(stopLeftoverProcesses(store.processes)).toBe(0);
    expect(running(mine)).toBe(true);
    expect(store.processes.all()).toHaveLength(1);
  });
});
