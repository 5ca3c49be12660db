/**
 * Why a tool call of the model was answered without running (its arguments are no JSON, the tool
 * is unknown, the arguments do not fit the skill's schema), as a stable code with its parameters,
 * stored with the call, so that its card says it in the UI's language. The model is told the English
 * (`englishToolErrors`, word for word what it always was); the gate's refusals keep their fixed
 * words for it, and their card says them by their call error code (call-errors.ts). Plain types and
 * functions: no Node, no DOM.
 */
import { englishArgsProblems, sayArgsProblem, type ArgsProblem } from './args-problems.js';
import type { CallErrorCode, CallErrorStrings } from './call-errors.js';
import { sayCoded } from './coded-text.js';
import { listed } from './name-lists.js';

export interface ToolErrorParams {
  /** The arguments are not JSON: `detail` is the parser's (English) reason. */
  'tool-args-not-json': { detail: string };
  /** No callable tool `name`; `findable`: other skills can be looked for with find_skills. */
  'tool-unknown': { name: string; findable: boolean };
  /** The arguments do not fit `skill`'s parameter schema. */
  'tool-args-invalid': { skill: string; problem: ArgsProblem };
  /**
   * `skill` lacks settings it needs: `missing`, one group of names per requirement (any one of a
   * group will do); `secret`: the first of them is a secret (given unseen, never on the command line).
   */
  'tool-not-configured': { skill: string; missing: string[][]; secret: boolean };
}

export type ToolErrorName = keyof ToolErrorParams;

/** A tool call's error code: one of these, or a call error of the gate (see call-errors.ts). */
export type ToolErrorCode =
  { [C in ToolErrorName]: { code: C; params: ToolErrorParams[C] } }[ToolErrorName] | CallErrorCode;

/** How each reads in a language. */
export type ToolErrorStrings = { [C in ToolErrorName]: (p: ToolErrorParams[C]) => string };

/** What the model is told (and the English UI says). */
export const englishToolErrors: ToolErrorStrings = {
  'tool-args-not-json': (p) => `invalid arguments: not valid JSON (${p.detail}); nothing was run`,
  'tool-unknown': (p) =>
    `unknown tool "${p.name}"; nothing was run${p.findable ? '. Use find_skills to look for other skills.' : ''}`,
  'tool-args-invalid': (p) => sayArgsProblem(englishArgsProblems, p.skill, p.problem),
  'tool-not-configured': ({ skill, missing, secret }) =>
    `${skill} is not configured yet: set ${listed(
      missing.map((names) => listed(names, 'or')),
      'and',
    )} in Skills → ${skill} → Settings, ` +
    `or run \`ias skills config ${skill} ${missing[0]?.[0] ?? ''}=${secret ? '-' : '…'}\`` +
    (secret ? ' (it asks for the secret unseen, or reads it from stdin)' : ''),
};

/** The error `code` with `params`: its English (what the model is told) and its code. */
export function toolErrorText<C extends ToolErrorName>(
  code: C,
  params: ToolErrorParams[C],
): { message: string; code: ToolErrorCode } {
  const english = englishToolErrors[code] as (p: ToolErrorParams[C]) => string;
  return { message: english(params), code: { code, params } as ToolErrorCode };
}

/**
 * A tool call's error in a language: by its code (a tool error or a gate's call error) when the
 * words know it, else `told`, what the model was told.
 */
export function sayToolError(
  strings: ToolErrorStrings,
  callErrors: CallErrorStrings,
  told: string,
  code?: ToolErrorCode | null,
): string {
  if (code && Object.hasOwn(strings, code.code)) return sayCoded(strings, told, code);
  return sayCoded(callErrors, told, code);
}
