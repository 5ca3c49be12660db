/**
 * `ias skills review NAME`: marks a user skill reviewed at the version the owner was shown, never
 * at whatever its folder holds when the answer comes. On a terminal it shows the skill (read once,
 * hashed over exactly what is shown) and asks; elsewhere the owner names the version with --hash,
 * by its whole hash: a part of it (48 bits for 12 digits) is too weak to approve content unattended.
 * Either way the mark is written only if the folder, read again, is still that version.
 */
import readline from 'node:readline';
import type { Command } from 'commander';
import { effectiveRisk, markReviewedIfAt, VERSION_HASH } from '../core/approval/review.js';
import { FolderError } from '../core/skills/folder-files.js';
import { readCurrentVersion, type FolderVersion } from '../core/skills/folder-version.js';
import type { SkillRegistry } from '../core/skills/registry.js';
import type { Skill } from '../core/skills/types.js';
import { settleLeftWork } from '../core/left-work-sweep.js';
import { openStore } from '../core/store/index.js';
import type { SkillSettingsRepo } from '../core/store/skill-settings-repo.js';
import type { Locale } from '../shared/locale.js';
import { commandLocale } from './cli-locale.js';
import { cliContext, type CliContext, type GlobalOptions } from './context.js';
import { printError } from './chat-output.js';
import { color, jsonText, sayProblem } from './format.js';
import { reviewWords, type ReviewWords } from './skill-review-words.js';
import { textShownFor, versionView } from './skill-version-view.js';
import { unknownSkill } from './unknown-skill.js';
import { UsageError } from './usage-error.js';
import { saysYes } from './yes-answer.js';

interface ReviewOptions {
  hash?: string;
  yes?: boolean;
  json?: boolean;
}

/** A refusal that is not a usage mistake: the skill is not the version named or shown (exit 1). */
class NotMarked extends Error {}

/** Hex digits, as many as a part of a version hash has. */
const HASH_PART = /^[0-9a-f]{1,63}$/i;
/** A version as people read it; a version is named (--hash) only by its whole hash. */
const short = (hash: string) => hash.slice(0, 12);

/** The y/N question; Enter, Ctrl-C and Ctrl-D say no. */
function ask(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      rl.close();
      resolve(yes);
    };
    rl.on('SIGINT', () => {
      process.stdout.write('\n');
      answer(false);
    });
    rl.on('close', () => answer(false));
    rl.question(color.bold(question), (line) => answer(saysYes(line)));
  });
}

/**
 * The user skill as its files are now, with those files read once: the registry's skill and the
 * version shown agree (the same hash), or the folder changed while being read and is read again.
 */
function readShown(
  registry: SkillRegistry,
  name: string,
  locale: Locale,
  words: ReviewWords,
): { skill: Skill; version: FolderVersion } {
  let read: ReturnType<typeof readCurrentVersion>;
  try {
    read = readCurrentVersion(registry, name, textShownFor);
  } catch (err) {
    if (!(err instanceof FolderError)) throw err;
    throw new NotMarked(words.unreadableFolder(name, sayProblem(err, locale)));
  }
  if (read === 'gone') throw new NotMarked(words.changedSinceShown(name));
  if (read === 'changing') throw new NotMarked(words.changing(name));
  return read;
}

/** Shows the skill and asks; returns the version to mark, or undefined when the owner said no. */
async function showAndAsk(
  context: CliContext,
  name: string,
  settings: SkillSettingsRepo,
  given: string | undefined,
  locale: Locale,
  words: ReviewWords,
): Promise<string | undefined> {
  const { skill, version } = readShown(context.registry, name, locale, words);
  if (given && version.hash !== given) throw new NotMarked(words.notAtHash(name, short(given)));
  const reviewedHash = settings.get(name)?.reviewedHash ?? null;
  if (reviewedHash === version.hash) return version.hash; // marking again changes nothing but the time
  const overridden = skill.overrides ? context.registry.systemSkill(name) : undefined;
  const state = { reviewedHash, effectiveRisk: effectiveRisk(skill, settings), overridden };
  process.stdout.write(`${versionView(skill, version, state, words)}\n\n`);
  return (await ask(words.question(short(version.hash)))) ? version.hash : undefined;
}

async function review(context: CliContext, name: string, opts: ReviewOptions, locale: Locale): Promise<void> {
  const words = reviewWords[locale];
  const given = opts.hash?.toLowerCase();
  if (given !== undefined && HASH_PART.test(given)) throw new UsageError(words.partOfHash(opts.hash!, name));
  if (given !== undefined && !VERSION_HASH.test(given)) throw new UsageError(words.badHash(opts.hash!, name));
  if (opts.yes && given === undefined) throw new UsageError(words.yesNeedsHash);
  const skill = context.registry.current(name);
  if (!skill) throw unknownSkill(context, name, locale);
  const done = (marked: Skill, say: ReviewWords['reviewed']) =>
    process.stdout.write(
      opts.json
        ? `${jsonText({ name, hash: marked.hash, risk: marked.risk })}\n`
        : `${say(color.bold(name), short(marked.hash), words.risk(marked.risk))}\n`,
    );
  if (skill.source === 'system') {
    if (opts.json) done(skill, words.reviewed);
    else process.stdout.write(`${words.systemSkill(color.bold(name), words.risk(skill.risk))}\n`);
    return;
  }
  const interactive = process.stdin.isTTY && process.stdout.isTTY && !opts.json && !opts.yes;
  if (!interactive && given === undefined) throw new UsageError(words.needHash(name));
  const store = openStore(context.paths.database);
  try {
    settleLeftWork(store);
    const settings = store.skillSettings;
    const wasReviewed = settings.get(name)?.reviewedHash;
    const version = interactive ? await showAndAsk(context, name, settings, given, locale, words) : given!;
    if (version === undefined) {
      process.stdout.write(`${words.declined}\n`);
      process.exitCode = 1;
      return;
    }
    // Read again and compared with the version shown or named: what is written is what was compared.
    const marked = markReviewedIfAt(context.registry, name, version, settings);
    if (!marked)
      throw new NotMarked(interactive ? words.changedSinceShown(name) : words.notAtHash(name, short(version)));
    done(marked, wasReviewed === marked.hash ? words.alreadyReviewed : words.reviewed);
  } finally {
    store.close();
  }
}

export async function reviewSkill(name: string, opts: ReviewOptions, cmd: Command): Promise<void> {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const locale = commandLocale(context.paths.database);
  const words = reviewWords[locale];
  try {
    await review(context, name, opts, locale);
  } catch (err) {
    if (!(err instanceof UsageError || err instanceof NotMarked)) throw err;
    // Said here, in the command's language (the program says other commands' usage errors).
    printError(words, err.message);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
}
