import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp.js';

/** Runs a fixture process of test/fixtures over a new data folder. */
const fixture = (name: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.resolve('test/fixtures', name)], {
    env: { ...process.env, IAS_HOME: tempDir(), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
const host = (env: Record<string, string> = {}) => fixture('wechat-crash-host.ts', env);

describe('a puppet that throws outside any call', () => {
  it('becomes an error status; iAs stays up', () => {
    const run = host();
    expect(run.stdout).toMatch(/STATUS error Cannot read properties of undefined/);
    expect(run.stdout).toContain('STILL UP');
    expect(run.status).toBe(0);
  });

  it('other uncaught errors still end the process', () => {
    const run = host({ THEN_CRASH: '1' });
    expect(run.stdout).toContain('STILL UP');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/an unrelated bug/);
  });
});

const loadedStack = (env: Record<string, string> = {}) => fixture('loaded-stack-host.ts', env);

describe('the wechat4u puppet, once loaded', () => {
  it('leaves no catch-all of its own: an uncaught error ends the process, with no stack printed on stdout', () => {
    const run = loadedStack();
    expect(run.stdout).toContain('LOADED');
    expect(run.stdout).not.toContain('STILL UP');
    expect(run.stdout).not.toContain('uncaughtException');
    expect(run.stderr).toMatch(/an unrelated bug/);
    expect(run.status).not.toBe(0);
  });

  it('what it throws after its bot stopped is dropped, unprinted', () => {
    const run = loadedStack({ STRAY: '1' });
    expect(run.stdout).toBe('LOADED\nSTILL UP\n');
    expect(run.stderr).not.toContain("reading 'start'");
    expect(run.status).toBe(0);
  });
});
