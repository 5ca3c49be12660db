/** Whether processes a test started are still there. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { identityOf, type ProcessOwner } from '../../src/core/process-identity.js';
import { onCleanup } from './temp.js';

/** A process that exists and is not a zombie (an ended process nobody has reaped yet). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

/** The id of a process that has run and ended (as an iAs process that is gone). */
export function endedProcessId(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout);
}

/**
 * An iAs process of this boot and pid namespace that has run and ended (killed beside the app), as it
 * recorded itself: its id and identity (see process-identity.ts). Where identities cannot be told,
 * one made up (nothing can be told of it there).
 */
export function endedOwner(): ProcessOwner {
  const here = identityOf(process.pid);
  const script = `const s = require('fs').readFileSync('/proc/self/stat', 'utf8');
    console.log(process.pid, s.slice(s.lastIndexOf(')') + 2).split(' ')[19]);`;
  const [pid = '', start = ''] = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout.split(' ');
  if (here === undefined || here === 'gone') return { pid: Number(pid), identity: 'linux:an-iAs-that-ended' };
  return { pid: Number(pid), identity: `${here.slice(0, here.lastIndexOf(':'))}:${start.trim()}` };
}

/** Another process that keeps running until the test ends (as another iAs process). */
export function otherProcess(): number {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  onCleanup(() => other.kill('SIGKILL'));
  return other.pid!;
}
