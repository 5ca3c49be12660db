/** Whether processes a test started are still there. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

/** Another process that keeps running until the test ends (as another iAs process). */
export function otherProcess(): number {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  onCleanup(() => other.kill('SIGKILL'));
  return other.pid!;
}
