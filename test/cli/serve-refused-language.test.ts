/**
 * `ias serve` that cannot listen (another serve holds the data folder, the port is taken, the host
 * is no address of this machine) says so in the owner's language and exits 1. Real processes and ports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { takenPort } from '../helpers/taken-port.js';
import { tempDir } from '../helpers/temp.js';

const chinese = { LANG: 'zh_CN.UTF-8' };

/** A start of `ias serve` that must fail: its stderr, once it has exited 1 with nothing on stdout. */
function refused(args: string[], env: Record<string, string> = {}): string {
  const run = ias(['serve', '--no-wechat', ...args], env);
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  return run.stderr;
}

describe('ias serve, refused where it was to listen', () => {
  it('says a port already in use in the owner’s language', async () => {
    const port = await takenPort();
    const home = tempDir('ias-serve-refused-');
    const taken = `port ${port} on 127.0.0.1 is already in use; choose another with --port (0 = any free port)`;
    // (A warning may come first: the UI not built, where only the command is.)
    expect(refused(['--port', String(port), '--home', home]).split('\n')).toContain(`error: ${taken}`);
    expect(refused(['--port', String(port), '--home', home], chinese).split('\n')).toContain(
      `错误：127.0.0.1 上的端口 ${port} 已被占用；请用 --port 换一个（0 = 任意空闲端口）`,
    );
  });

  it('says a host that is no address of this machine in the owner’s language', () => {
    const home = tempDir('ias-serve-refused-');
    // 192.0.2.0/24 is kept for documentation (RFC 5737): no machine has it.
    const args = ['--host', '192.0.2.1', '--port', '0', '--home', home];
    expect(refused(args).split('\n')).toContain('error: cannot listen on 192.0.2.1: no such address on this machine');
    expect(refused(args, chinese).split('\n')).toContain('错误：无法在 192.0.2.1 上监听：这台机器上没有这个地址');
  });

  it('says another `ias serve` of the same data folder in the owner’s language', () => {
    const home = tempDir('ias-serve-refused-');
    // This test's own process stands for the serve that runs: alive, and not the one starting.
    fs.writeFileSync(path.join(home, 'serve.lock'), `${process.pid}\n`);
    const args = ['--port', '0', '--home', home];
    expect(refused(args)).toBe(
      `error: another \`ias serve\` (pid ${process.pid}) is already running for ${home}; stop it first\n`,
    );
    expect(refused(args, chinese)).toBe(
      `错误：另一个 \`ias serve\`（pid ${process.pid}）已在为 ${home} 运行；请先停止它\n`,
    );
    expect(fs.readFileSync(path.join(home, 'serve.lock'), 'utf8')).toBe(`${process.pid}\n`);
  });

  it('opens nothing of the data folder before its lock: refused, the database is not even peeked at', () => {
    const home = tempDir('ias-serve-refused-');
    openStore(dataPaths(home).database).close();
    fs.writeFileSync(path.join(home, 'serve.lock'), `${process.pid}\n`);
    const before = fs.readdirSync(home).sort();
    // IAS_DEBUG: the refusal is said as it is thrown, in no language looked up (a peek at the
    // database would leave its -wal and -shm files beside it).
    const run = ias(['serve', '--no-wechat', '--port', '0', '--home', home], { IAS_DEBUG: '1' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`another \`ias serve\` (pid ${process.pid}) is already running for ${home}`);
    expect(fs.readdirSync(home).sort()).toEqual(before);
  });
});
