import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { loadSkillFolder } from '../../../src/core/skills/load.js';
import type { Skill } from '../../../src/core/skills/types.js';
import { isRunning as alive } from '../../helpers/process.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const cache = tempDir('ias-cache-');

function skillFrom(md: string, files: Record<string, string> = {}): Skill {
  const root = tempDir();
  writeSkill(root, 'subject', md, files);
  const loaded = loadSkillFolder(root, 'subject', 'user')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

const run = (skill: Skill, params: unknown = {}, extra = {}) =>
  executeSkill(skill, params, { scriptCacheDir: cache, ...extra });

const textParams = {
  type: 'object',
  properties: { text: { type: 'string' }, n: { type: 'integer' }, 'dash-name': { type: 'boolean' } },
  additionalProperties: false,
};

describe('script skills', () => {
  it('passes params on stdin, in SKILL_PARAMS and SKILL_PARAM_<NAME>, in the skill folder', async () => {
    const skill = skillFrom(
      scriptSkill({
        parameters: textParams,
        script: [
          'stdin=$(cat)',
          'printf "%s\\n" "stdin=$stdin" "env=$SKILL_PARAMS" "text=$SKILL_PARAM_TEXT" "n=$SKILL_PARAM_N"',
          'printf "%s\\n" "dash=$SKILL_PARAM_DASH_NAME" "pwd=$(pwd)" "name=$SKILL_NAME"',
        ].join('\n'),
      }),
    );
    const result = await run(skill, { text: 'hi', n: 3, 'dash-name': true });
    expect(result.success).toBe(true);
    const lines = String(result.data).split('\n');
    expect(lines).toEqual([
      'stdin={"text":"hi","n":3,"dash-name":true}',
      'env={"text":"hi","n":3,"dash-name":true}',
      'text=hi',
      'n=3',
      'dash=true',
      `pwd=${skill.dir}`,
      'name=subject',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('passes hostile values as data, never interpreting them', async () => {
    const root = tempDir();
    const marker = path.join(root, 'pwned');
    const skill = skillFrom(scriptSkill({ parameters: textParams, script: 'printf "%s" "$SKILL_PARAM_TEXT"' }));
    const hostile = `a'b"c $(touch ${marker}) \`touch ${marker}\`; touch ${marker}\nline2 && rm -rf /`;
    const result = await run(skill, { text: hostile });
    expect(result).toMatchObject({ success: true, data: hostile.trim() });
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('refuses arguments that a pattern of the schema cannot check in reasonable time, and runs nothing', async () => {
    const root = tempDir();
    const marker = path.join(root, 'ran');
    // Nested quantifiers: each added "a" doubles the work of a value that fails to match at its end.
    const parameters = { type: 'object', properties: { text: { type: 'string', pattern: '^(a+)+$' } } };
    const skill = skillFrom(scriptSkill({ parameters, script: `touch ${marker}; echo ran` }));
    const stuck = await run(skill, { text: `${'a'.repeat(30)}!` });
    expect(stuck.success).toBe(false);
    expect(stuck.error).toMatch(
      /^invalid arguments for subject: the arguments could not be checked against the parameter schema in time/,
    );
    expect(fs.existsSync(marker)).toBe(false);
    // The same schema still checks what it can check at once, and runs what passes.
    expect((await run(skill, { text: 'b' })).error).toMatch(/must match pattern/);
    expect(await run(skill, { text: 'aaaa' })).toMatchObject({ success: true, data: 'ran' });
  });

  it('refuses a list too long to check for repeats in reasonable time, and runs nothing', async () => {
    const root = tempDir();
    const marker = path.join(root, 'ran');
    // Every pair of a list of objects is compared: 200,000 of them are 2 × 10^10 comparisons.
    const parameters = { type: 'object', properties: { rows: { type: 'array', uniqueItems: true } } };
    const skill = skillFrom(scriptSkill({ parameters, script: `touch ${marker}; echo ran` }));
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ row: i }));
    const stuck = await run(skill, { rows });
    expect(stuck.error).toMatch(/could not be checked against the parameter schema in time/);
    expect(fs.existsSync(marker)).toBe(false);
    expect(await run(skill, { rows: [{ row: 1 }, { row: 2 }] })).toMatchObject({ success: true, data: 'ran' });
  });

  it('runs node and python scripts', async () => {
    const node = skillFrom(
      scriptSkill({
        language: 'node',
        script:
          'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify({success:true,data:JSON.parse(s).text.toUpperCase(),extra:1})))',
        parameters: textParams,
      }),
    );
    expect(await run(node, { text: 'abc' })).toMatchObject({ success: true, data: 'ABC', extra: 1 });
    const python = skillFrom(
      scriptSkill({
        language: 'python',
        script: 'import json,sys,os\np=json.load(sys.stdin)\nprint(p["text"][::-1], os.environ["SKILL_PARAM_TEXT"])',
        parameters: textParams,
      }),
    );
    expect(await run(python, { text: 'abc' })).toMatchObject({ success: true, data: 'cba abc' });
  });

  it('gives the child a clean environment plus its own variables', async () => {
    process.env.IAS_TEST_SECRET = 'do-not-leak';
    const skill = skillFrom(scriptSkill({ script: 'env' }));
    const result = await run(skill, {}, { env: { SKILL_CONFIG_KEY: 'mine' } });
    delete process.env.IAS_TEST_SECRET;
    const env = String(result.data);
    expect(env).not.toContain('do-not-leak');
    expect(env).toContain('SKILL_CONFIG_KEY=mine');
    expect(env).toMatch(/^PATH=/m);
    // The one IAS_ variable is the call's own mark (Linux), and its value is not shown.
    expect(env).not.toMatch(/^(IAS_(?!CALL_TOKEN=)|OPENAI|NODE_OPTIONS)/m);
    if (process.platform === 'linux') expect(env).toMatch(/^IAS_CALL_TOKEN=\[call token\]$/m);
  });

  it('follows the result rules', async () => {
    const asIs = skillFrom(scriptSkill({ script: 'echo \'{"success": false, "error": "no mail today"}\'' }));
    expect(await run(asIs)).toMatchObject({ success: false, error: 'no mail today' });
    const text = skillFrom(scriptSkill({ script: 'echo \'{"not": "a result"}\'' }));
    expect(await run(text)).toMatchObject({ success: true, data: '{"not": "a result"}' });
    const failing = skillFrom(scriptSkill({ script: 'echo partial; echo "disk on fire" >&2; exit 3' }));
    expect(await run(failing)).toMatchObject({ success: false, error: 'disk on fire', exitCode: 3 });
    const silent = skillFrom(scriptSkill({ script: 'exit 4' }));
    expect(await run(silent)).toMatchObject({ success: false, error: 'exited with code 4', exitCode: 4 });
  });

  it('checks arguments against the schema before anything runs', async () => {
    const root = tempDir();
    const marker = path.join(root, 'ran');
    const skill = skillFrom(
      scriptSkill({ parameters: { ...textParams, required: ['text'] }, script: `touch ${marker}` }),
    );
    for (const bad of [{}, { text: 5 }, { text: 'x', extra: 1 }, [], null, 'text']) {
      const result = await run(skill, bad);
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/invalid arguments for subject/);
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('kills the whole process tree at the timeout, grandchildren included', async () => {
    const root = tempDir();
    const pidFile = path.join(root, 'pids');
    const skill = skillFrom(
      scriptSkill({
        timeout: 1,
        script: `sh -c 'sleep 30' &\necho $! > ${pidFile}\nbash -c 'sleep 40 & echo $! >> ${pidFile}; wait' &\nsleep 50`,
      }),
    );
    const started = Date.now();
    const result = await run(skill);
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/timed out after 1 s/);
    expect(Date.now() - started).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 300));
    const pids = fs.readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    expect(pids.length).toBe(2);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('ends what a finished script left running, instead of waiting for it', async () => {
    const root = tempDir();
    const pidFile = path.join(root, 'pid');
    const skill = skillFrom(scriptSkill({ script: `sleep 30 &\necho $! > ${pidFile}\necho done` }));
    const result = await run(skill);
    expect(result).toMatchObject({ success: true, data: 'done' });
    expect(result.durationMs).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('caps stdout and stderr at 1 MB each and says so', async () => {
    const big = skillFrom(scriptSkill({ script: "head -c 52428800 /dev/zero | tr '\\0' 'a'" }));
    const result = await run(big);
    expect(result.success).toBe(true);
    expect(result.truncated).toBe(true);
    expect(String(result.data).length).toBe(1024 * 1024);
    const bigErr = skillFrom(scriptSkill({ script: "head -c 52428800 /dev/zero | tr '\\0' 'e' >&2; exit 1" }));
    const failed = await run(bigErr);
    expect(failed).toMatchObject({ success: false, truncated: true, exitCode: 1 });
    expect(failed.error!.length).toBeLessThanOrEqual(2000);
  });

  it('keeps the end of a stderr past the cap: a failure says its last words, not those at 1 MB', async () => {
    const skill = skillFrom(
      scriptSkill({
        script: [
          "head -c 1600000 /dev/zero | tr '\\0' 'w' >&2",
          'printf "\\n%s\\n" "FATAL: the real reason" >&2',
          'exit 3',
        ].join('\n'),
      }),
    );
    const result = await run(skill);
    expect(result).toMatchObject({ success: false, exitCode: 3, truncated: true });
    expect(result.error).toMatch(/\nFATAL: the real reason$/);
    expect(result.error!.length).toBeLessThanOrEqual(2000);
  });

  it('stops when the caller aborts', async () => {
    const skill = skillFrom(scriptSkill({ script: 'sleep 30' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await run(skill, {}, { signal: controller.signal });
    expect(result).toMatchObject({ success: false, error: 'cancelled' });
  });

  it('a call stopped before it began starts no program', async () => {
    const marker = path.join(tempDir(), 'ran');
    const skill = skillFrom(scriptSkill({ script: `: > '${marker}'` }));
    const spawned: number[] = [];
    const result = await run(skill, {}, { signal: AbortSignal.abort(), onSpawn: (pid: number) => spawned.push(pid) });
    expect(result).toMatchObject({ success: false, error: 'cancelled' });
    expect(spawned).toEqual([]);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('refuses a string argument holding a NUL character, which no environment can carry, and runs nothing', async () => {
    const marker = path.join(tempDir(), 'ran');
    const skill = skillFrom(scriptSkill({ parameters: textParams, script: `: > '${marker}'` }));
    const result = await run(skill, { text: 'a\u0000b' });
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/SKILL_PARAM_TEXT, a string argument passed as a variable, contains a NUL character/);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('refuses a configured variable holding a NUL character, naming it, and runs nothing', async () => {
    const marker = path.join(tempDir(), 'ran');
    const skill = skillFrom(scriptSkill({ script: `: > '${marker}'` }));
    const result = await run(skill, {}, { env: { CITY: 'Hang\u0000zhou' } });
    expect(result.error).toMatch(/^the variable CITY contains a NUL character/);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('leaves an argument too long for one variable out of the environment: it arrives whole on stdin', async () => {
    const skill = skillFrom(
      scriptSkill({
        parameters: textParams,
        script:
          'stdin=$(cat); printf "%s text=%s params=%s n=%s" "${#stdin}" "${SKILL_PARAM_TEXT+${#SKILL_PARAM_TEXT}}" "${SKILL_PARAMS+${#SKILL_PARAMS}}" "$SKILL_PARAM_N"',
      }),
    );
    const params = { text: 'x'.repeat(200_000), n: 3 };
    const result = await run(skill, params);
    expect(result).toMatchObject({ success: true, data: `${JSON.stringify(params).length} text= params= n=3` });
    // Just short enough, it is still a variable (the JSON around it is not).
    const fits = { text: 'y'.repeat(128 * 1024 - 'SKILL_PARAM_TEXT'.length - 2) };
    const shorter = await run(skill, fits);
    expect(shorter).toMatchObject({
      success: true,
      data: `${JSON.stringify(fits).length} text=${fits.text.length} params= n=`,
    });
  });

  it("leaves out the arguments' variables past 1 MiB in all, so the program still starts", async () => {
    const properties = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((k) => [k, { type: 'string' }]),
    );
    const skill = skillFrom(
      scriptSkill({
        parameters: { type: 'object', properties },
        script:
          'stdin=$(cat); printf "%s a=%s j=%s" "${#stdin}" "${#SKILL_PARAM_A}" "${SKILL_PARAM_J+${#SKILL_PARAM_J}}"',
      }),
    );
    const params = Object.fromEntries(Object.keys(properties).map((k) => [k, 'z'.repeat(120_000)]));
    const result = await run(skill, params);
    expect(result).toMatchObject({ success: true, data: `${JSON.stringify(params).length} a=120000 j=` });
  });

  it('says clearly when the interpreter is missing', async () => {
    const skill = skillFrom(scriptSkill({ language: '', script: '#!/usr/bin/env no-such-interpreter-xyz\necho' }));
    const result = await run(skill);
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/no-such-interpreter-xyz/);
  });

  it('says that the skill folder is gone, not that bash is missing, when the folder was removed before the run', async () => {
    const skill = skillFrom(scriptSkill({ script: 'echo ran' }));
    fs.rmSync(skill.dir, { recursive: true });
    expect(await run(skill)).toMatchObject({
      success: false,
      error: `the skill's folder ${skill.dir} is gone (it was removed); nothing ran`,
    });
  });
});

describe('instruction and built-in skills', () => {
  it('an instruction skill returns its body', async () => {
    const skill = skillFrom('---\ndescription: How to do it.\n---\n\n# Steps\n\n1. Think.\n');
    expect(await run(skill)).toMatchObject({ success: true, data: '# Steps\n\n1. Think.' });
  });

  it('get_current_datetime answers in each format and time zone', async () => {
    const loaded = loadSkillFolder(path.resolve('resources/skills'), 'get_current_datetime', 'system')!;
    const skill = loaded.skill!;
    const full = await run(skill);
    expect(full.success).toBe(true);
    expect(full.data).toMatchObject({ timezone: 'Asia/Shanghai', utcOffset: '+08:00' });
    expect((full.data as { iso: string }).iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const shanghai = new Date(Date.parse((full.data as { iso: string }).iso));
    expect(Math.abs(shanghai.getTime() - Date.now())).toBeLessThan(5000);
    expect((await run(skill, { format: 'date', timezone: 'UTC' })).data).toMatchObject({ timezone: 'UTC' });
    expect((await run(skill, { format: 'time', timezone: 'America/New_York' })).data).toMatchObject({
      time: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
    });
    expect(await run(skill, { timezone: 'Mars/Olympus' })).toMatchObject({
      success: false,
      error: expect.stringMatching(/unknown time zone/),
    });
    expect((await run(skill, { format: 'weekly' })).error).toMatch(/invalid arguments/);
  });

  it('a built-in handler that hangs is stopped at the timeout', async () => {
    const loaded = loadSkillFolder(path.resolve('resources/skills'), 'get_current_datetime', 'system')!;
    const result = await run(
      loaded.skill!,
      {},
      {
        timeoutMs: 100,
        builtins: { get_current_datetime: () => new Promise(() => {}) },
      },
    );
    expect(result).toMatchObject({ success: false, error: 'timed out after 0.1 s' });
  });

  it('a built-in handler is told through its signal when its call is stopped or times out', async () => {
    const loaded = loadSkillFolder(path.resolve('resources/skills'), 'get_current_datetime', 'system')!;
    const reasons: string[] = [];
    const waits = (_params: unknown, context: { signal: AbortSignal }) =>
      new Promise((resolve) =>
        context.signal.addEventListener('abort', () => {
          reasons.push((context.signal.reason as Error).message);
          setTimeout(() => resolve('finished anyway'), 10);
        }),
      );
    const stop = new AbortController();
    const stopped = run(loaded.skill!, {}, { signal: stop.signal, builtins: { get_current_datetime: waits } });
    setTimeout(() => stop.abort(), 20);
    expect(await stopped).toMatchObject({ success: false, error: 'cancelled' });
    const late = await run(loaded.skill!, {}, { timeoutMs: 50, builtins: { get_current_datetime: waits } });
    expect(late).toMatchObject({ success: false, error: 'timed out after 0.05 s' });
    expect(reasons).toEqual(['cancelled', 'timeout']);
    // A call stopped before it began does not begin.
    let began = false;
    const never = run(
      loaded.skill!,
      {},
      {
        signal: AbortSignal.abort(),
        builtins: { get_current_datetime: () => (began = true) },
      },
    );
    expect(await never).toMatchObject({ success: false, error: 'cancelled' });
    expect(began).toBe(false);
    // A handler that answers at once is done, and one that throws fails with its message.
    const sync = await run(loaded.skill!, {}, { builtins: { get_current_datetime: () => 'now' } });
    expect(sync).toMatchObject({ success: true, data: 'now' });
    const throws = () => {
      throw new Error('no clock');
    };
    expect(await run(loaded.skill!, {}, { builtins: { get_current_datetime: throws } })).toMatchObject({
      success: false,
      error: 'no clock',
    });
  });
});
