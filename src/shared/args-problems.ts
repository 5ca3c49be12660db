/**
 * Why a call's arguments cannot be used (see core/skills/schema.ts), and how that reads: in English
 * to the model as the call's error and in the audit log, and to the owner at a terminal in their
 * language (args-problems-zh-CN.ts). Plain functions: no Node, no DOM.
 */

/** One way the arguments do not match the skill's parameter schema (one of Ajv's errors). */
export interface ArgsMismatch {
  /** The property concerned, as a path ("name", "to/0"); "" for the arguments as a whole. */
  at: string;
  /** The schema keyword not met (required, additionalProperties, type, enum, pattern…). */
  keyword: string;
  params: Record<string, unknown>;
  /** Ajv's English for it ("must be string"). */
  message: string;
}

export type ArgsProblem =
  | { code: 'not-object' }
  | { code: 'too-deep'; max: number }
  | { code: 'check-timeout'; seconds: number }
  | { code: 'mismatch'; mismatches: ArgsMismatch[] }
  /** The schema itself could not be used (its English reason). */
  | { code: 'uncallable'; detail: string };

export interface ArgsProblemWords {
  /** The line as a whole: the skill, and what is wrong with its arguments. */
  invalid: (skill: string, problem: string) => string;
  uncallable: (skill: string, detail: string) => string;
  notObject: string;
  tooDeep: (max: number) => string;
  checkTimeout: (seconds: number) => string;
  /** One mismatch. */
  mismatch: (m: ArgsMismatch) => string;
  /** Between mismatches. */
  separator: string;
}

const quoted = (at: string) => `"${at}"`;

export const englishArgsProblems: ArgsProblemWords = {
  invalid: (skill, problem) => `invalid arguments for ${skill}: ${problem}`,
  uncallable: (skill, detail) => `${skill} cannot be called: ${detail}`,
  notObject: 'arguments must be a JSON object',
  tooDeep: (max) => `arguments nest deeper than ${max} levels`,
  checkTimeout: (seconds) =>
    `the arguments could not be checked against the parameter schema in time (${seconds} s): a pattern in it takes too long on these values; nothing was run`,
  mismatch: ({ at, keyword, params, message }) => {
    if (keyword === 'required') return `${quoted(at)} is required`;
    if (keyword === 'additionalProperties') return `${quoted(at)} is not a known parameter`;
    if (keyword === 'enum' && Array.isArray(params.allowedValues)) {
      return `${at ? quoted(at) : 'the arguments'} must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    return `${at ? quoted(at) : 'the arguments'} ${message}`;
  },
  separator: '; ',
};

/** What is wrong with `skill`'s arguments, in `words`. */
export function sayArgsProblem(words: ArgsProblemWords, skill: string, problem: ArgsProblem): string {
  switch (problem.code) {
    case 'uncallable':
      return words.uncallable(skill, problem.detail);
    case 'not-object':
      return words.invalid(skill, words.notObject);
    case 'too-deep':
      return words.invalid(skill, words.tooDeep(problem.max));
    case 'check-timeout':
      return words.invalid(skill, words.checkTimeout(problem.seconds));
    case 'mismatch':
      return words.invalid(skill, problem.mismatches.map(words.mismatch).join(words.separator));
  }
}
