import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/core/store/index.js';
import { codeIn, countingSkill, readRuns } from '../../helpers/gate.js';
import { tempDir, writeSkill } from '../../helpers/temp.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface Host {
  child: ChildProcess;
  lines: string[];
  waitFor: (pattern: RegExp) => Promise<string>;
  say: (line: string) => void;
  exited: Promise<void>;
}

function host(env: Record<string, string>): Host {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/fixtures/gate-host.ts')], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.pattern.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    lines,
    exited,
    say: (line) => child.stdin!.write(`${line}\n`),
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const found = lines.find((l) => pattern.test(l));
        if (found) return resolve(found);
        waiters.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`host exited before ${pattern}: ${stderr}`)));
      }),
  };
}

function world() {
  const home = tempDir('ias-crash-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  writeSkill(system, 'slow_mail', countingSkill({ home }, 'slow_mail', `touch '${home}/slow_mail.started'\nsleep 1\n`));
  const runs = (skill: string) => readRuns(home, skill);
  return { home, env: { IAS_HOME: home, IAS_SYSTEM_SKILLS: system }, runs };
}

const sentText = (line: string) => JSON.parse(line.slice('SENT '.length)) as string;

describe('kill -9 and restart', () => {
  it('an approval pending at the kill is cancelled at restart and its code runs nothing', async () => {
    const w = world();
    const first = host({ ...w.env, CALL_SKILL: 'send_mail', CALL_PARAMS: '{"to":"x@example.com"}' });
    const code = codeIn(sentText(await first.waitFor(/^SENT .*确认码/)));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = host(w.env);
    await second.waitFor(/^READY$/);
    second.say(code);
    expect(sentText(await second.waitFor(/^SENT /))).toMatch(/没有等待确认的操作/);
    second.child.kill('SIGKILL');
    await second.exited;

    expect(w.runs('send_mail')).toEqual([]);
    const store = openStore(path.join(w.home, 'ias.db'));
    try {
      const [approval] = store.approvals.list();
      expect(approval).toMatchObject({ status: 'cancelled', skillName: 'send_mail' });
      const [audit] = store.audit.query({ skill: 'send_mail' }).rows;
      expect(audit).toMatchObject({ status: 'interrupted' });
      expect(store.db.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      store.close();
    }
  });

  it('a kill while the approved skill runs: marked interrupted, never run again', async () => {
    const w = world();
    const first = host({ ...w.env, CALL_SKILL: 'slow_mail', CALL_PARAMS: '{"to":"y@example.com"}' });
    const code = codeIn(sentText(await first.waitFor(/^SENT .*确认码/)));
    first.say(code);
    await first.waitFor(/^SENT .*已确认/);
    // Killed once the skill runs.
    while (!fs.existsSync(path.join(w.home, 'slow_mail.started'))) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = host(w.env);
    await second.waitFor(/^READY$/);
    second.say(code);
    await second.waitFor(/^SENT .*没有等待确认的操作/);
    await new Promise((r) => setTimeout(r, 1500)); // longer than the skill's own sleep
    expect(w.runs('slow_mail').length).toBeLessThanOrEqual(1);
    const store = openStore(path.join(w.home, 'ias.db'));
    try {
      const [approval] = store.approvals.list();
      expect(approval!.status).toBe('cancelled');
      expect(approval!.result).toMatch(/interrupted/);
      // Cut off while it ran, the call still says it was approved, and by which approval.
      expect(store.audit.query({ skill: 'slow_mail' }).rows[0]).toMatchObject({
        status: 'interrupted',
        approvalOutcome: 'approved',
        approvalId: approval!.id,
      });
    } finally {
      store.close();
    }
    expect(first.lines.concat(second.lines).filter((l) => l.startsWith('OUTCOME'))).toEqual([]);
  });
});
