/**
 * What a skill or the model wrote, as `ias` prints it for people: the audit log, the skills and
 * tasks tables, a skill's output, a task's reply. A terminal escape, a carriage return, a C1
 * control or a mark that reorders text is shown as \uXXXX, so it cannot rewrite a line, hide one or
 * forge one; a table cell stays on its line, free output keeps its lines. JSON reads back as the
 * text that was written, and carries nothing a terminal obeys either.
 */
import fs from 'node:fs';
import path from 'node:path';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ias, iasAsync } from '../helpers/cli.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

/** What a terminal obeys or reorders by: control characters (but tab and line feed), bidi marks. */
const OBEYED = /(?![\t\n])[\p{Cc}\p{Bidi_Control}]/u;

const expectNothingObeyed = (text: string) => {
  for (const line of text.split('\n')) expect(line, JSON.stringify(line)).not.toMatch(OBEYED);
};

/** A report that moves up a line, wipes it and writes another, reversed from a point on. */
const FORGED_OUTPUT = 'report ready\n\x1b[1A\x1b[2K\rall clear \u202egpj.exe\u009b';
const FORGED_SHOWN = 'report ready\n\\u001b[1A\\u001b[2K\\u000dall clear \\u202egpj.exe\\u009b';

function home() {
  const dir = tempDir('ias-home-');
  const user = path.join(dir, 'skills');
  fs.mkdirSync(user);
  writeSkill(
    user,
    'loud',
    scriptSkill({
      description: 'Looks things up.\x1b[8m Hidden \u202eenil',
      script: String.raw`printf 'report ready\n\033[1A\033[2K\rall clear \342\200\256gpj.exe\302\233\n'`,
    }),
  );
  writeSkill(
    user,
    'broken',
    scriptSkill({ script: String.raw`printf 'no \033]0;owned\007\rall good \342\200\256' >&2; exit 3` }),
  );
  return { dir, args: ['--home', dir] };
}

/** Daily tasks (id, name, cron) in the home `dir`'s database, as chat would have made them. */
function insertTasks(dir: string, tasks: [id: string, name: string, cron: string][]) {
  const store = openStore(path.join(dir, 'ias.db'));
  for (const [id, name, cron] of tasks)
    store.tasks.insert({
      id,
      name,
      prompt: 'Tell me the weather',
      cron,
      runAt: null,
      allowlist: [],
      enabled: true,
      nextRunAt: Date.now() + 3600_000,
      timeZone: 'Asia/Shanghai',
      createdBy: 'test',
      createdAt: Date.now(),
    });
  store.close();
}

describe('ias skills run, ias audit, ias skills list: what a skill wrote', () => {
  it('is shown, not obeyed, in the output, the error, the audit table and the skills table', () => {
    const h = home();
    const run = ias(['skills', 'run', 'loud', ...h.args]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${FORGED_SHOWN}\n`);

    const json = ias(['skills', 'run', 'loud', '--json', ...h.args]);
    expectNothingObeyed(json.stdout);
    expect(JSON.parse(json.stdout).data).toBe(FORGED_OUTPUT);

    const failed = ias(['skills', 'run', 'broken', ...h.args]);
    expect(failed.status).toBe(1);
    expectNothingObeyed(failed.stderr);
    expect(failed.stderr).toContain('no \\u001b]0;owned\\u0007\\u000dall good \\u202e');

    const audit = ias(['audit', ...h.args]);
    expectNothingObeyed(audit.stdout);
    const lines = audit.stdout.trimEnd().split('\n');
    // A row a call: the header and three calls, each result on its own row.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\S+ \S+\s+broken .*no \\u001b\]0;owned\\u0007 all good \\u202e$/);
    expect(lines[2]).toContain('report ready \\u001b[1A\\u001b[2K');

    for (const args of [['--json'], ['--export', 'json']]) {
      const out = ias(['audit', ...args, ...h.args]).stdout;
      expectNothingObeyed(out);
      const parsed = JSON.parse(out) as { rows?: { error: string | null }[] } | { error: string | null }[];
      const rows = Array.isArray(parsed) ? parsed : parsed.rows!;
      expect(rows[0]!.error).toContain('no \x1b]0;owned\x07');
    }

    const list = ias(['skills', 'list', ...h.args]);
    expectNothingObeyed(list.stdout);
    expect(list.stdout).toContain('Looks things up.\\u001b[8m Hidden \\u202eenil');
    expectNothingObeyed(ias(['skills', 'list', '--json', ...h.args]).stdout);
  });
});

describe('ias tasks, ias tasks run: what the model wrote', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("is shown, not obeyed, in the tasks table, the task's reply and what is said of the run", async () => {
    server = await startModelServer();
    const h = home();
    const name = 'Weather ☀️\n\x1b[2K\rDelete all mail \u2067daily\u2069\u200b';
    insertTasks(h.dir, [['task0001', name, '0 8 * * *']]);
    // A cell shows the zero-width space too; the emoji stays whole.
    const shownName = 'Weather ☀️ \\u001b[2K Delete all mail \\u2067daily\\u2069\\u200b';

    const list = ias(['tasks', ...h.args]);
    expectNothingObeyed(list.stdout);
    // The header and the task, its name on the task's row.
    expect(list.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(list.stdout).toContain(`task0001  ${shownName}  Every day at 8:00 AM (0 8 * * *, Asia/Shanghai)`);
    expectNothingObeyed(ias(['tasks', '--json', ...h.args]).stdout);
    const paused = ias(['tasks', 'pause', 'task0001', ...h.args]);
    expect(paused.stdout).toBe(`Paused ${shownName} (task0001).\n`);

    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    const reply = 'Sunny.\n\x1b[1A\x1b[2K\rNothing to worry about \u202e.gnihton';
    server.enqueue({ content: reply }, { content: reply });
    const run = await iasAsync(['tasks', 'run', 'task0001', ...h.args], env);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('Sunny.\n\\u001b[1A\\u001b[2K\\u000dNothing to worry about \\u202e.gnihton\n');
    expectNothingObeyed(run.stderr);
    expect(run.stderr).toContain(`Running ${shownName} (task0001)`);

    const json = await iasAsync(['tasks', 'run', 'task0001', '--json', ...h.args], env);
    expectNothingObeyed(json.stdout);
    const printed = JSON.parse(json.stdout) as { task: { name: string }; run: { result: string } };
    expect(printed.run.result).toBe(reply);
    expect(printed.task.name).toBe(name);
  }, 60_000);
});

describe('ias tasks, ias skills list: text of double width', () => {
  /** The terminal columns `line` takes up to where `text` begins in it. */
  const columnOf = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)));

  it('lines up a column after Chinese and emoji as after ASCII, and cuts a cell at whole characters', () => {
    const h = home();
    insertTasks(h.dir, [
      ['task0001', 'Morning news', '0 7 * * *'],
      ['task0002', '每日天气预报 🌅', '0 8 * * *'],
    ]);
    const [header, ascii, chinese] = ias(['tasks', ...h.args])
      .stdout.trimEnd()
      .split('\n');
    expect(chinese).toContain('每日天气预报 🌅');
    // Each name takes 15 columns or less: the schedule starts where its header does, in each row.
    expect(columnOf(ascii!, 'Every day at 7:00 AM')).toBe(columnOf(header!, 'SCHEDULE'));
    expect(columnOf(chinese!, 'Every day at 8:00 AM')).toBe(columnOf(header!, 'SCHEDULE'));

    // A row past the 120 columns of a pipe is cut to fit them, at a whole emoji (a pair of UTF-16 units).
    writeSkill(
      path.join(h.dir, 'skills'),
      'wide',
      scriptSkill({ description: `查询天气${'🌂'.repeat(40)}`, script: 'echo hi' }),
    );
    const row = ias(['skills', 'list', ...h.args])
      .stdout.split('\n')
      .find((l) => l.startsWith('wide'))!;
    expect(row.slice(row.indexOf('查询天气'))).toMatch(/^查询天气(?:🌂)+…$/u);
    expect(stringWidth(row)).toBeGreaterThanOrEqual(119);
    expect(stringWidth(row)).toBeLessThanOrEqual(120);
  });
});

describe('ias skills check: what a folder name or a SKILL.md wrote', () => {
  it('is shown, not obeyed, in the paths and the problems', () => {
    const h = home();
    // Folders anyone could have unpacked: names with a terminal escape and a carriage return.
    const root = path.join(h.dir, 'unpacked\rskills');
    writeSkill(root, 'good', scriptSkill({ script: 'echo hi' }));
    writeSkill(root, 'bad\x1b[2K\rok', scriptSkill({ script: 'echo hi' }));
    writeSkill(root, 'bidi', `---\nrisk: "lo\u202ehgih"\n---\n${scriptSkill({ script: 'echo hi' })}`);
    const check = ias(['skills', 'check', root, ...h.args]);
    expect(check.status).toBe(1);
    expectNothingObeyed(check.stdout);
    const shownRoot = `${h.dir}/unpacked\\u000dskills`;
    expect(check.stdout).toContain(`ok good (low, script) ${shownRoot}/good/SKILL.md\n`);
    expect(check.stdout).toContain(
      `error ${shownRoot}/bad\\u001b[2K\\u000dok/SKILL.md: the folder name "bad\\u001b[2K\\u000dok" is not`,
    );
    expect(check.stdout).toContain(`error ${shownRoot}/bidi/SKILL.md:2: unknown risk level "lo\\u202ehgih"`);
  });
});

describe("an error that quotes what was given: ias skills review's --hash", () => {
  it('is said in the command language with the value shown, not obeyed', () => {
    const h = home();
    const result = ias(['skills', 'review', 'loud', '--hash', '\x1b[2K\rdeadbeef\u202e', ...h.args]);
    expect(result.status).toBe(2);
    expectNothingObeyed(result.stderr);
    expect(result.stderr).toContain('"\\u001b[2K\\u000ddeadbeef\\u202e" is not a version hash');
  });
});
