/** What `ias skills list | check | run` do (defined, with their help, in skills-command.ts). */
import type { Command } from 'commander';
import { asInstalled, NO_REVIEWS, type InstalledSkill } from '../core/skills/as-installed.js';
import { checkPaths } from '../core/skills/check.js';
import { argumentsProblem } from '../core/skills/executor.js';
import { toSkillSummary } from '../core/skills/summary.js';
import { skillsApi } from '../core/api/skills-api.js';
import type { SkillInfo } from '../shared/contract.js';
import { TERMINAL_REQUESTER } from '../shared/run-now-requests.js';
import type { Skill, SkillProblem } from '../core/skills/types.js';
import type { Locale } from '../shared/locale.js';
import { localText } from '../shared/skill-text.js';
import { sayArgsProblem } from '../shared/args-problems.js';
import { printError } from './chat-output.js';
import { commandLocale, ownerLocale, storeLocale } from './cli-locale.js';
import { endingStatus, INTERRUPTED_STATUS, onEndingSignal, type EndingSignal } from './ending-signals.js';
import { cliContext, contextRuntime, type CliContext, type GlobalOptions } from './context.js';
import { withExistingStore } from './existing-store.js';
import { needsConfigJson } from './needs-config-json.js';
import { cell, color, jsonText, problemLine, table } from './format.js';
import { runWords } from './skill-run-words.js';
import { checkWords, type CheckWords } from './skills-check-words.js';
import { listWords, type ListWords } from './skills-list-words.js';
import { unknownSkill } from './unknown-skill.js';
import { UsageError } from './usage-error.js';
import { problemsInFileOrder } from '../shared/problem-order.js';
import { visibleLine, withControlsShown } from '../shared/visible-text.js';

interface JsonOption {
  json?: boolean;
}

export function skillJson(skill: Skill) {
  return {
    ...toSkillSummary(skill),
    timeoutSecs: skill.timeoutSecs,
    parameters: skill.parameters,
    path: skill.path,
    hash: skill.hash,
  };
}

const riskWord = (risk: Skill['risk'], words: Pick<CheckWords, 'risk'> = checkWords.en) =>
  risk === 'high' ? color.red(words.risk(risk)) : color.green(words.risk(risk));

/** What the skills manager shows beside a skill: switched off, settings missing, not reviewed. */
function skillState(s: SkillInfo, words: ListWords): string {
  const parts = [s.enabled ? words.on : color.dim(words.off)];
  if (s.needsConfig.length > 0) parts.push(color.yellow(words.needsSetup));
  if (!s.reviewed)
    parts.push(
      color.yellow(s.effectiveRisk !== s.risk ? words.unreviewedRunsAs(words.risk(s.effectiveRisk)) : words.unreviewed),
    );
  return parts.join(words.stateSeparator);
}

/** The table of skills, in `locale`: a skill's description in it where the skill gives one, else its English. */
function skillRows(skills: SkillInfo[], words: ListWords, locale: Locale): string[][] {
  const { headers } = words;
  return [
    [headers.name, headers.risk, headers.source, headers.kind, headers.state, headers.description].map((h) =>
      color.dim(h),
    ),
    ...skills.map((s) => [
      color.bold(s.name),
      riskWord(s.risk, words),
      words.source(s.source, s.overrides),
      words.kind(s.kind),
      skillState(s, words),
      cell(localText(s, 'description', locale), 60),
    ]),
  ];
}

/** A problem in `--json`: where, and what in English. */
const plain = ({ path, line, message }: SkillProblem) => ({ path, line, message });

/** A checked skill in `--json`: as `ias skills list` would show it once in the user skills folder. */
function installedJson(i: InstalledSkill) {
  return {
    ...skillJson(i.skill),
    declaredRisk: i.skill.declaredRisk,
    reviewed: i.reviewed,
    effectiveRisk: i.effectiveRisk,
    overridden: i.overridden ? { name: i.overridden.name, risk: i.overridden.risk, path: i.overridden.path } : null,
  };
}

/** What `check` adds under a skill that replaces a system skill: the risk it runs at, and why. */
function overrideLines(i: InstalledSkill, words: CheckWords): string[] {
  if (!i.overridden) return [];
  const { skill, overridden } = i;
  const risk = (r: Skill['risk']) => riskWord(r, words);
  const lines = [
    `${color.yellow(words.overrides)}${words.overridesSeparator}${words.overridesSystem(color.bold(overridden.name), risk(overridden.risk), risk(skill.risk))}`,
  ];
  if (!i.reviewed && i.effectiveRisk !== skill.risk)
    lines.push(
      `${color.yellow(words.unreviewed)}${words.separator}${words.runsAsUntilReviewed(risk(i.effectiveRisk), `\`ias skills review ${skill.name}\``)}`,
    );
  return lines;
}

/** Prints a check report for people, in `locale`. */
function printCheck(report: ReturnType<typeof checkPaths>, installed: InstalledSkill[], locale: Locale): void {
  const words = checkWords[locale];
  for (const i of installed) {
    const s = i.skill;
    process.stdout.write(
      `${color.green(words.ok)} ${color.bold(s.name)}${words.riskAndKind(words.risk(s.risk), words.kind(s.kind))} ${color.dim(visibleLine(s.path))}\n`,
    );
    for (const line of overrideLines(i, words)) process.stdout.write(`   ${line}\n`);
  }
  for (const p of problemsInFileOrder(report.errors, report.warnings))
    process.stdout.write(`${problemLine(p, p.severity, locale)}\n`);
  const summary = words.summary(report.skills.length, report.errors.length, report.warnings.length);
  process.stdout.write(`${report.errors.length ? color.red(summary) : color.green(summary)}\n`);
}

/**
 * The arguments `ias skills run NAME --params JSON` gives the skill, once checked as the model's
 * are: an unknown skill, JSON that is not, or arguments its schema refuses is a UsageError said in
 * `locale` (the model gets the same refusal in English).
 */
function runArguments(context: CliContext, name: string, json: string, locale: Locale): unknown {
  const skill = context.registry.get(name);
  if (!skill) throw unknownSkill(context, name, locale);
  const words = runWords[locale];
  let params: unknown;
  try {
    params = JSON.parse(json);
  } catch (err) {
    throw new UsageError(words.badParams((err as Error).message));
  }
  const problem = argumentsProblem(skill, params);
  if (problem) throw new UsageError(sayArgsProblem(words.args, name, problem));
  return params;
}

export async function listSkills(opts: JsonOption, cmd: Command): Promise<void> {
  const runtime = await contextRuntime(cliContext(cmd.optsWithGlobals<GlobalOptions>()));
  let listed;
  let locale: Locale;
  try {
    locale = await ownerLocale(runtime);
    // Exactly what the skills manager shows: enabled, settings still missing, review state.
    listed = await skillsApi(runtime, () => {}).listSkills();
  } finally {
    await runtime.close();
  }
  const words = listWords[locale];
  const list = listed.skills;
  if (opts.json) {
    process.stdout.write(
      `${jsonText(
        list.map((s) => ({ ...s, needsConfig: needsConfigJson(s.needsConfig) })),
        2,
      )}\n`,
    );
  } else {
    process.stdout.write(list.length ? `${table(skillRows(list, words, locale))}\n` : `${words.noSkills}\n`);
  }
  for (const p of listed.problems) process.stderr.write(`${problemLine(p, p.severity, locale)}\n`);
  if (opts.json) return;
  const note = (text: string) => process.stderr.write(`${color.yellow(words.note)}${words.separator}${text}\n`);
  const unreviewed = list.filter((s) => s.effectiveRisk !== s.risk).length;
  if (unreviewed > 0) note(words.runAsHighUntilReviewed(unreviewed));
  const unset = list.filter((s) => s.needsConfig.length > 0).length;
  if (unset > 0) note(words.needSettings(unset));
}

export function checkSkills(paths: string[], opts: JsonOption, cmd: Command): void {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  // The system skills folder the command uses is checked as such: its skills may be built in.
  const report = checkPaths(paths, context.systemSkills);
  // The data folder's database, opened once if it is there (check creates nothing): the review
  // marks, and the owner's language for the words.
  const { installed, locale } = withExistingStore(context.paths.database, (store) => ({
    installed: report.skills.map((s) => asInstalled(s, context.registry, store?.skillSettings ?? NO_REVIEWS)),
    locale: storeLocale(store),
  }));
  if (opts.json) {
    process.stdout.write(
      `${jsonText({ skills: installed.map(installedJson), errors: report.errors.map(plain), warnings: report.warnings.map(plain) }, 2)}\n`,
    );
  } else {
    printCheck(report, installed, locale);
  }
  process.exitCode = report.errors.length > 0 ? 1 : 0;
}

export async function runSkill(name: string, opts: JsonOption & { params: string }, cmd: Command): Promise<void> {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const locale = commandLocale(context.paths.database);
  const words = runWords[locale];
  let params: unknown;
  try {
    params = runArguments(context, name, opts.params, locale);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    // Said here, in the owner's language (the program says other commands' usage errors).
    printError(words, err.message);
    process.exitCode = 2;
    return;
  }
  const runtime = await contextRuntime(context);
  // Ctrl-C, SIGTERM or SIGHUP (the terminal closed) stops the call, whose process group is
  // ended and its audit row closed, rather than end this process and leave the skill going
  // unwatched; a second one ends the process at once.
  const controller = new AbortController();
  let stoppedBy: EndingSignal | 'SIGINT' | undefined;
  const stop = (signal: EndingSignal | 'SIGINT') => {
    stoppedBy = signal;
    controller.abort();
  };
  const onInterrupt = () => {
    process.once('SIGINT', () => process.exit(INTERRUPTED_STATUS));
    stop('SIGINT');
  };
  process.once('SIGINT', onInterrupt);
  const stopListening = onEndingSignal(stop);
  let result;
  try {
    // The human at this terminal is the owner: no approval, but an audit row like every call.
    result = (
      await runtime.caller.call({
        name,
        params,
        source: 'cli',
        requestedBy: TERMINAL_REQUESTER,
        ownerAtTerminal: true,
        signal: controller.signal,
      })
    ).result;
  } finally {
    process.off('SIGINT', onInterrupt);
    stopListening();
    await runtime.close();
  }
  if (opts.json) {
    process.stdout.write(`${jsonText(result)}\n`);
  } else if (result.success) {
    // What the skill wrote, shown as it reads: its controls cannot rewrite the terminal.
    const data = result.data;
    process.stdout.write(`${typeof data === 'string' ? withControlsShown(data) : jsonText(data ?? result, 2)}\n`);
    if (result.truncated) process.stderr.write(`${color.yellow(words.note)}${words.outputCut}\n`);
  } else {
    printError(words, result.error ?? words.failed);
  }
  process.exitCode =
    stoppedBy === 'SIGINT' ? INTERRUPTED_STATUS : stoppedBy ? endingStatus[stoppedBy] : result.success ? 0 : 1;
}
