import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellCommand } from '../../../src/core/builtins/shell.js';
import { builtinWorld, type BuiltinWorld } from '../../helpers/builtin-world.js';
import { codeIn } from '../../helpers/gate.js';
import { isRunning } from '../../helpers/process.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

async function world(): Promise<BuiltinWorld> {
  const w = await builtinWorld();
  onCleanup(() => w.close());
  // A plain sh: a login shell reads the machine's profile first, which only slows the tests.
  w.configure('execute_shell', { SHELL: '/bin/sh' });
  return w;
}

/** A chat-like call of execute_shell that the owner approves with the code they were sent. */
async function approvedRun(w: BuiltinWorld, params: Record<string, unknown>) {
  const sent = w.owner.nextSent(/确认码/);
  const call = w.runtime.caller.call({ name: 'execute_shell', params, source: 'chat' });
  const ask = await sent;
  w.owner.reply(codeIn(ask));
  return { ask, outcome: await call };
}

describe('execute_shell', () => {
  it('asks the owner with the exact command and runs it only after the code', async () => {
    const w = await world();
    const dir = tempDir('ias-shell-cwd-');
    const command = `printf '%s\\n' "one two" | tr a-z A-Z > out.txt && cat out.txt && echo "to stderr" >&2`;
    const { ask, outcome } = await approvedRun(w, { command, cwd: dir });
    expect(ask).toContain('execute_shell');
    expect(ask).toContain(`command: ${command}`);
    expect(outcome.status).toBe('done');
    expect(outcome.result.data).toMatchObject({ exitCode: 0, stdout: 'ONE TWO\n', stderr: 'to stderr\n', cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'out.txt'), 'utf8')).toBe('ONE TWO\n');
  });

  it('runs nothing when the owner cancels', async () => {
    const w = await world();
    const marker = path.join(w.home, 'ran');
    const sent = w.owner.nextSent(/确认码/);
    const call = w.runtime.caller.call({
      name: 'execute_shell',
      params: { command: `touch '${marker}'` },
      source: 'chat',
    });
    await sent;
    w.owner.reply('0');
    const outcome = await call;
    expect(outcome.status).toBe('refused');
    expect(outcome.result.error).toBe('用户拒绝了你的调用：execute_shell');
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('reports a failing command with its exit code and output', async () => {
    const w = await world();
    const { outcome } = await approvedRun(w, { command: 'echo partial; echo broken >&2; exit 3' });
    expect(outcome.status).toBe('error');
    expect(outcome.result).toMatchObject({
      success: false,
      error: 'the command exited with code 3',
      exitCode: 3,
      stdout: 'partial\n',
      stderr: 'broken\n',
    });
  });

  it('stops the command and everything it started at the timeout', async () => {
    const w = await world();
    const pidFile = path.join(w.home, 'child.pid');
    const { outcome } = await approvedRun(w, {
      command: `sleep 30 & echo $! > '${pidFile}'; wait`,
      timeout_secs: 3,
    });
    expect(outcome.result.success).toBe(false);
    expect(outcome.result.error).toMatch(/timed out after 3 s/);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 300));
    expect(isRunning(pid)).toBe(false);
  });

  it('keeps the running command’s process group on record until it ends', async () => {
    const w = await world();
    const dir = tempDir('ias-shell-pid-');
    const [marker, go] = [path.join(dir, 'pid'), path.join(dir, 'go')];
    const sent = w.owner.nextSent(/确认码/);
    const call = w.runtime.caller.call({
      name: 'execute_shell',
      params: {
        command: `echo $$ > '${marker}.tmp'; mv '${marker}.tmp' '${marker}'; while [ ! -e '${go}' ]; do sleep 0.05; done`,
      },
      source: 'chat',
    });
    w.owner.reply(codeIn(await sent));
    while (!fs.existsSync(marker)) await new Promise((r) => setTimeout(r, 20));
    const kept = w.runtime.store.processes.all();
    if (process.platform === 'linux') {
      expect(kept).toMatchObject([{ pid: Number(fs.readFileSync(marker, 'utf8')), ownerPid: process.pid }]);
    }
    fs.writeFileSync(go, '');
    const outcome = await call;
    expect(outcome.status).toBe('done');
    if (process.platform === 'linux') expect(kept[0]!.auditId).toBe(outcome.auditId);
    expect(w.runtime.store.processes.all()).toEqual([]);
  });

  it('forgets the process however the call ends, and runs it all the same when it cannot be kept', async () => {
    const w = await world();
    // The caller's record of the result fails: the call fails, and its process is forgotten.
    const sent = w.owner.nextSent(/确认码/);
    const failing = w.runtime.caller.call({
      name: 'execute_shell',
      params: { command: 'echo done' },
      source: 'chat',
      recordWith: () => {
        throw new Error('cannot store the result');
      },
    });
    w.owner.reply(codeIn(await sent));
    await expect(failing).rejects.toThrow('cannot store the result');
    expect(w.runtime.store.processes.all()).toEqual([]);
    // The database cannot keep the process: the command still runs, and still under its time limit.
    w.runtime.store.processes.add = () => {
      throw new Error('database is locked');
    };
    const { outcome } = await approvedRun(w, { command: 'sleep 30', timeout_secs: 1 });
    expect(outcome.result).toMatchObject({ success: false });
    expect(String(outcome.result.error)).toMatch(/timed out/);
  });

  it('caps the output and says so', async () => {
    const w = await world();
    const { outcome } = await approvedRun(w, { command: 'head -c 300000 /dev/zero | tr "\\0" x', max_output_kb: 4 });
    const data = outcome.result.data as { stdout: string; truncated: boolean; note: string };
    expect(data.stdout).toHaveLength(4096);
    expect(data.truncated).toBe(true);
    expect(data.note).toMatch(/cut at 4 KB/);
  });

  it('tells the model nothing about which paths exist before the owner is asked', async () => {
    const w = await world();
    const file = path.join(w.home, 'a-file');
    fs.writeFileSync(file, '');
    const marker = path.join(w.home, 'ran');
    // A folder, a file, and a path that does not exist: each is asked about, and a cancel reads the same.
    const answers: unknown[] = [];
    for (const cwd of [w.home, file, path.join(w.home, 'missing')]) {
      const sent = w.owner.nextSent(/确认码/);
      const call = w.runtime.caller.call({
        name: 'execute_shell',
        params: { command: `touch '${marker}'`, cwd },
        source: 'chat',
      });
      expect(await sent).toContain(cwd);
      w.owner.reply('0');
      const outcome = await call;
      expect(outcome.approvalId).toBeDefined();
      answers.push([outcome.status, outcome.result.error]);
    }
    expect(answers).toEqual(Array.from({ length: 3 }, () => ['refused', '用户拒绝了你的调用：execute_shell']));
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('looks at the working folder once the owner approved, and runs nothing when it is not a folder', async () => {
    const w = await world();
    const marker = path.join(w.home, 'ran');
    const missing = await approvedRun(w, { command: `touch '${marker}'`, cwd: path.join(w.home, 'missing') });
    expect(missing.outcome.status).toBe('error');
    expect(missing.outcome.result.error).toMatch(/^the working folder .*missing does not exist/);
    const file = path.join(w.home, 'a-file');
    fs.writeFileSync(file, '');
    const notFolder = await approvedRun(w, { command: `touch '${marker}'`, cwd: file });
    expect(notFolder.outcome.result.error).toBe(`${file} is not a folder`);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('refuses an empty or over-long command before asking anyone', async () => {
    const w = await world();
    const empty = await w.runtime.caller.call({ name: 'execute_shell', params: { command: '  ' }, source: 'chat' });
    expect(empty.status).toBe('error');
    expect(empty.result.error).toBe('the command is empty');
    expect(empty.approvalId).toBeUndefined();
    const long = await w.runtime.caller.call({
      name: 'execute_shell',
      params: { command: 'x'.repeat(1501) },
      source: 'chat',
    });
    expect(long.status).toBe('error');
    expect(long.result.error).toMatch(/invalid arguments.*command/);
    expect(long.approvalId).toBeUndefined();
  });

  it('refuses a command no program can be given (a NUL character) before asking anyone', async () => {
    const w = await world();
    const outcome = await w.runtime.caller.call({
      name: 'execute_shell',
      params: { command: 'echo one\u0000two' },
      source: 'chat',
    });
    expect(outcome.status).toBe('error');
    expect(outcome.result.error).toBe(
      'the command contains a NUL character (\\u0000), which no program can be given; write it without one',
    );
    expect(outcome.approvalId).toBeUndefined();
    expect(w.owner.outbox).toEqual([]);
  });

  it('runs in the home folder by default, with ~ expanded', async () => {
    const w = await world();
    const { outcome } = await approvedRun(w, { command: 'pwd', cwd: '~' });
    expect((outcome.result.data as { stdout: string }).stdout.trim()).toBe(fs.realpathSync(os.homedir()));
  });

  it('Windows: the shell is named in full, never looked for in the working folder the model chose', () => {
    // Named bare, cross-spawn looks in the working folder first: a powershell.exe downloaded there would run.
    const [program] = shellCommand('Get-ChildItem', undefined, 'win32', {});
    expect(program).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    // A shell the owner set by its name alone is found on PATH (with PATHEXT), as a full path.
    const env = { PATH: 'relative;C:\\Program Files\\PowerShell\\7;C:\\Windows', PATHEXT: '.COM;.EXE' };
    const exists = (file: string) => file === 'C:\\Program Files\\PowerShell\\7\\pwsh.EXE';
    expect(shellCommand('ls', 'pwsh', 'win32', env, exists)).toEqual([
      'C:\\Program Files\\PowerShell\\7\\pwsh.EXE',
      ['-NoProfile', '-NonInteractive', '-Command', 'ls'],
    ]);
    // Not on PATH: left as it is (its run then says it was not found).
    expect(shellCommand('ls', 'nushell', 'win32', env, exists)[0]).toBe('nushell');
  });

  it("chooses the owner's shell on each platform", () => {
    expect(shellCommand('ls', undefined, 'linux', { SHELL: '/bin/zsh' })).toEqual(['/bin/zsh', ['-l', '-c', 'ls']]);
    expect(shellCommand('ls', undefined, 'linux', {})).toEqual(['/bin/sh', ['-c', 'ls']]);
    expect(shellCommand('dir', undefined, 'win32', { SystemRoot: 'D:\\Win' })).toEqual([
      'D:\\Win\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
      ['-NoProfile', '-NonInteractive', '-Command', 'dir'],
    ]);
  });

  it('Windows: cmd.exe is given the command line as it is, never quoted for another program', () => {
    // Quoted by the C runtime's rules ("a b" as \"a b\"), cmd.exe would run other words than the
    // owner approved: it reads no backslash escapes. So the line goes as cmd /s /c "…" reads it.
    const command = 'echo "a b" > "my file.txt" & type "my file.txt"';
    expect(shellCommand(command, 'C:\\Windows\\System32\\cmd.exe', 'win32', {})).toEqual([
      'C:\\Windows\\System32\\cmd.exe',
      ['/d', '/s', '/c', `"${command}"`],
      { windowsVerbatimArguments: true },
    ]);
  });
});
