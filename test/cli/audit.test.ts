import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { effectiveRisk } from '../../src/core/approval/review.js';
import { SkillRegistry } from '../../src/core/skills/registry.js';
import { openStore } from '../../src/core/store/index.js';
import { TIME_ZONE } from '../../src/core/time-zone.js';
import { ENGLISH_SYSTEM, ias, iasReview } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

function home() {
  const dir = tempDir('ias-home-');
  const user = path.join(dir, 'skills');
  fs.mkdirSync(user);
  writeSkill(user, 'ok_skill', scriptSkill({ script: 'echo fine' }));
  writeSkill(user, 'bad_skill', scriptSkill({ script: 'echo "broken pipe" >&2; exit 2' }));
  writeSkill(user, 'risky', scriptSkill({ risk: 'High', script: 'echo done-risky' }));
  return { dir, user };
}

describe('ias skills run writes the audit log; ias audit reads it', () => {
  it('records every run with source cli, newest first, filtered by skill and status', () => {
    const h = home();
    expect(ias(['skills', 'run', 'ok_skill', '--home', h.dir]).status).toBe(0);
    expect(ias(['skills', 'run', 'bad_skill', '--home', h.dir]).status).toBe(1);
    // The owner at the terminal needs no approval, even for a high-risk skill.
    expect(ias(['skills', 'run', 'risky', '--home', h.dir]).stdout).toBe('done-risky\n');

    const all = ias(['audit', '--json', '--home', h.dir]);
    expect(all.status).toBe(0);
    const page = JSON.parse(all.stdout) as { rows: Record<string, unknown>[] };
    expect(page.rows.map((r) => r.skill)).toEqual(['risky', 'bad_skill', 'ok_skill']);
    expect(page.rows.every((r) => r.source === 'cli')).toBe(true);
    expect(page.rows[0]).toMatchObject({ risk: 'high', status: 'done', approvalOutcome: 'owner-at-terminal' });
    expect(page.rows[1]).toMatchObject({ status: 'failed', exitCode: 2, error: 'broken pipe' });
    // ok_skill is a user skill nobody has reviewed yet: it counts as high risk.
    expect(page.rows[2]).toMatchObject({
      status: 'done',
      resultSummary: 'fine',
      risk: 'high',
      approvalOutcome: 'owner-at-terminal',
    });
    expect(ias(['skills', 'run', 'get_current_datetime', '--home', h.dir]).status).toBe(0);
    const system = JSON.parse(ias(['audit', '--json', '--limit', '1', '--home', h.dir]).stdout) as { rows: unknown[] };
    expect(system.rows[0]).toMatchObject({ skill: 'get_current_datetime', risk: 'low', approvalOutcome: 'none' });
    expect(typeof page.rows[2]!.skillHash).toBe('string');

    const failed = JSON.parse(ias(['audit', '--json', '--status', 'failed', '--home', h.dir]).stdout) as {
      rows: unknown[];
    };
    expect(failed.rows).toHaveLength(1);
    const one = JSON.parse(ias(['audit', '--json', '--skill', 'ok_skill', '--home', h.dir]).stdout) as {
      rows: unknown[];
    };
    expect(one.rows).toHaveLength(1);
    const limited = JSON.parse(ias(['audit', '--json', '--limit', '2', '--home', h.dir]).stdout) as {
      rows: unknown[];
      nextCursor?: string;
    };
    expect(limited.rows).toHaveLength(2);
    expect(limited.nextCursor).toBeTruthy();
    const next = JSON.parse(
      ias(['audit', '--json', '--limit', '2', '--cursor', limited.nextCursor!, '--home', h.dir]).stdout,
    ) as {
      rows: { skill: string }[];
    };
    expect(next.rows.map((r) => r.skill)).toEqual(['bad_skill', 'ok_skill']);

    const human = ias(['audit', '--home', h.dir]);
    expect(human.stdout.split('\n')[0]).toMatch(/^TIME\s+SKILL\s+SOURCE\s+RISK\s+STATUS\s+APPROVAL\s+MS\s+RESULT$/);
    expect(human.stderr).toBe('');
    // A page that is not the last says so, and how to see the next one.
    const firstTwo = ias(['audit', '--limit', '2', '--home', h.dir]);
    expect(firstTwo.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(firstTwo.stderr).toBe(
      `The newest 2 shown; there are more: the next page is \`--cursor ${limited.nextCursor}\` with the same options (or a larger --limit, up to 500).\n`,
    );
    expect(ias(['audit', '--export', 'csv', '--home', h.dir]).stdout.split('\n')[0]).toMatch(/skill/);
  }, 60_000);

  it('an empty --home is the default data folder, as for every other command, never the current folder', () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    store.audit.start({ skill: 'ok_skill', source: 'cli', risk: 'high' });
    store.close();
    const cwd = tempDir('ias-cwd-');
    const run = spawnSync(process.execPath, [path.resolve('bin/ias.mjs'), '--home', '', 'audit', '--json'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, IAS_HOME: h.dir },
    });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { rows: { skill: string }[] }).rows.map((r) => r.skill)).toEqual(['ok_skill']);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('under a later page, which is not the newest, says it is the next one, in the owner’s language', () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    for (const skill of ['ok_skill', 'bad_skill', 'risky']) store.audit.start({ skill, source: 'cli', risk: 'high' });
    store.close();
    const first = JSON.parse(ias(['audit', '--json', '--limit', '1', '--home', h.dir]).stdout) as {
      nextCursor: string;
    };
    const args = ['audit', '--limit', '1', '--cursor', first.nextCursor, '--home', h.dir];
    const second = ias(args);
    expect(second.status).toBe(0);
    expect(second.stdout.trimEnd().split('\n')).toHaveLength(2);
    const { nextCursor } = JSON.parse(ias([...args, '--json']).stdout) as { nextCursor: string };
    expect(second.stderr).toBe(
      `The next 1 shown; there are more: the next page is \`--cursor ${nextCursor}\` with the same options (or a larger --limit, up to 500).\n`,
    );
    expect(ias(args, { LANG: 'zh_CN.UTF-8' }).stderr).toBe(
      `又显示了 1 条，还有更多：下一页请用相同的选项加上 \`--cursor ${nextCursor}\`（或用更大的 --limit，最多 500）。\n`,
    );
  });

  it("says which calls are of a task's run the owner asked for now; --source schedule keeps them", () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    const call = { skill: 'send_mail', source: 'schedule' as const, risk: 'high' as const };
    store.audit.start({ ...call, requestedBy: 'task-ab12cd34' });
    store.audit.start({ ...call, requestedBy: 'task-ab12cd34/run-now' });
    store.close();
    const sources = ias(['audit', '--source', 'schedule', '--home', h.dir])
      .stdout.split('\n')
      .slice(1, -1)
      .map((line) => line.split(/\s{2,}/)[2]);
    expect(sources).toEqual(['schedule (run now)', 'schedule']);
  });

  it("says in the command's language why a call's arguments were refused, as the app does", () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    const mismatch = { at: 'place', keyword: 'required', params: { missingProperty: 'place' }, message: 'x' };
    store.audit.record(
      { skill: 'query_weather', source: 'chat', risk: 'low' },
      {
        status: 'failed',
        durationMs: 1,
        error: 'invalid arguments for query_weather: "place" is required',
        errorCode: {
          code: 'tool-args-invalid',
          params: { skill: 'query_weather', problem: { code: 'mismatch', mismatches: [mismatch] } },
        },
      },
    );
    store.close();
    const result = (env: Record<string, string>) =>
      ias(['audit', '--home', h.dir], env)
        .stdout.split('\n')[1]!
        .split(/\s{2,}/)
        .at(-1);
    expect(result({})).toMatch(/^invalid arguments for query_weather: "place" is req/);
    expect(result({ LANG: 'zh_CN.UTF-8' })).toBe('query_weather 的参数无效：缺少必需的参数“place”');
  });

  it("says why a call did not run in the command's language; --json and the model keep the gate's words", () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    const call = { skill: 'send_mail', source: 'chat' as const, risk: 'high' as const };
    const refused = { status: 'refused' as const, durationMs: 5, approvalOutcome: 'rejected' };
    store.audit.record(call, {
      ...refused,
      error: '用户拒绝了你的调用：send_mail',
      errorCode: { code: 'call-refused' },
    });
    store.audit.record(call, {
      ...refused,
      approvalOutcome: 'expired',
      error: '用户没有确认操作：send_mail',
      errorCode: { code: 'call-unconfirmed' },
    });
    store.audit.record(call, {
      ...refused,
      approvalOutcome: 'cancelled',
      error: 'send_mail did not run: the call was stopped',
      errorCode: { code: 'call-cancelled', params: { cause: 'stopped' } },
    });
    store.close();
    const results = (env: Record<string, string>) =>
      ias(['audit', '--home', h.dir], env)
        .stdout.split('\n')
        .slice(1, -1)
        .map((line) => line.split(/\s{2,}/).at(-1));
    expect(results({})).toEqual([
      'Not run: the call was stopped before approval.',
      'Not run: the approval expired without an answer.',
      'Not run: you refused it (cancel or 3 wrong codes).',
    ]);
    expect(results({ LANG: 'zh_CN.UTF-8' })).toEqual([
      '未执行：确认之前调用已被停止。',
      '未执行：确认已过期，没有收到回复。',
      '未执行：你拒绝了调用（取消，或确认码错三次）。',
    ]);
    // --text finds them by those words too, in the command's language.
    const search = (text: string, env: Record<string, string> = {}) =>
      ias(['audit', '--text', text, '--home', h.dir], env)
        .stdout.split('\n')
        .slice(1, -1)
        .map((line) => line.split(/\s{2,}/).at(-1));
    expect(search('expired')).toEqual(['Not run: the approval expired without an answer.']);
    expect(search('过期', { LANG: 'zh_CN.UTF-8' })).toEqual(['未执行：确认已过期，没有收到回复。']);
    const page = JSON.parse(ias(['audit', '--json', '--home', h.dir]).stdout) as { rows: unknown[] };
    expect(page.rows).toMatchObject([
      { error: 'send_mail did not run: the call was stopped' },
      { error: '用户没有确认操作：send_mail', errorCode: { code: 'call-unconfirmed' } },
      { error: '用户拒绝了你的调用：send_mail', errorCode: { code: 'call-refused' } },
    ]);
  });

  it('speaks the command’s language, its times in the owner’s time zone (not the computer’s)', () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    // 16:30:05 UTC on 1 June 2024: 00:30:05 on 2 June in Shanghai, the owner's zone.
    const startedAt = Date.UTC(2024, 5, 1, 16, 30, 5);
    const call = { skill: 'send_mail', risk: 'high' as const, startedAt };
    store.audit.record(
      { ...call, source: 'schedule', requestedBy: 'task-ab12cd34/run-now' },
      {
        status: 'refused',
        durationMs: 5,
        approvalOutcome: 'rejected',
        error: 'refused',
        errorCode: { code: 'call-refused' },
      },
    );
    store.audit.record(
      { ...call, source: 'cli', approvalOutcome: 'owner-at-terminal' },
      { status: 'done', durationMs: 7, resultSummary: 'sent' },
    );
    store.settings.set(TIME_ZONE, 'Asia/Shanghai');
    store.close();
    const lines = (env: Record<string, string>) =>
      ias(['audit', '--home', h.dir], { TZ: 'UTC', ...env })
        .stdout.trimEnd()
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' '));
    // (A line is cut at 120 columns off a terminal: the first row's result is checked up to there; the newer call first.)
    const [head, done, refused] = lines({});
    expect(head).toBe('TIME SKILL SOURCE RISK STATUS APPROVAL MS RESULT');
    expect(refused).toMatch(
      /^06\/02\/2024, 00:30:05 send_mail schedule \(run now\) high refused rejected 5 Not run: you/,
    );
    expect(done).toBe('06/02/2024, 00:30:05 send_mail cli high done owner-at-terminal 7 sent');
    const chinese = lines({ LANG: 'zh_CN.UTF-8' });
    expect(chinese.slice(0, 2)).toEqual([
      '开始时间 技能 来源 风险 状态 审批 毫秒 结果',
      '2024/06/02 00:30:05 send_mail 命令行 高 完成 在终端确认 7 sent',
    ]);
    expect(chinese[2]).toMatch(
      /^2024\/06\/02 00:30:05 send_mail 定时（立即运行） 高 已拒绝 已拒绝 5 未执行：你拒绝了调用/,
    );
    const empty = tempDir('ias-home-');
    expect(ias(['audit', '--home', empty]).stdout).toBe('No skill calls recorded yet.\n');
    expect(ias(['audit', '--home', empty], { LANG: 'zh_CN.UTF-8' }).stdout).toBe('还没有技能调用记录。\n');
    // Calls there are, none of them the one asked for: not "none recorded yet".
    expect(ias(['audit', '--skill', 'nope', '--home', h.dir]).stdout).toBe('No skill calls match.\n');
    expect(ias(['audit', '--text', 'zzz', '--home', h.dir], { LANG: 'zh_CN.UTF-8' }).stdout).toBe(
      '没有匹配的技能调用。\n',
    );
  }, 60_000);

  it('rejects bad options with exit 2', () => {
    const h = home();
    expect(ias(['audit', '--status', 'exploded', '--home', h.dir]).status).toBe(2);
    expect(ias(['audit', '--limit', '0', '--home', h.dir]).status).toBe(2);
    expect(ias(['audit', '--limit', 'many', '--home', h.dir]).status).toBe(2);
  });

  it('says what is wrong with an option in the command’s language', () => {
    const h = home();
    const said = (args: string[], env: Record<string, string> = {}) => {
      const run = ias(['audit', ...args, '--home', h.dir], env);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      return run.stderr;
    };
    const chinese = { LANG: 'zh_CN.UTF-8' };
    expect(said(['--limit', '0'], chinese)).toBe('错误：--limit 须为 1 到 500 之间的整数\n');
    expect(said(['--status', 'exploded'], chinese)).toBe(
      '错误：--status 须为以下之一：running, done, failed, interrupted, refused\n',
    );
    expect(said(['--source', 'fax'], chinese)).toBe('错误：--source 须为以下之一：chat, job, schedule, cli\n');
    expect(said(['--export', 'xml'], chinese)).toBe('错误：--export 须为 csv 或 json\n');
    // Every matching row is exported: a page asked for beside it is not silently ignored.
    expect(said(['--export', 'csv', '--limit', '5'])).toBe(
      'error: --export writes every matching row, newest first: --cursor and --limit do not apply to it\n',
    );
    expect(said(['--export', 'json', '--cursor', 'bm90LWEtY3Vyc29y'], chinese)).toBe(
      '错误：--export 会写出每一条符合条件的记录（最新的在前）：--cursor 和 --limit 对它不起作用\n',
    );
    expect(said(['--cursor', 'bm90LWEtY3Vyc29y'], chinese)).toBe(
      '错误：审计日志的翻页位置（--cursor）无效：请从第一页重新开始\n',
    );
    // An empty value (a script's unset variable) is no value: refused, not a filter that matches nothing.
    expect(said(['--status', ''])).toBe('error: --status must be one of running, done, failed, interrupted, refused\n');
    expect(said(['--source', ''])).toBe('error: --source must be one of chat, job, schedule, cli\n');
    expect(said(['--export', ''])).toBe('error: --export must be csv or json\n');
    // --json beside a CSV export would be ignored: the output is CSV all the same.
    expect(said(['--export', 'csv', '--json'])).toBe(
      'error: --export csv writes CSV: --json does not apply to it (--export json writes JSON)\n',
    );
    expect(said(['--json', '--export', 'csv'], chinese)).toBe(
      '错误：--export csv 输出的是 CSV：--json 对它不起作用（要 JSON 请用 --export json）\n',
    );
    expect(said(['--limit', 'many'])).toBe('error: --limit must be a whole number from 1 to 500\n');
    // What commander itself finds wrong (the help after it is shown as it is).
    const first = (args: string[], env: Record<string, string> = {}) => said(args, env).split('\n')[0];
    expect(first(['--bogus'], chinese)).toBe("错误：未知选项 '--bogus'");
    expect(first(['--sttus', 'done'], chinese)).toBe("错误：未知选项 '--sttus'（是否想用 --status？）");
    expect(first(['--limit'], chinese)).toBe("错误：选项 '--limit <数量>' 缺少值");
    expect(first(['yesterday'], chinese)).toBe('错误：audit 的参数过多：应为 0 个，收到 1 个');
    expect(first(['--bogus'])).toBe("error: unknown option '--bogus'");
    expect(said(['--cursor', 'bm90LWEtY3Vyc29y'])).toBe(
      'error: the audit log cursor (--cursor) is not valid: start again from the first page\n',
    );
  }, 60_000);

  it('refuses a --text longer than the app’s search box takes, in the command’s language, not with a SQLite error', () => {
    const h = home();
    expect(ias(['skills', 'run', 'ok_skill', '--home', h.dir]).status).toBe(0);
    // A pasted paragraph: many words, each a search term of its own.
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${String(i).padStart(4, '0')}`).join(' ');
    for (const args of [
      ['--text', words(1200)],
      ['--export', 'csv', '--text', words(600)],
    ]) {
      const run = ias(['audit', ...args, '--home', h.dir]);
      expect(run.stderr).toBe('error: --text must be at most 500 characters long\n');
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
    }
    const chinese = ias(['audit', '--text', words(600), '--home', h.dir], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.stderr).toBe('错误：--text 最多 500 个字符\n');
    // As long as the app takes, it searches.
    const longest = `fine ${'x'.repeat(495)}`;
    expect(ias(['audit', '--json', '--text', longest, '--home', h.dir]).status).toBe(0);
    expect(JSON.parse(ias(['audit', '--json', '--text', 'fine', '--home', h.dir]).stdout)).toMatchObject({
      rows: [{ skill: 'ok_skill' }],
    });
  }, 60_000);

  it('ias skills review pins the reviewed version', () => {
    const h = home();
    expect(iasReview('ok_skill', ['--home', h.dir]).status).toBe(0);
    const registry = new SkillRegistry({ userDir: h.user });
    registry.loadAll();
    const store = openStore(path.join(h.dir, 'ias.db'));
    try {
      expect(effectiveRisk(registry.get('ok_skill')!, store.skillSettings)).toBe('low');
      expect(effectiveRisk(registry.get('bad_skill')!, store.skillSettings)).toBe('high');
    } finally {
      store.close();
    }
    expect(ias(['skills', 'review', 'nope', '--home', h.dir]).status).toBe(2);
  });
});
