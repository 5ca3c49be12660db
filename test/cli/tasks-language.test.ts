/**
 * `ias tasks` in the owner's language (the system's, or the language setting) and time zone (the
 * owner's setting, not the computer's): the table, what pause / resume / delete say, the errors;
 * `--json` the same in both.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../src/core/owner-locale.js';
import { openStore } from '../../src/core/store/index.js';
import { TIME_ZONE } from '../../src/core/time-zone.js';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** 08:00 in Shanghai on 2 January 2030 (09:00 in Tokyo). */
const MORNING = Date.UTC(2030, 0, 2, 0, 0);
/** 13:30 in London on 1 June 2030 (summer time): 20:30 in Shanghai. */
const CALL = Date.UTC(2030, 5, 1, 12, 30);
/** When the tasks last ran: 08:00 in Shanghai on 31 December 2025. */
const LAST = Date.UTC(2025, 11, 31, 0, 0);

/** The computer's zone, which the moments must not follow: the owner's setting is Shanghai. */
const COMPUTER = { TZ: 'Asia/Tokyo' };
const CHINESE = { ...COMPUTER, LANG: 'zh_CN.UTF-8' };

function home(language?: 'zh-CN') {
  const dir = tempDir('ias-tasks-');
  const store = openStore(path.join(dir, 'ias.db'));
  const task = { prompt: 'p', allowlist: [], createdBy: 'test', createdAt: Date.now() };
  store.tasks.insert({
    ...task,
    id: 'abc12345',
    name: 'Weather',
    cron: '0 8 * * *',
    runAt: null,
    enabled: true,
    nextRunAt: MORNING,
    timeZone: 'Asia/Shanghai',
  });
  store.tasks.claimNow('abc12345', LAST);
  store.tasks.finish('abc12345', 'done', 'Sunny.', LAST);
  store.tasks.insert({
    ...task,
    id: 'once0001',
    name: 'Call mum',
    cron: null,
    runAt: CALL,
    enabled: true,
    nextRunAt: CALL,
    timeZone: 'Europe/London',
  });
  store.tasks.insert({
    ...task,
    id: 'weekly01',
    name: 'Report',
    cron: '30 9 * * 1',
    runAt: null,
    enabled: false,
    nextRunAt: null,
    timeZone: 'Asia/Shanghai',
  });
  // A one-off whose moment has passed: run (and failed), it has no run left.
  store.tasks.insert({
    ...task,
    id: 'gone0001',
    name: 'Old one',
    cron: null,
    runAt: LAST,
    enabled: true,
    nextRunAt: LAST,
    timeZone: 'Asia/Shanghai',
  });
  store.tasks.claimNow('gone0001', LAST);
  store.tasks.finish('gone0001', 'failed', 'No network.', LAST);
  store.settings.set(TIME_ZONE, 'Asia/Shanghai');
  if (language) store.settings.set(APP_SETTINGS, { language });
  store.close();
  return ['--home', dir];
}

/**
 * A table's line for a task, its white space as plain spaces (Intl may write a narrow no-break
 * space before PM).
 */
const line = (stdout: string, id: string) =>
  stdout
    .split('\n')
    .find((l) => l.startsWith(id))
    ?.replace(/\s+/g, ' ');

describe('ias tasks in the owner’s language and time zone', () => {
  it('in English: the schedule in words as the app says it, the moments in the owner’s zone', () => {
    const args = home();
    const list = ias(['tasks', ...args], COMPUTER);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^ID +NAME +SCHEDULE +NEXT RUN +LAST RUN\n/);
    expect(line(list.stdout, 'abc12345')).toBe(
      'abc12345 Weather Every day at 8:00 AM (0 8 * * *) 01/02/2030, 8:00 AM 12/31/2025, 8:00 AM done',
    );
    // A one-off's moment in its own zone, as it was set, which is named; its next run in the owner's.
    expect(line(list.stdout, 'once0001')).toBe(
      'once0001 Call mum once at 06/01/2030, 1:30 PM (Europe/London) 06/01/2030, 8:30 PM —',
    );
    expect(line(list.stdout, 'weekly01')).toBe('weekly01 Report At 9:30 AM, only on Monday (30 9 * * 1) paused —');
    expect(line(list.stdout, 'gone0001')).toBe(
      'gone0001 Old one once at 12/31/2025, 8:00 AM finished 12/31/2025, 8:00 AM failed',
    );

    expect(ias(['tasks', 'pause', 'abc12345', ...args]).stdout).toBe('Paused Weather (abc12345).\n');
    expect(ias(['tasks', 'resume', 'abc12345', ...args]).stdout).toBe('Resumed Weather (abc12345).\n');
    const gone = ias(['tasks', 'resume', 'gone0001', ...args]);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toBe('error: "Old one" has no run left: its moment has passed\n');
    const missing = ias(['tasks', 'pause', 'nope0000', ...args]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('error: there is no scheduled task "nope0000"\n');
    expect(ias(['tasks', 'delete', 'abc12345', ...args]).stdout).toBe('Deleted Weather (abc12345).\n');
    expect(ias(['tasks', 'delete', 'abc12345', ...args]).stderr).toBe('error: there is no scheduled task "abc12345"\n');
    expect(ias(['tasks', '--home', tempDir('ias-no-tasks-')]).stdout).toBe(
      'No scheduled tasks. Ask iAs in chat to schedule one.\n',
    );
  }, 120_000);

  it('in 简体中文 (LANG=zh_CN.UTF-8), on a 24-hour clock', () => {
    const args = home();
    const list = ias(['tasks', ...args], CHINESE);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^ID +名称 +计划 +下次运行 +上次运行\n/);
    expect(line(list.stdout, 'abc12345')).toBe(
      'abc12345 Weather 每天在08:00（0 8 * * *） 2030/01/02 08:00 2025/12/31 08:00 完成',
    );
    expect(line(list.stdout, 'once0001')).toBe(
      'once0001 Call mum 一次：2030/06/01 13:30（Europe/London） 2030/06/01 20:30 —',
    );
    expect(line(list.stdout, 'weekly01')).toBe('weekly01 Report 在09:30，仅星期一（30 9 * * 1） 已暂停 —');
    expect(line(list.stdout, 'gone0001')).toBe('gone0001 Old one 一次：2025/12/31 08:00 已结束 2025/12/31 08:00 失败');

    expect(ias(['tasks', 'pause', 'abc12345', ...args], CHINESE).stdout).toBe('已暂停 Weather（abc12345）。\n');
    expect(ias(['tasks', 'resume', 'abc12345', ...args], CHINESE).stdout).toBe('已恢复 Weather（abc12345）。\n');
    const gone = ias(['tasks', 'resume', 'gone0001', ...args], CHINESE);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toBe('错误：“Old one”的运行时间已过：请在对话中让 iAs 为它设定新的时间。\n');
    const missing = ias(['tasks', 'delete', 'nope0000', ...args], CHINESE);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('错误：没有这个定时任务（nope0000）。\n');
    expect(ias(['tasks', 'delete', 'abc12345', ...args], CHINESE).stdout).toBe('已删除 Weather（abc12345）。\n');
    expect(ias(['tasks', '--home', tempDir('ias-no-tasks-')], CHINESE).stdout).toBe(
      '还没有定时任务。在对话中告诉 iAs 来新建一个。\n',
    );
  }, 120_000);

  it('the language setting wins over the system’s; --json is the same in either language', () => {
    const args = home('zh-CN');
    expect(ias(['tasks', ...args], COMPUTER).stdout).toContain('2030/01/02 08:00');
    const chinese = JSON.parse(ias(['tasks', '--json', ...args], COMPUTER).stdout);
    const english = JSON.parse(ias(['tasks', '--json', ...home()], COMPUTER).stdout);
    expect(chinese).toEqual(
      english.map((t: { createdAt: number }, i: number) => ({ ...t, createdAt: chinese[i].createdAt })),
    );
    const byId = (id: string) => english.find((t: { id: string }) => t.id === id);
    expect(byId('abc12345')).toMatchObject({
      id: 'abc12345',
      cron: '0 8 * * *',
      timeZone: 'Asia/Shanghai',
      nextRunAt: MORNING,
      lastRunAt: LAST,
      lastStatus: 'done',
    });
    expect(byId('once0001')).toMatchObject({ runAt: CALL, nextRunAt: CALL, lastRunAt: null });
  }, 120_000);
});
