/**
 * A skills folder named on the command line (--system-skills, --user-skills) that is not there, or
 * is no folder: a warning on stderr naming it, in the owner's language, before a command that loads
 * skills runs (which then finds no skills in it). `ias serve` makes a missing user folder (and puts
 * the example skills in it): it says so instead. The default folders say nothing: the user folder
 * is made at the first run. Commands that load no skills (audit, provider, …) say nothing either.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Locale } from '../shared/locale.js';
import { visibleLine } from '../shared/visible-text.js';
import { programLocale } from './cli-locale.js';
import type { GlobalOptions } from './context.js';
import { commandPath } from './owner-language-help.js';
import { warningLine } from './warning-line.js';

type FolderOption = '--system-skills' | '--user-skills';

/** What is wrong with a named folder, as a warning says it. */
type Trouble = 'missing' | 'will-be-made' | 'not-a-folder';

type FolderWords = Record<Trouble, (option: FolderOption, folder: string) => string>;

const kind = (option: FolderOption, system: string, user: string) => (option === '--system-skills' ? system : user);

const folderWords: Record<Locale, FolderWords> = {
  en: {
    missing: (option, folder) =>
      `the ${kind(option, 'system', 'user')} skills folder ${folder} (${option}) does not exist`,
    'will-be-made': (option, folder) =>
      `the ${kind(option, 'system', 'user')} skills folder ${folder} (${option}) does not exist yet: it will be made`,
    'not-a-folder': (option, folder) =>
      `the ${kind(option, 'system', 'user')} skills folder ${folder} (${option}) is not a folder`,
  },
  'zh-CN': {
    missing: (option, folder) => `${kind(option, '系统', '用户')}技能文件夹 ${folder}（${option}）不存在`,
    'will-be-made': (option, folder) =>
      `${kind(option, '系统', '用户')}技能文件夹 ${folder}（${option}）尚不存在，将会创建`,
    'not-a-folder': (option, folder) => `${kind(option, '系统', '用户')}技能文件夹 ${folder}（${option}）不是文件夹`,
  },
};

/** The commands that load skills, by their path (a group stands for all its commands). */
const LOADING_SKILLS = ['skills', 'chat', 'tasks run', 'serve'];

function loadsSkills(command: Command): boolean {
  const named = commandPath(command);
  return LOADING_SKILLS.some((loading) => named === loading || named.startsWith(`${loading} `));
}

/** What is wrong with `folder`, if anything (what cannot even be looked at is left to the command). */
function troubleOf(folder: string, made: boolean): Trouble | undefined {
  try {
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    if (stat) return stat.isDirectory() ? undefined : 'not-a-folder';
  } catch (err) {
    // A parent that is a file: nothing can be made there.
    if ((err as NodeJS.ErrnoException).code !== 'ENOTDIR') return undefined;
    return 'missing';
  }
  return made ? 'will-be-made' : 'missing';
}

/** The folders `command` names on the command line with what is wrong with each. */
function troubledFolders(command: Command): [FolderOption, string, Trouble][] {
  const options = command.optsWithGlobals<GlobalOptions>();
  // `ias serve` makes its user folder (see core/runtime.ts, copyExampleSkills).
  const makesUserFolder = commandPath(command) === 'serve';
  const named: [FolderOption, string | undefined, boolean][] = [
    ['--system-skills', options.systemSkills, false],
    ['--user-skills', options.userSkills, makesUserFolder],
  ];
  return named.flatMap(([option, folder, made]) => {
    if (folder === undefined) return [];
    const trouble = troubleOf(path.resolve(folder), made);
    return trouble ? [[option, path.resolve(folder), trouble]] : [];
  });
}

/** Before a command of `program` that loads skills runs: a warning for each skills folder it names that is not there. */
export function warnOfMissingSkillFolders(program: Command): void {
  program.hook('preAction', (_program, command) => {
    if (!loadsSkills(command)) return;
    const troubled = troubledFolders(command);
    if (troubled.length === 0) return;
    const locale = programLocale(command);
    for (const [option, folder, trouble] of troubled) {
      process.stderr.write(`${warningLine(locale, folderWords[locale][trouble](option, visibleLine(folder)))}\n`);
    }
  });
}
