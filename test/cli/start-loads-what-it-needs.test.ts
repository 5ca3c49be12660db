/**
 * `ias` loads only what the command run needs (see src/cli/lazy-action.ts): `ias --version` and
 * `ias --help` load none of the heavy packages, `ias --version` not even the database's,
 * `ias skills list` no model client, skill runner, server or watcher. Seen by the packages the real
 * process imports or requires, and the Intl objects it makes (test/fixtures/loaded-packages writes
 * them down).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../src/core/owner-locale.js';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const recorder = pathToFileURL(path.resolve('test/fixtures/loaded-packages/register.mjs')).href;

/** Runs `ias …args` on the data folder `home` (a fresh one by default); its output and what it loaded and made. */
function packagesLoaded(
  args: string[],
  home = path.join(tempDir('ias-home-'), 'home'),
  env: Record<string, string> = {},
) {
  const log = path.join(tempDir('ias-loaded-'), 'loaded.txt');
  const run = ias(['--home', home, ...args], {
    ...env,
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

  describe("on a data folder with its database (where the owner's language is saved)", () => {
    /** A data folder an earlier command has set up. */
    function usedHome(): string {
      const home = path.join(tempDir('ias-home-'), 'home');
      expect(ias(['--home', home, 'skills', 'list']).status).toBe(0);
      expect(fs.existsSync(path.join(home, 'ias.db'))).toBe(true);
      return home;
    }

    // The program used to load better-sqlite3 at its start (for the language of what it might say).
    it.each(['--version', '-V', 'skills --version'])(
      'ias %s loads no database package and makes no Intl object',
      (command) => {
        const { run, loaded } = packagesLoaded(command.split(' '), usedHome());
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
        expect(loaded.has('better-sqlite3')).toBe(false);
        // The program used to make an Intl.Segmenter at its start (for tables' cells): ICU's data, ~20 ms.
        expect([...loaded].filter((line) => line.startsWith('Intl.'))).toEqual([]);
      },
    );

    // What the help says is in the owner's language: the database is read for it (and the recorder sees it).
    it.each(['--help', '-h'])('ias %s reads the database for its language', (command) => {
      const { run, loaded } = packagesLoaded([command], usedHome());
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('Usage: ias');
      expect(loaded.has('better-sqlite3')).toBe(true);
    });

    // The system's language used to be asked (from ICU where the environment names none: its data,
    // ~15 ms) even when the owner's choice in the settings made it moot.
    it.each(['en', 'zh-CN'] as const)(
      'ias --help in the language chosen in the settings (%s) asks the system for none',
      (language) => {
        const home = usedHome();
        const store = openStore(path.join(home, 'ias.db'));
        store.settings.set(APP_SETTINGS, { language });
        store.close();
        const { run, loaded } = packagesLoaded(['--help'], home, { LANG: '' });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain(language === 'en' ? 'Usage: ias' : '用法');
        expect([...loaded].filter((line) => line.startsWith('Intl.'))).toEqual([]);
      },
    );
  });

  // Where no LC_ALL, LC_MESSAGES or LANG names it (Windows), the system's language is ICU's: the recorder sees that.
  it('ias --help with no language in the environment asks Intl for the system locale', () => {
    const { run, loaded } = packagesLoaded(['--help'], undefined, { LANG: '' });
    expect(run.status, run.stderr).toBe(0);
    expect(loaded.has('Intl.DateTimeFormat')).toBe(true);
  });

  it('ias skills list loads the skill parser but no model client, skill runner, server, QR code or watcher', () => {
    const { run, loaded } = packagesLoaded(['skills', 'list']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('NAME');
    expect(loaded.has('gray-matter')).toBe(true);
    expect(['openai', 'execa', 'ws', 'qrcode', 'chokidar', 'cronstrue'].filter((name) => loaded.has(name))).toEqual([]);
  });
});
