/**
 * How long the owner's message may be: one limit for every way a turn takes one (the app's chat,
 * `ias serve`'s web UI, `ias chat`, WeChat, a task's prompt), checked before anything is stored or
 * sent to the model, and by the UI before it sends (a paste past the connection's frame limit would
 * otherwise never reach that check). Plain functions: no Node, no DOM.
 */

/**
 * The most characters (Unicode code points, as the contract's checks count a string) a message may
 * have. Generous on purpose: a long document pasted whole (100,000 characters is some 25,000 to
 * 100,000 tokens, within what current models take in one request) still goes. What it stops is a
 * file or an endless stream piped in by mistake, which would otherwise be held in memory, stored
 * whole in the conversation and sent with every later turn, to fail at the provider or cost dearly.
 */
export const MAX_MESSAGE_CHARS = 100_000;

/** How many characters (Unicode code points) `text` has. */
export function characters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1) count++;
  return count;
}

/** Whether `text` has more than MAX_MESSAGE_CHARS characters. */
export function messageTooLong(text: string): boolean {
  // A code point is one or two UTF-16 units: most texts are told by their length alone.
  if (text.length <= MAX_MESSAGE_CHARS) return false;
  return text.length > 2 * MAX_MESSAGE_CHARS || characters(text) > MAX_MESSAGE_CHARS;
}
