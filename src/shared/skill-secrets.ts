/**
 * Why a skill's secret setting is not used (or not saved) where the secret store keeps it: a folder
 * on the way to its file that another user could change (by the secure_path rule of
 * src/core/safe-parents.ts), a file of another user's, or one other users can read. As a stable code
 * with its parameters, so that a UI can say it in its own language; and how each reads in English.
 * `setting` is the setting's name in the skill's SKILL.md, `file` the file that holds it. Plain
 * types and functions: no Node, no DOM.
 */
import { sayCoded } from './coded-text.js';
import { shellWord } from './shell-word.js';
import type { UnsafeParentCode } from './unsafe-parents.js';

interface Where {
  skill: string;
  setting: string;
  file: string;
}

export interface SkillSecretParams {
  /** Another user could change a folder on the way to `file` (`unsafe`: which and why): neither read nor saved. */
  'skill-secret-folder-unsafe': Where & { unsafe: UnsafeParentCode };
  /** `file` belongs to another user (`uid`), who may have put a value of theirs in it: not read. */
  'skill-secret-file-not-own': Where & { uid: number };
  /** Other users can read `file` (`mode`, octal, such as 644): not read, as ssh will not use such a key. */
  'skill-secret-file-open': Where & { mode: string };
}

export type SkillSecretName = keyof SkillSecretParams;

/** A refusal's code and parameters (one of {@link SkillSecretParams}). */
export type SkillSecretCode = {
  [C in SkillSecretName]: { code: C; params: SkillSecretParams[C] };
}[SkillSecretName];

/** How each refusal (by its code) reads in a language. */
export type SkillSecretStrings = { [C in SkillSecretName]: (p: SkillSecretParams[C]) => string };

export const englishSkillSecrets: SkillSecretStrings = {
  'skill-secret-folder-unsafe': ({ skill, setting, file, unsafe }) => {
    const start = `${skill}'s secret setting ${setting} is kept in ${file}, and`;
    const swap = `who could swap it for a value of theirs, so iAs neither uses nor saves ${setting} there`;
    const own = `Keep iAs's data folder in folders of your own (or set IAS_HOME to one), then set ${setting} again.`;
    if (unsafe.code === 'parent-writable') {
      const { folder, mode } = unsafe.params;
      return `${start} the folder ${folder} on the way to it can be changed by other users (mode ${mode}), ${swap}. Make it writable by you alone with \`chmod go-w ${shellWord(folder)}\`, then set ${setting} again.`;
    }
    if (unsafe.code === 'parent-other-owner') {
      const { folder, uid } = unsafe.params;
      return `${start} the folder ${folder} on the way to it belongs to another user (uid ${uid}), ${swap}. ${own}`;
    }
    const { folder, entry, uid } = unsafe.params;
    return `${start} ${entry}, in the shared folder ${folder} on the way to it, belongs to another user (uid ${uid}), ${swap}. ${own}`;
  },
  'skill-secret-file-not-own': (p) =>
    `${p.skill}'s secret setting ${p.setting} is kept in ${p.file}, which belongs to another user (uid ${p.uid}), who may have put a value of theirs in it, so iAs does not use it. Set ${p.setting} again: iAs then puts a file of your own in its place.`,
  'skill-secret-file-open': (p) =>
    `${p.skill}'s secret setting ${p.setting} is kept in ${p.file}, which other users can read (mode ${p.mode}), so iAs does not use it. Make it private with \`chmod 600 ${shellWord(p.file)}\`, or set ${p.setting} again.`,
};

/** The refusal `code` with `params`, in English, with its code. */
export function skillSecretText<C extends SkillSecretName>(
  code: C,
  params: SkillSecretParams[C],
): { message: string; messageCode: SkillSecretCode } {
  const english = englishSkillSecrets[code] as (p: SkillSecretParams[C]) => string;
  return { message: english(params), messageCode: { code, params } as SkillSecretCode };
}

/** The refusal in a language: by its code when `strings` know it, else the English that came with it. */
export function saySkillSecret(strings: SkillSecretStrings, message: string, messageCode?: SkillSecretCode): string {
  return sayCoded(strings, message, messageCode);
}
