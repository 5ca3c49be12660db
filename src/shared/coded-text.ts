/**
 * Text that crosses the UI/core contract as a code with its parameters (turn lines, API errors,
 * SKILL.md problems, task results), said in a language. Plain functions: no Node, no DOM.
 */

/** A code and its parameters. */
export interface Coded {
  code: string;
  params?: unknown;
}

/**
 * Text in a language: by its code when `strings` know it, else the English that came with it (an
 * older core, a code newer than the table, or text stored without a code). Each string gets the
 * parameters and the English.
 */
export function sayCoded(strings: object, english: string, coded?: Coded | null): string {
  if (!coded || !Object.hasOwn(strings, coded.code)) return english;
  const say = (strings as Record<string, (params: unknown, english: string) => string>)[coded.code]!;
  return say(coded.params ?? {}, english);
}
