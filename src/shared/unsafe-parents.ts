/**
 * Why a folder above the skill script cache is refused (see src/core/safe-parents.ts), as a stable
 * code with its parameters, so that a UI can say it in its own language; and how each reads in
 * English. Plain types and functions: no Node, no DOM.
 */
import { sayCoded } from './coded-text.js';

export interface UnsafeParentParams {
  /** `folder` can be written to by other users (`mode`, octal, such as 777) and is not sticky. */
  'parent-writable': { folder: string; mode: string };
  /** `folder` belongs to another user (`uid`), neither this user nor root. */
  'parent-other-owner': { folder: string; uid: number };
  /**
   * `folder` is open to all but sticky (as /tmp is), and `entry`, the next step on the way, belongs
   * to another user (`uid`), who may change or replace it.
   */
  'parent-sticky-entry-other': { folder: string; entry: string; uid: number };
}

export type UnsafeParentName = keyof UnsafeParentParams;

/** An unsafe parent's code and parameters (one of {@link UnsafeParentParams}). */
export type UnsafeParentCode = {
  [C in UnsafeParentName]: { code: C; params: UnsafeParentParams[C] };
}[UnsafeParentName];

/** How each reason (by its code) reads in a language. */
export type UnsafeParentStrings = { [C in UnsafeParentName]: (p: UnsafeParentParams[C]) => string };

export const englishUnsafeParents: UnsafeParentStrings = {
  'parent-writable': (p) =>
    `the folder ${p.folder}, on the way to the script cache, can be changed by other users (mode ${p.mode}), who could swap the scripts iAs runs: make it writable by you alone (chmod go-w)`,
  'parent-other-owner': (p) =>
    `the folder ${p.folder}, on the way to the script cache, belongs to another user (uid ${p.uid}), who could swap the scripts iAs runs: keep the data folder in folders of your own`,
  'parent-sticky-entry-other': (p) =>
    `${p.entry}, in the shared folder ${p.folder} on the way to the script cache, belongs to another user (uid ${p.uid}), who could swap the scripts iAs runs: keep the data folder in folders of your own`,
};

/** The reason `code` with `params`, in English, with its code. */
export function unsafeParentText<C extends UnsafeParentName>(
  code: C,
  params: UnsafeParentParams[C],
): { message: string; messageCode: UnsafeParentCode } {
  const english = englishUnsafeParents[code] as (p: UnsafeParentParams[C]) => string;
  return { message: english(params), messageCode: { code, params } as UnsafeParentCode };
}

/** The reason in a language: by its code when `strings` know it, else the English that came with it. */
export function sayUnsafeParent(strings: UnsafeParentStrings, message: string, messageCode?: UnsafeParentCode): string {
  return sayCoded(strings, message, messageCode);
}
