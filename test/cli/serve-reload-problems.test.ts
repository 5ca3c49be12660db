/**
 * `ias serve` says on its terminal the skills' load errors and warnings as it starts, and what a hot
 * reload does to them: a real process, the owner editing a SKILL.md by hand while it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { killIfRunning, startServe, stderrShows, stopServe, type ServeProcess } from '../server/serve-process.js';

let running: ServeProcess | undefined;
afterEach(async () => {
  await killIfRunning(running);
  running = undefined;
});

const count = (text: string, part: string) => text.split(part).length - 1;

it('ias serve prints the load errors a hot reload brings (escaped), and a line when the skill loads again', async () => {
  const home = tempDir('ias-serve-reload-');
  const { userSkills } = dataPaths(home);
  const greet = writeSkill(userSkills, 'greet', scriptSkill({ script: 'echo hi' }));
  writeSkill(userSkills, 'old_broken', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
  const oldLine = `warning: skipped ${path.join(userSkills, 'old_broken', 'SKILL.md')}:7: unknown risk level "Perhaps"`;
  running = await startServe(['--port', '0', '--no-wechat', '--home', home]);
  expect(running.stderr()).toContain(oldLine);

  // The owner breaks greet, with a word that would clear the screen if it were written as it is.
  const file = path.join(greet, 'SKILL.md');
  fs.writeFileSync(file, scriptSkill({ script: 'echo hi', risk: 'Soon\x1b[2J' }));
  await stderrShows(
    running,
    `warning: skipped ${file}:7: unknown risk level "Soon\\u001b[2J" in "## Risk Level": write Low or High\n`,
  );

  // And mends it.
  fs.writeFileSync(file, scriptSkill({ script: 'echo hello' }));
  await stderrShows(running, `fixed: greet loads again (${file})\n`);

  const said = running.stderr();
  expect(said).not.toContain('\x1b');
  // Each error once: the one of start-up is not said again at a reload.
  expect(count(said, oldLine)).toBe(1);
  expect(count(said, 'unknown risk level "Soon')).toBe(1);
  expect(count(said, 'loads again')).toBe(1);
  expect(await stopServe(running)).toEqual({ code: 0, signal: null });
});

it.runIf(process.platform !== 'win32')(
  'ias serve prints the warnings a hot reload brings, each once, apart from the skipped skills',
  async () => {
    const home = tempDir('ias-serve-reload-');
    const { userSkills } = dataPaths(home);
    const greet = writeSkill(userSkills, 'greet', scriptSkill({ script: 'echo hi' }));
    running = await startServe(['--port', '0', '--no-wechat', '--home', home]);

    // The owner makes greet run a script of its folder that is not executable: it loads, with a warning.
    fs.mkdirSync(path.join(greet, 'scripts'));
    fs.writeFileSync(path.join(greet, 'scripts', 'run.sh'), 'echo hi\n', { mode: 0o644 });
    const file = path.join(greet, 'SKILL.md');
    fs.writeFileSync(file, scriptSkill({ script: './scripts/run.sh' }));
    const notExecutable = `warning: ${file}:12: the script runs "./scripts/run.sh", but that file is not executable`;
    await stderrShows(running, notExecutable);

    // Another edit keeps that warning as it was and brings a new one: only the new one is said.
    const long = 'Greets. '.repeat(150).trim();
    fs.writeFileSync(file, scriptSkill({ script: './scripts/run.sh', description: long }));
    await stderrShows(running, `warning: ${file}: the description is ${long.length} characters; keep it under 1,024\n`);

    const said = running.stderr();
    expect(count(said, notExecutable)).toBe(1);
    expect(said).not.toContain('skipped');
    expect(await stopServe(running)).toEqual({ code: 0, signal: null });
  },
);

it.runIf(process.platform !== 'win32')(
  'ias serve prints the load warnings at start-up too, and a reload does not say them again as new',
  async () => {
    const home = tempDir('ias-serve-start-warnings-');
    const { userSkills } = dataPaths(home);
    // greet loads, running a script of its folder that is not executable.
    const greet = writeSkill(userSkills, 'greet', scriptSkill({ script: './scripts/run.sh' }));
    fs.mkdirSync(path.join(greet, 'scripts'));
    fs.writeFileSync(path.join(greet, 'scripts', 'run.sh'), 'echo hi\n', { mode: 0o644 });
    const greetFile = path.join(greet, 'SKILL.md');
    const notExecutable = `warning: ${greetFile}:12: the script runs "./scripts/run.sh", but that file is not executable`;
    // long fails to load; the warning of its description waits until it loads.
    const description = 'Long. '.repeat(200).trim();
    const long = writeSkill(userSkills, 'long', scriptSkill({ script: 'echo', description, risk: 'Perhaps' }));
    const longFile = path.join(long, 'SKILL.md');
    const tooLong = `warning: ${longFile}: the description is ${description.length} characters; keep it under 1,024\n`;

    running = await startServe(['--port', '0', '--no-wechat', '--home', home]);
    await stderrShows(running, `warning: skipped ${longFile}:7: unknown risk level "Perhaps"`);
    await stderrShows(running, notExecutable);
    expect(running.stderr()).not.toContain(tooLong);

    // An edit of greet that keeps its warning and brings a new one, and the mending of long: only
    // what is new is said.
    const greetDescription = 'Greets. '.repeat(150).trim();
    fs.writeFileSync(greetFile, scriptSkill({ script: './scripts/run.sh', description: greetDescription }));
    await stderrShows(
      running,
      `warning: ${greetFile}: the description is ${greetDescription.length} characters; keep it under 1,024\n`,
    );
    fs.writeFileSync(longFile, scriptSkill({ script: 'echo', description }));
    await stderrShows(running, `fixed: long loads again (${longFile})\n`);
    await stderrShows(running, tooLong);

    const said = running.stderr();
    expect(count(said, notExecutable)).toBe(1);
    expect(count(said, tooLong)).toBe(1);
    expect(await stopServe(running)).toEqual({ code: 0, signal: null });
  },
);
