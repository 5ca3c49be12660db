/**
 * Runs one skill call with DESIGN.md's protocol: arguments checked first, then the script as a
 * real process (or a built-in handler, or the instructions), a timeout that ends the whole process
 * tree, capped output and the result rules.
 */
import fs from 'node:fs';
import {
  builtinChecks,
  builtinHandlers,
  type BuiltinCheck,
  type BuiltinContext,
  type BuiltinHandler,
  type BuiltinServices,
  type CallInfo,
} from '../builtins/index.js';
import { englishArgsProblems, sayArgsProblem, type ArgsProblem } from '../../shared/args-problems.js';
import { allowedParentEnv, environmentProblem, paramEnv } from './environment.js';
import { hideCutSecrets, hideSecrets, secretValues } from './hide-secrets.js';
import { runProcess } from './run-process.js';
import { argsProblem } from './schema.js';
import { ensureScriptFile } from './script-file.js';
import type { Skill, SkillOutcome, SkillResult } from './types.js';
import { unexecutableNow, unexecutablePrograms } from './unexecutable-programs.js';

export { OUTPUT_CAP_BYTES } from './run-process.js';
const ERROR_TAIL_CHARS = 2000;

export interface ExecuteOptions {
  /**
   * Where script files are cached: the data folder's private cache (DataPaths.scriptCache). It
   * must be this user's own folder; one that other users can change is refused and nothing runs.
   */
  scriptCacheDir: string;
  /** The skill's own configured variables (never the app's secrets). */
  env?: Record<string, string>;
  /** Stops the call (the user stopped the turn). */
  signal?: AbortSignal;
  /** Overrides the skill's timeout (tests, benchmarks). */
  timeoutMs?: number;
  builtins?: Record<string, BuiltinHandler>;
  checks?: Record<string, BuiltinCheck>;
  /** Given to built-in handlers: who calls, and the app's parts they act on. */
  call?: CallInfo;
  services?: BuiltinServices;
  /** Told each process a run starts (and the token its processes carry), so one left behind can be ended. */
  onSpawn?: (pid: number, callToken?: string) => void;
}

/** Why the arguments cannot be used, or undefined. Nothing runs when this says no. */
export function argumentsProblem(skill: Skill, params: unknown): ArgsProblem | undefined {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return { code: 'not-object' };
  try {
    return argsProblem(skill.parameters, params);
  } catch (err) {
    return { code: 'uncallable', detail: (err as Error).message };
  }
}

/** The same in English, as the model gets it back (and the audit log keeps it), or undefined. */
export function checkArguments(skill: Skill, params: unknown): string | undefined {
  const problem = argumentsProblem(skill, params);
  return problem && sayArgsProblem(englishArgsProblems, skill.name, problem);
}

/** What a built-in handler (or its check) is told, besides the stop signal. */
function handlerContext(skill: Skill, options: ExecuteOptions): Omit<BuiltinContext, 'signal'> {
  return {
    skill,
    env: options.env ?? {},
    call: options.call ?? { source: 'cli' },
    services: options.services ?? {},
    ...(options.onSpawn ? { onSpawn: options.onSpawn } : {}),
  };
}

/**
 * A built-in's own check of a call (one action's required fields, a schedule), run
 * before the owner is asked to approve it. Returns what is wrong, or undefined.
 */
export async function precheckCall(
  skill: Skill,
  params: Record<string, unknown>,
  options: ExecuteOptions,
): Promise<string | undefined> {
  const check = skill.kind === 'builtin' ? (options.checks ?? builtinChecks)[skill.builtin ?? ''] : undefined;
  if (!check) return undefined;
  try {
    await check(params, handlerContext(skill, options));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export async function executeSkill(skill: Skill, params: unknown, options: ExecuteOptions): Promise<SkillResult> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const invalid = checkArguments(skill, params);
  if (invalid) return { success: false, error: invalid, durationMs: elapsed() };
  const args = params as Record<string, unknown>;
  const timeoutMs = options.timeoutMs ?? skill.timeoutSecs * 1000;

  if (skill.kind === 'instructions') {
    return { success: true, data: skill.instructions ?? '', durationMs: elapsed() };
  }
  if (skill.kind === 'builtin') {
    const handler = (options.builtins ?? builtinHandlers)[skill.builtin ?? ''];
    if (!handler)
      return { success: false, error: `built-in handler "${skill.builtin}" does not exist`, durationMs: elapsed() };
    return { ...(await runBuiltin(handler, skill, args, timeoutMs, options)), durationMs: elapsed() };
  }
  if (!skill.script) return { success: false, error: `${skill.name} has no script`, durationMs: elapsed() };
  const result = await runScript(skill, args, timeoutMs, options);
  return { ...result, durationMs: elapsed() };
}

/**
 * A built-in handler's run. One that answers at once is done (nothing can stop it midway anyway);
 * one that returns a promise gets the time limit and the stop. Its signal is made when the
 * handler first looks at it.
 */
async function runBuiltin(
  handler: BuiltinHandler,
  skill: Skill,
  params: Record<string, unknown>,
  timeoutMs: number,
  options: ExecuteOptions,
): Promise<SkillOutcome> {
  let controller: AbortController | undefined;
  let stopped: Error | undefined;
  const context: BuiltinContext = {
    ...handlerContext(skill, options),
    get signal() {
      if (!controller) {
        controller = new AbortController();
        if (stopped) controller.abort(stopped);
      }
      return controller.signal;
    },
  };
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  // A call stopped before it began does not begin.
  if (options.signal?.aborted) return { success: false, error: 'cancelled' };
  try {
    let outcome = handler(params, context);
    if (isPromiseLike(outcome)) {
      const running = outcome;
      outcome = await new Promise<unknown>((resolve, reject) => {
        const stop = (error: Error, reason: Error) => {
          if (stopped) return;
          stopped = reason;
          reject(error);
          controller?.abort(reason);
        };
        onAbort = () => {
          const cancelled = new Error('cancelled');
          stop(cancelled, cancelled);
        };
        if (options.signal?.aborted) onAbort();
        else options.signal?.addEventListener('abort', onAbort, { once: true });
        timer = setTimeout(
          () => stop(new Error(`timed out after ${timeoutMs / 1000} s`), new Error('timeout')),
          timeoutMs,
        );
        running.then(resolve, reject);
      });
    }
    if (isResultObject(outcome)) return outcome;
    return { success: true, data: outcome };
  } catch (err) {
    return { success: false, error: (err as Error).message };
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function isResultObject(value: unknown): value is SkillOutcome {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { success?: unknown }).success === 'boolean'
  );
}

async function runScript(
  skill: Skill,
  params: Record<string, unknown>,
  timeoutMs: number,
  options: ExecuteOptions,
): Promise<SkillOutcome> {
  // A call stopped before it began does not begin (its program is never started).
  if (options.signal?.aborted) return { success: false, error: 'cancelled' };
  const script = skill.script!;
  let file: string;
  try {
    file = ensureScriptFile(options.scriptCacheDir, script);
  } catch (err) {
    return { success: false, error: `the script could not be prepared: ${(err as Error).message}` };
  }
  const json = JSON.stringify(params);
  const env: Record<string, string> = {
    ...allowedParentEnv(),
    ...(options.env ?? {}),
    SKILL_NAME: skill.name,
    SKILL_DIR: skill.dir,
    ...paramEnv(params, json, declaredNames(skill.parameters)),
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONIOENCODING: 'utf-8',
  };
  const refused = environmentProblem(env);
  if (refused) return { success: false, error: refused };
  const [command, ...programArgs] = script.command as [string, ...string[]];
  let program = command;
  if (program === 'node') {
    program = process.execPath;
    if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  }

  const exit = await runProcess(program, [...programArgs, file], {
    cwd: skill.dir,
    env,
    input: json,
    timeoutMs,
    signal: options.signal,
    onSpawn: options.onSpawn,
    // A failure is said by stderr's tail: past the cap its end is kept, where the reason is.
    stderrKeeps: 'end',
  });
  const stopped = exit.stopped;
  const truncated = exit.truncated;
  const mark = truncated ? { truncated: true } : {};
  if (exit.spawnError) {
    const code = exit.spawnError.code;
    // A working folder that is missing fails the start as a missing program would.
    const folderGone = code === 'ENOENT' && !fs.existsSync(skill.dir);
    return {
      success: false,
      error: folderGone
        ? `the skill's folder ${skill.dir} is gone (it was removed); nothing ran`
        : code === 'ENOENT'
          ? `the interpreter "${script.command[0]}" was not found on this computer`
          : code === 'E2BIG'
            ? `the program could not be started: its environment is too large (E2BIG); nothing ran`
            : `the program could not be started: ${exit.spawnError.message}`,
    };
  }
  if (stopped === 'timeout') {
    return {
      success: false,
      error: `timed out after ${timeoutMs / 1000} s; the skill's processes were stopped`,
      ...mark,
    };
  }
  if (stopped === 'cancelled') return { success: false, error: 'cancelled', ...mark };
  // Where output is cut, a secret may be cut too: its part left there is hidden here (the secrets
  // whole, wherever they are, are hidden by the caller).
  const secrets = secretValues(skill, options.env ?? {});
  // Hidden before a result object is parsed: a secret of digits would be a number in it.
  const out = hideSecrets(hideCutSecrets(exit.stdout.trim(), secrets, { end: truncated }), secrets);
  const exitCode = exit.code ?? (exit.signal ? 128 : 1);
  if (exit.code !== 0) {
    const whole = hideCutSecrets(exit.stderr.trim(), secrets, { start: exit.stderrTruncated }) || out;
    const tail = hideCutSecrets(whole.slice(-ERROR_TAIL_CHARS), secrets, { start: whole.length > ERROR_TAIL_CHARS });
    const reason = tail || (exit.signal ? `ended by signal ${exit.signal}` : `exited with code ${exitCode}`);
    // A bare "Permission denied" from a file of the folder without its execute bit: say why, and the fix.
    const unexecutable = /permission denied/i.test(tail)
      ? unexecutablePrograms(skill.path, skill.dir, script, unexecutableNow(skill.dir))
      : [];
    const error = unexecutable.length > 0 ? `${unexecutable.map((p) => p.message).join('; ')}\n${reason}` : reason;
    return { success: false, error, exitCode, ...mark };
  }
  if (out.startsWith('{')) {
    try {
      const parsed = JSON.parse(out) as unknown;
      if (isResultObject(parsed)) return { ...parsed, exitCode, ...mark };
    } catch {
      // Not JSON: plain text output.
    }
  }
  return { success: true, data: out, exitCode, ...mark };
}

/** The top-level parameter names a schema declares. */
function declaredNames(schema: Record<string, unknown>): Set<string> {
  const properties = schema.properties;
  return new Set(
    properties && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [],
  );
}
