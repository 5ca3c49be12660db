/**
 * Which lines typed alone in `ias chat` are the chat's own commands, answered there and never sent
 * to the model. A line that is one word after a "/" is:
 * - a command when the word is one (`/help`, `/exit`, `/quit`);
 * - an unknown command, said so and not sent, when the word is near one: a slip of a key or two
 *   (`/exti`, `/hlep`, `/exitt`) or the start of one (`/ex`); or when it is not in ASCII, as a
 *   command asked for in the owner's own words is (`/帮助`, `/退出`);
 * - else a message, as a lone path is (`/tmp`, `/usr`).
 * A line with a space or another "/" in it is a message (`/etc/hosts`, `/tmp is full`); so is "/".
 */
export const CHAT_COMMANDS = ['help', 'exit', 'quit'] as const;
export type ChatCommand = (typeof CHAT_COMMANDS)[number];

/** How far (in edits) a word may be from a command's name and still be taken for a slip of it. */
const NEAR = 2;

/** The line as a command of the chat's: one of them, 'unknown' (a slip of one), or none (a message). */
export function chatCommandOf(text: string): ChatCommand | 'unknown' | undefined {
  const word = /^\/([^\s/]+)$/.exec(text)?.[1];
  if (word === undefined) return undefined;
  const known = CHAT_COMMANDS.find((name) => name === word);
  if (known) return known;
  const near = CHAT_COMMANDS.some((name) => name.startsWith(word) || editDistance(word, name) <= NEAR);
  return near || !/^[\x21-\x7e]+$/.test(word) ? 'unknown' : undefined;
}

/** Edits (a character added, dropped, changed, or two side by side swapped) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}
