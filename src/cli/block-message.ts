/** A block of lines sent as one message: a paste at the chat's prompt, or what is piped into `ias chat`. */
import { TextDecoder } from 'node:util';
import { characters, MAX_MESSAGE_CHARS, messageTooLong } from '../shared/message-size.js';

/** The lines as one message: its indentation kept, the blank lines around it dropped. */
export function blockMessage(lines: string[]): string {
  const text = lines
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return text.includes('\n') ? text : text.trim();
}

/**
 * All of stdin (piped, not a terminal) as one message; '' when nothing but white space came.
 * Undefined when it is longer than a message may be (see MAX_MESSAGE_CHARS): reading stops as soon
 * as that is known, so an endless stream or a huge file is never held whole. White space around
 * the message is not part of it but is read too: past as much again as a message may be, what came
 * is taken as too long whatever it holds.
 */
export async function readPipedMessage(): Promise<string | undefined> {
  let decoder: TextDecoder | undefined;
  // The first bytes, until there are enough to tell a byte order mark.
  let head = Buffer.alloc(0);
  let text = '';
  let chars = 0;
  // The message of what came so far only grows as more comes: once too long, it stays so.
  const tooLong = () => chars > 2 * MAX_MESSAGE_CHARS || messageTooLong(blockMessage(text.split(/\r?\n/)));
  for await (const chunk of process.stdin) {
    let bytes = chunk as Buffer;
    if (!decoder) {
      head = Buffer.concat([head, bytes]);
      if (head.length < 2) continue;
      decoder = new TextDecoder(encodingOf(head));
      bytes = head;
    }
    // Whole characters only: one split between chunks waits in the decoder for its end.
    const piece = decoder.decode(bytes, { stream: true });
    text += piece;
    chars += characters(piece);
    // Leaving the loop stops reading (stdin is closed).
    if (tooLong()) return undefined;
  }
  text += (decoder ?? new TextDecoder()).decode(decoder ? undefined : head);
  return tooLong() ? undefined : blockMessage(text.split(/\r?\n/));
}

/**
 * How what is piped in is encoded: UTF-8, or UTF-16 when it starts with UTF-16's byte order mark
 * (a file Notepad saved as "Unicode", or Windows PowerShell 5 wrote with `>`). The mark itself,
 * UTF-8's too, is no part of the text (TextDecoder drops it).
 */
function encodingOf(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
