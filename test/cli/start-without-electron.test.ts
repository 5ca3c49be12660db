/**
 * `npm start` (scripts/start.mjs, after the build) on a machine where Electron's binary is not
 * installed: it says so and starts `ias serve` instead, saying how options reach it through npm, so
 * that a port in use has a way out a newcomer can type. ELECTRON_OVERRIDE_DIST_PATH at an empty
 * folder stands for an install that skipped Electron's download. Real processes and ports.
 */
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ENGLISH_SYSTEM } from '../helpers/cli.js';
import { takenPort } from '../helpers/taken-port.js';
import { tempDir } from '../helpers/temp.js';

function startEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ...ENGLISH_SYSTEM, NO_COLOR: '1', ELECTRON_OVERRIDE_DIST_PATH: tempDir('ias-no-electron-') };
}

describe('npm start without Electron', () => {
  it('says how to give `ias serve` its options through npm; the port it names then serves', async () => {
    const home = tempDir('ias-start-');
    const port = await takenPort();
    const taken = spawnSync(process.execPath, ['scripts/start.mjs', '--port', String(port), '--home', home], {
      encoding: 'utf8',
      env: startEnv(),
      timeout: 60_000,
    });
    expect(taken.status).toBe(1);
    expect(taken.stdout).toContain("Electron's binary is not installed on this machine");
    expect(taken.stdout).toContain('`npm start -- --port 0` to take any free port when 3717 is in use');
    expect(taken.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);

    // What it says to type works: `npm start -- --port 0` gives start.mjs `--port 0`.
    const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--home', home], { env: startEnv() });
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        const url = /^iAs is ready at (http:\/\/127\.0\.0\.1:(\d+)\/\S*)$/m.exec(stdout);
        if (url) resolve(url[2]!);
      });
      void exited.then((code) => reject(new Error(`start.mjs ended (${code}) before it was ready: ${stdout}`)));
    });
    expect(Number(ready)).toBeGreaterThan(0);
    expect(Number(ready)).not.toBe(port);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
