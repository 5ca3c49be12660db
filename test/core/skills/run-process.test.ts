import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRuntime } from '../../../src/core/runtime.js';
import { runProcess } from '../../../src/core/skills/run-process.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

// A spawn Node refuses at once yields a child that never emits exit nor error: the run must still end.
describe('a program that cannot be started', () => {
  const start = (args: string[], env: Record<string, string> = {}) => {
    const spawned: number[] = [];
    const outcome = runProcess('sh', ['-c', 'echo ran', ...args], {
      cwd: tempDir(),
      env,
      timeoutMs: 60_000,
      onSpawn: (pid) => spawned.push(pid),
    });
    return { outcome, spawned };
  };

  it('ends with the reason when a variable holds a NUL character', async () => {
    const { outcome, spawned } = start([], { TEXT: 'a\u0000b' });
    const exit = await outcome;
    expect(exit.spawnError?.code).toBe('ERR_INVALID_ARG_VALUE');
    expect(exit.spawnError?.message).toMatch(/null bytes/);
    expect(exit.stdout).toBe('');
    expect(spawned).toEqual([]);
  });

  it('ends with E2BIG when an argument is too long to start a program with', async () => {
    const { outcome, spawned } = start(['x'.repeat(200_000)]);
    const exit = await outcome;
    expect(exit.spawnError?.code).toBe('E2BIG');
    expect(spawned).toEqual([]);
  });

  it('ends with ENOENT when the program does not exist', async () => {
    const exit = await runProcess('no-such-program-xyz', [], { cwd: tempDir(), env: {}, timeoutMs: 60_000 });
    expect(exit.spawnError?.code).toBe('ENOENT');
  });
});

describe('a skill call whose program cannot be started', () => {
  it('ends with the reason, for the model and in its audit row', async () => {
    const home = tempDir('ias-not-started-');
    const system = path.join(home, 'system');
    fs.mkdirSync(system);
    const md = scriptSkill({ script: 'echo ran' }).replace(/## Risk Level\n\nLow\n\n/, '');
    writeSkill(system, 'notes', `---\nrisk: low\nconfig:\n  - name: NOTES_HEADER\n---\n${md}`);
    const runtime = await openRuntime({ home, systemSkills: system });
    onCleanup(() => void runtime.close());
    // A setting far too long for one variable: the system refuses to start the program (E2BIG).
    runtime.skillConfig.set(runtime.registry.get('notes')!, { NOTES_HEADER: 'h'.repeat(200_000) });
    const outcome = await runtime.caller.call({ name: 'notes', params: {}, source: 'chat' });
    expect(outcome.status).toBe('error');
    expect(outcome.result.error).toBe(
      'the program could not be started: its environment is too large (E2BIG); nothing ran',
    );
    expect(runtime.store.audit.get(outcome.auditId)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/E2BIG/),
    });
  });
});

describe('a stderr past the cap', () => {
  it('keeps its end when asked, from a whole character on', async () => {
    // 前 is 3 bytes in UTF-8: a cap of 3n + 2 bytes before "END" falls inside one.
    const exit = await runProcess(process.execPath, ['-e', "process.stderr.write('前'.repeat(100) + 'END')"], {
      cwd: tempDir(),
      env: {},
      timeoutMs: 60_000,
      capBytes: 3 * 10 + 2 + 3,
      stderrKeeps: 'end',
    });
    expect(exit).toMatchObject({ truncated: true, stderrTruncated: true });
    expect(exit.stderr).toBe(`${'前'.repeat(10)}END`);
  });

  it('keeps exactly its last bytes whatever the sizes of the writes', async () => {
    // Writes of 1 to 700 bytes, each its own letter: the end kept shows any byte misplaced.
    const writes = Array.from({ length: 60 }, (_, i) =>
      String.fromCharCode(97 + (i % 26)).repeat(1 + ((i * 37) % 700)),
    );
    const program = `const fs = require('fs'); for (const w of ${JSON.stringify(writes)}) fs.writeSync(2, w);`;
    for (const cap of [1, 699, 1000, 4096]) {
      const exit = await runProcess(process.execPath, ['-e', program], {
        cwd: tempDir(),
        env: {},
        timeoutMs: 60_000,
        capBytes: cap,
        stderrKeeps: 'end',
      });
      expect(exit.stderr).toBe(writes.join('').slice(-cap));
      expect(exit.stderrTruncated).toBe(true);
    }
  });
});
