/**
 * `ias` loads only what the command run needs (see src/cli/lazy-action.ts): `ias --version` and
 * `ias --help` load none of the heavy packages, `ias skills list` no model client, skill runner,
 * server or watcher. Seen by the packages the real process imports (a module hook writes them down).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const recorder = pathToFileURL(path.resolve('test/fixtures/loaded-packages/register.mjs')).href;

/** Runs `ias …args` on a fresh data folder; its output and the packages it imported. */
function packagesLoaded(args: string[]) {
  const dir = tempDir('ias-loaded-');
  const log = path.join(dir, 'loaded.txt');
  const run = ias(['--home', path.join(dir, 'home'), ...args], {
    NODE_OPTIONS: `--import=${recorder}`,
    IAS_LOADED_LOG: log,
  });
  const loaded = new Set(fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
  // The hook saw the program start: an empty list would prove nothing.
  expect([...loaded]).toContain('commander');
  return { run, loaded };
}

/** Each costs tens of milliseconds to load, paid at every start if imported at the top. */
const HEAVY = ['openai', 'execa', 'ws', 'qrcode', 'chokidar', 'gray-matter', 'ajv', 'cronstrue', 'croner', 'wechaty'];

describe('what an ias command loads', () => {
  it.each(['--version', '--help', 'skills --help', 'serve --help'])(
    'ias %s loads none of the heavy packages',
    (command) => {
      const { run, loaded } = packagesLoaded(command.split(' '));
      expect(run.status, run.stderr).toBe(0);
      expect(HEAVY.filter((name) => loaded.has(name))).toEqual([]);
    },
  );

  it('ias skills list loads the skill parser but no model client, skill runner, server, QR code or watcher', () => {
    const { run, loaded } = packagesLoaded(['skills', 'list']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('NAME');
    expect(loaded.has('gray-matter')).toBe(true);
    expect(['openai', 'execa', 'ws', 'qrcode', 'chokidar', 'cronstrue'].filter((name) => loaded.has(name))).toEqual([]);
  });
});
