/**
 * Where a call's processes are looked for among all of /proc (at the end of a call longer than the
 * ids handed out since it began can be trusted for), only the processes started since its first
 * process have their environment read: an older one cannot be its own, and reading an environment
 * can hang on a stuck process. The call's escaped processes are found and ended all the same.
 * Linux only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTicks } from '../../../src/core/process-identity.js';
import { callPidsFromNow, callStarted, endCarriers, lookForCarriers } from '../../../src/core/skills/call-token.js';
import { runProcess } from '../../../src/core/skills/run-process.js';
import { DEATH, aTickAfter, doubleForks, endLater, escapes, pidIn, sleeper } from '../../helpers/escaping.js';
import { isRunning as alive } from '../../helpers/process.js';
import { tempDir } from '../../helpers/temp.js';

/** Ten seconds on: the ids handed out since a call began are no longer trusted (see call-token.ts). */
const LONG_AFTER = 20_000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe.runIf(process.platform === 'linux')("a long call's processes, looked for among all", () => {
  it('reads no environment of a process started before the call, and still ends its escaped processes', async () => {
    const token = randomBytes(16).toString('hex');
    // Carries the token, as no real process from before a call can (its token is new): had its
    // environment been read, it would be found and ended.
    const older = sleeper({ IAS_CALL_TOKEN: token });
    await aTickAfter(older);
    const pids = callPidsFromNow()!;
    const dir = tempDir();
    const [moved, forked] = [path.join(dir, 'moved'), path.join(dir, 'forked')];
    const first = spawn('sh', ['-c', `${escapes(moved)}\n${doubleForks(forked)}\nsleep 60`], {
      detached: true,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, IAS_CALL_TOKEN: token },
    });
    endLater(first.pid!);
    // As at the end of a call that began long ago.
    const since = callStarted(first.pid!, { ...pids, at: pids.at - LONG_AFTER });
    expect(since.ticks).toBe(startTicks(first.pid!));
    const escaped = [await pidIn(moved), await pidIn(forked)];

    const { found, read } = lookForCarriers(token, since);
    expect(read).not.toContain(older);
    expect(read).not.toContain(process.ppid);
    expect(found).toEqual(expect.arrayContaining([first.pid!, ...escaped]));
    expect(found).not.toContain(older);
    // A process started in the very tick the call's first one did is looked at.
    expect(lookForCarriers(token, { ticks: startTicks(escaped[0]!)! }).found).toContain(escaped[0]);

    await endCarriers(token, since);
    for (const pid of [first.pid!, ...escaped]) await expect.poll(() => alive(pid), DEATH).toBe(false);
    expect(alive(older)).toBe(true);
  });

  it('looks at every process, as before, where the start of the call is not known', () => {
    const token = randomBytes(16).toString('hex');
    const marked = sleeper({ IAS_CALL_TOKEN: token });
    const { found, read } = lookForCarriers(token, {});
    expect(found).toEqual([marked]);
    expect(read).toContain(process.ppid);
  });

  it('a call run past the time its ids are trusted for still ends its escaped processes', async () => {
    const dir = tempDir();
    const moved = path.join(dir, 'moved');
    const realNow = Date.now.bind(Date);
    const outcome = await runProcess('sh', ['-c', `${escapes(moved)}\necho done`], {
      cwd: dir,
      env: { PATH: process.env.PATH! },
      timeoutMs: 30_000,
      // The call began long ago, as far as its end can tell.
      onSpawn: () => void vi.spyOn(Date, 'now').mockImplementation(() => realNow() + LONG_AFTER),
    });
    expect(outcome).toMatchObject({ code: 0, stdout: 'done\n' });
    const escaped = await pidIn(moved);
    await expect.poll(() => alive(escaped), DEATH).toBe(false);
  });
});
