/**
 * A start of the runtime that fails part-way (a data folder it cannot use) closes what it had
 * opened, the database first of all, and throws the failing step's own error; once the folder is
 * mended, the same data folder opens. Real files and a real SQLite database; whether the database
 * is still open is read from this process's open files (Linux's /proc/self/fd).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRuntime, type RuntimeOptions } from '../../src/core/runtime.js';
import { tempDir } from '../helpers/temp.js';

const systemSkills = path.resolve('resources/skills');

/** The files of the data folder `home` this process holds open. */
function openFilesIn(home: string): string[] {
  return fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(path.join('/proc/self/fd', fd));
      } catch {
        return ''; // closed since it was listed (the listing's own fd)
      }
    })
    .filter((file) => file.startsWith(`${home}${path.sep}`));
}

async function expectFailedStart(options: RuntimeOptions, error: RegExp): Promise<void> {
  await expect(openRuntime(options)).rejects.toThrow(error);
  expect(openFilesIn(options.home)).toEqual([]);
  // It did get as far as the database before it failed.
  expect(fs.existsSync(path.join(options.home, 'ias.db'))).toBe(true);
}

describe.skipIf(process.platform !== 'linux')('a runtime start that fails part-way', () => {
  it('closes the database it opened and throws the error of the step that failed', async () => {
    const home = tempDir('ias-start-');
    // The secret store's folder (read after the database opens) is a file: the store cannot be made.
    fs.writeFileSync(path.join(home, 'secrets'), 'not a folder');
    await expectFailedStart({ home, systemSkills, recover: true }, /EEXIST: file already exists, mkdir '.*secrets'/);

    // Mended, the same folder opens, and closing lets go of every file.
    fs.rmSync(path.join(home, 'secrets'));
    const runtime = await openRuntime({ home, systemSkills, recover: true, watch: true });
    expect(openFilesIn(home).length).toBeGreaterThan(0);
    await runtime.close();
    expect(openFilesIn(home)).toEqual([]);
  });

  it('closes the database when the skills folder to watch cannot be made', async () => {
    const home = tempDir('ias-start-');
    const userSkills = path.join(home, 'my-skills');
    fs.writeFileSync(userSkills, 'not a folder');
    await expectFailedStart(
      { home, systemSkills, userSkills, recover: true, watch: true },
      /EEXIST: file already exists, mkdir '.*my-skills'/,
    );
  });
});
