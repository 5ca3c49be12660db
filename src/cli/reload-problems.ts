/**
 * The skills' load problems on `ias serve`'s terminal: at start-up the load errors and the warnings
 * (the skill loads, but something in it is likely wrong), then what each hot reload did to them:
 * the errors and warnings new since the last load (an owner's edit broke a skill), said as the
 * start-up lines say them, and a line when a skill that failed loads again. Paths and messages come
 * from skill files: shown with their hidden characters as \uXXXX, never obeyed. Each line is said in
 * the owner's language as it is then (it may change while iAs runs).
 */
import type { SkillRegistry, RegistryReload } from '../core/skills/registry.js';
import type { SkillProblem, SkillSource } from '../core/skills/types.js';
import type { Locale } from '../shared/locale.js';
import { visibleLine } from '../shared/visible-text.js';
import { color, problemParts } from './format.js';
import { serveWords } from './serve-words.js';
import { warningLine } from './warning-line.js';

/** Writes a line in the owner's language as it is when the line is said. */
type Say = (line: (locale: Locale) => string) => void;

/** The line of a skill that failed to load. */
const skippedLine = (problem: SkillProblem) => (locale: Locale) => {
  const { where, what } = problemParts(problem, locale);
  return warningLine(locale, serveWords[locale].skipped(where, what));
};

/** The line of a load warning (the skill loads, but something in it is likely wrong). */
const skillWarningLine = (problem: SkillProblem) => (locale: Locale) => {
  const { where, what } = problemParts(problem, locale);
  return warningLine(locale, serveWords[locale].skillWarning(where, what));
};

const problemKey = (p: SkillProblem) => `${p.path}\0${p.line ?? ''}\0${p.message}`;
const keys = (problems: SkillProblem[]) => new Set(problems.map(problemKey));

/** The skills (`<source>:<name>`) that `errors` keep from loading. */
function failingOf(registry: SkillRegistry, errors: SkillProblem[]): Set<string> {
  return new Set(
    errors.flatMap((p) => {
      const folder = registry.skillOfProblem(p);
      return folder ? [`${folder.source}:${folder.name}`] : [];
    }),
  );
}

/** The warnings worth saying: not those of a skill that fails to load (they wait until it loads). */
function warningsOfLoaded(registry: SkillRegistry, warnings: SkillProblem[], failing: Set<string>): SkillProblem[] {
  return warnings.filter((p) => {
    const folder = registry.skillOfProblem(p);
    return !folder || !failing.has(`${folder.source}:${folder.name}`);
  });
}

/**
 * Writes the load errors and warnings `registry` has now, then (see printReloadProblems) what each
 * reload changes, each problem once. Returns how to stop.
 */
export function printSkillProblems(
  registry: SkillRegistry,
  write: (line: string) => void,
  locale: () => Locale,
): () => void {
  const say: Say = (line) => write(line(locale()));
  const { errors, warnings } = registry.problems();
  for (const problem of errors) say(skippedLine(problem));
  for (const problem of warningsOfLoaded(registry, warnings, failingOf(registry, errors))) {
    say(skillWarningLine(problem));
  }
  return printReloadProblems(registry, say);
}

/**
 * Writes, after each reload of `registry`, the lines of what changed since the problems it has now
 * (those the caller has just printed): each error and each warning once, when it is new. The
 * warnings of a skill that fails to load wait until it loads.
 * Returns how to stop.
 */
function printReloadProblems(registry: SkillRegistry, say: Say): () => void {
  const initial = registry.problems();
  let known = keys(initial.errors);
  let failing = failingOf(registry, initial.errors);
  let knownWarnings = keys(warningsOfLoaded(registry, initial.warnings, failing));
  const loaded = (source: SkillSource, name: string) => {
    const skill = source === 'system' ? registry.systemSkill(name) : registry.get(name);
    return skill?.source === source ? skill : undefined;
  };

  const onReload = ({ source, names }: RegistryReload) => {
    const { errors, warnings } = registry.problems();
    for (const problem of errors) if (!known.has(problemKey(problem))) say(skippedLine(problem));
    const nowFailing = failingOf(registry, errors);
    for (const name of names) {
      const skill = loaded(source, name);
      if (skill && failing.has(`${source}:${name}`) && !nowFailing.has(`${source}:${name}`)) {
        const file = visibleLine(skill.path);
        say((locale) => {
          const { fixed } = serveWords[locale];
          return `${color.green(fixed.label)}${fixed.loadsAgain(name, file)}`;
        });
      }
    }
    const said = warningsOfLoaded(registry, warnings, nowFailing);
    for (const problem of said) if (!knownWarnings.has(problemKey(problem))) say(skillWarningLine(problem));
    known = keys(errors);
    knownWarnings = keys(said);
    failing = nowFailing;
  };
  registry.on('reload', onReload);
  return () => registry.off('reload', onReload);
}
