/** What every command needs: the data folder, the skill folders and a loaded registry. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataPaths, defaultDataHome, type DataPaths } from '../core/paths.js';
import { settleLeftWork } from '../core/left-work-sweep.js';
import { openRuntime, type Runtime, type RuntimeOptions } from '../core/runtime.js';
import { SkillRegistry } from '../core/skills/registry.js';

export interface GlobalOptions {
  home?: string;
  systemSkills?: string;
  userSkills?: string;
}

export interface CliContext {
  paths: DataPaths;
  systemSkills: string;
  registry: SkillRegistry;
}

/** The app's own system skills: `resources/skills` beside the built CLI (or the source). */
export function bundledSystemSkills(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'resources', 'skills');
}

/** The example user skills: `skills` beside the built CLI (or the source). */
export function bundledExampleSkills(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'skills');
}

/** The data folder the global options name: --home (an empty one counts as not given), else the default. */
export function commandHome(options: GlobalOptions): string {
  return options.home ? path.resolve(options.home) : defaultDataHome();
}

export function cliContext(options: GlobalOptions): CliContext {
  const home = commandHome(options);
  const paths = dataPaths(home, options.userSkills);
  const systemSkills = options.systemSkills ? path.resolve(options.systemSkills) : bundledSystemSkills();
  const registry = new SkillRegistry({ systemDir: systemSkills, userDir: paths.userSkills });
  registry.loadAll();
  return { paths, systemSkills, registry };
}

/**
 * The core over this command's data folder and skill folders (the caller closes it), with what iAs
 * processes that have ended left settled (see settleLeftWork): used from the command line only, a
 * killed `ias chat` has no app to start after it.
 */
export async function contextRuntime(
  context: CliContext,
  options: Omit<RuntimeOptions, 'home' | 'systemSkills' | 'userSkills'> = {},
): Promise<Runtime> {
  const runtime = await openRuntime({
    home: context.paths.home,
    systemSkills: context.systemSkills,
    userSkills: context.paths.userSkills,
    ...options,
  });
  settleLeftWork(runtime.store, runtime.gate);
  return runtime;
}
