/** Whether processes a test started are still there. */
import fs from 'node:fs';

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
