/**
 * What a hot reload did to the skills that fail to load, for `ias serve`'s terminal: the load
 * errors new since the last load (an owner's edit broke a skill), said as the start-up lines say
 * them, and a line when a skill that failed loads again. Paths and messages come from skill files:
 * shown with their hidden characters as \uXXXX, never obeyed.
 */
import type { SkillRegistry, RegistryReload } from '../core/skills/registry.js';
import type { SkillProblem, SkillSource } from '../core/skills/types.js';
import { skippedSkillText } from '../shared/skipped-skill.js';
import { visibleLine } from '../shared/visible-text.js';
import { color } from './format.js';

/** The start-up line of a skill that failed to load. */
export function skippedLine(problem: SkillProblem): string {
  return `${color.yellow('warning')}: skipped ${skippedSkillText(problem)}`;
}

const problemKey = (p: SkillProblem) => `${p.path}\0${p.line ?? ''}\0${p.message}`;

/**
 * Writes, after each reload of `registry`, the lines of what changed since the errors it has now
 * (those the caller has just printed). Returns how to stop.
 */
export function printReloadProblems(registry: SkillRegistry, write: (line: string) => void): () => void {
  const failingFolders = (errors: SkillProblem[]) =>
    new Set(
      errors.flatMap((p) => {
        const folder = registry.skillOfProblem(p);
        return folder ? [`${folder.source}:${folder.name}`] : [];
      }),
    );
  let errors = registry.problems().errors;
  let known = new Set(errors.map(problemKey));
  let failing = failingFolders(errors);
  const loaded = (source: SkillSource, name: string) => {
    const skill = source === 'system' ? registry.systemSkill(name) : registry.get(name);
    return skill?.source === source ? skill : undefined;
  };

  const onReload = ({ source, names }: RegistryReload) => {
    errors = registry.problems().errors;
    for (const problem of errors) if (!known.has(problemKey(problem))) write(skippedLine(problem));
    const nowFailing = failingFolders(errors);
    for (const name of names) {
      const skill = loaded(source, name);
      if (skill && failing.has(`${source}:${name}`) && !nowFailing.has(`${source}:${name}`)) {
        write(`${color.green('fixed')}: ${name} loads again (${visibleLine(skill.path)})`);
      }
    }
    known = new Set(errors.map(problemKey));
    failing = nowFailing;
  };
  registry.on('reload', onReload);
  return () => registry.off('reload', onReload);
}
