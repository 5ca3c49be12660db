/**
 * `ias tasks` says which skills a task may use are gone (deleted, or no longer loading) or turned
 * off, so its runs go without them, in the owner's language: before, nothing told the owner until
 * (and unless) they read a run's result.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

it('lists the allowed skills a task will go without, and why, in English and in Chinese', () => {
  const dir = tempDir('ias-home-');
  const system = path.join(dir, 'system');
  fs.mkdirSync(system);
  for (const name of ['read_news', 'read_weather']) writeSkill(system, name, scriptSkill({ script: 'echo ok' }));
  const args = ['--home', dir, '--system-skills', system];
  const store = openStore(path.join(dir, 'ias.db'));
  store.tasks.insert({
    id: 'dig12345',
    name: 'Morning digest',
    cron: '0 8 * * *',
    runAt: null,
    prompt: 'Sum up my morning',
    // read_mail was deleted since the task was made.
    allowlist: ['read_mail', 'read_news', 'read_weather'],
    enabled: true,
    nextRunAt: Date.now() + 3600_000,
    timeZone: 'UTC',
    createdBy: 'test',
    createdAt: Date.now(),
  });
  store.close();
  expect(ias(['skills', 'disable', 'read_weather', ...args]).status).toBe(0);

  const list = ias(['tasks', ...args], { TZ: 'UTC' });
  expect(list.status).toBe(0);
  expect(list.stdout).toMatch(
    /Morning digest \(dig12345\) may use skills its runs go without: read_mail \(deleted[^)]*\), read_weather \(turned off: `ias skills enable read_weather`\)\./,
  );
  expect(list.stdout).not.toMatch(/read_news \(/);
  const chinese = ias(['tasks', ...args], { TZ: 'UTC', LANG: 'zh_CN.UTF-8' });
  expect(chinese.stdout).toContain('read_mail（已删除');
  expect(chinese.stdout).toContain('read_weather（已关闭');
});
