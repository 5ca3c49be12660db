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
import { editsBetween } from '../shared/edit-distance.js';

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
  const near = CHAT_COMMANDS.some((name) => name.startsWith(word) || editsBetween(word, name, NEAR) <= NEAR);
  return near || !/^[\x21-\x7e]+$/.test(word) ? 'unknown' : undefined;
}
