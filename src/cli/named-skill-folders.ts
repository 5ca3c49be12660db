/**
 * A skills folder named on the command line (--system-skills, --user-skills) that is not there: a
 * warning on stderr naming it, in the owner's language, before the command runs (which then finds
 * no skills in it). The default folders say nothing: the user folder is made at the first run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Locale } from '../shared/locale.js';
import { visibleLine } from '../shared/visible-text.js';
import { programLocale } from './cli-locale.js';
import type { GlobalOptions } from './context.js';
import { warningLine } from './warning-line.js';

type FolderOption = '--system-skills' | '--user-skills';

interface FolderWords {
  missing: (option: FolderOption, folder: string) => string;
}

const folderWords: Record<Locale, FolderWords> = {
  en: {
    missing: (option, folder) =>
      `the ${option === '--system-skills' ? 'system' : 'user'} skills folder ${folder} (${option}) does not exist`,
  },
  'zh-CN': {
    missing: (option, folder) =>
      `${option === '--system-skills' ? '系统' : '用户'}技能文件夹 ${folder}（${option}）不存在`,
  },
};

/** The folders of `options` named on the command line that do not exist, with the option naming each. */
function missingFolders(options: GlobalOptions): [FolderOption, string][] {
  const named: [FolderOption, string | undefined][] = [
    ['--system-skills', options.systemSkills],
    ['--user-skills', options.userSkills],
  ];
  return named.flatMap(([option, folder]) =>
    folder !== undefined && !fs.existsSync(path.resolve(folder)) ? [[option, path.resolve(folder)]] : [],
  );
}

/** Before any command of `program` runs: a warning for each skills folder it names that is not there. */
export function warnOfMissingSkillFolders(program: Command): void {
  program.hook('preAction', (_program, command) => {
    const missing = missingFolders(command.optsWithGlobals<GlobalOptions>());
    if (missing.length === 0) return;
    const locale = programLocale(command);
    for (const [option, folder] of missing) {
      process.stderr.write(`${warningLine(locale, folderWords[locale].missing(option, visibleLine(folder)))}\n`);
    }
  });
}
