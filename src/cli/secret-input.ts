/**
 * A secret typed or piped in, never taken from the command line (where `ps` and the shell's history
 * would show it): read whole from piped stdin, or typed at a prompt on a terminal that shows
 * nothing of it.
 */
import fs from 'node:fs';
import { printError } from './chat-output.js';
import type { SecretInputWords } from './secret-input-words.js';
import { UsageError } from './usage-error.js';

/** The owner left the prompt with Ctrl-C: nothing is to be saved. */
export class SecretPromptCancelled extends Error {}

/** The terminal's input ended (or failed) before Enter: it went away, and nothing is to be saved. */
export class SecretInputEnded extends Error {}

/** More came on stdin than any secret is (a file piped in by mistake, or an endless stream). */
export class SecretTooLong extends Error {}

/** The most of a secret read from stdin: far more than any API key, and more than an HTTP header takes. */
export const SECRET_MAX_BYTES = 16 * 1024;

/**
 * Piped stdin, whole, without the line ending a file or `echo` adds. Reads no more than
 * `maxBytes` and one byte past it: past that, SecretTooLong (nothing of it is kept).
 */
export function readPipedSecret(maxBytes = SECRET_MAX_BYTES): string {
  const buffer = Buffer.alloc(maxBytes + 1);
  let length = 0;
  while (length < buffer.length) {
    let read: number;
    try {
      read = fs.readSync(0, buffer, length, buffer.length - length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A pipe's end, as Windows tells it.
      if (code === 'EOF') break;
      // A non-blocking stdin with nothing yet: wait a moment and read again.
      if (code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    if (read === 0) break;
    length += read;
  }
  const text = buffer.toString('utf8', 0, length);
  buffer.fill(0);
  if (length > maxBytes) throw new SecretTooLong();
  return text.replace(/\r?\n$/, '');
}

/**
 * A secret typed unseen at `prompt` on a terminal, or else piped in (more than SECRET_MAX_BYTES is
 * a UsageError saying `tooLong`). Ctrl-C or a terminal gone end it as promptHidden says.
 */
export async function readSecret(prompt: string, tooLong: string): Promise<string> {
  if (process.stdin.isTTY) return promptHidden(prompt);
  try {
    return readPipedSecret();
  } catch (err) {
    if (err instanceof SecretTooLong) throw new UsageError(tooLong);
    throw err;
  }
}

/**
 * One line typed on the terminal with echo off (the prompt on stderr): Enter ends it, Backspace
 * and Ctrl-U edit it, Ctrl-C cancels (SecretPromptCancelled), Ctrl-D ends it when it is empty.
 * The keys that send an escape sequence (arrows, Home, Delete, Alt with a key) type nothing.
 * Input that ends or fails first (the terminal went away without hanging the process up) is
 * SecretInputEnded; the terminal's mode is put back in every case.
 */
export function promptHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    let settled = false;
    /** Within an escape sequence: after ESC ('esc'), in a CSI's parameters ('csi'), before SS3's one key ('ss3'). */
    let escape: 'esc' | 'csi' | 'ss3' | undefined;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      input.off('data', onData);
      input.off('end', onEnded);
      try {
        input.setRawMode(false);
      } catch {
        // The terminal is gone: there is no mode to put back.
      }
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onEnded = () => {
      input.once('close', letGoOfTerminal);
      finish(new SecretInputEnded());
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        // A control key (Enter, Ctrl-C…) ends an escape sequence, and counts as itself.
        if (char < ' ' || char === '\x7f') escape = undefined;
        if (escape === 'esc') {
          escape = char === '[' ? 'csi' : char === 'O' ? 'ss3' : undefined;
          continue;
        }
        if (escape === 'csi') {
          // Parameters and intermediates up to the final byte (@ to ~).
          if (char >= '@' && char <= '~') escape = undefined;
          continue;
        }
        if (escape === 'ss3') {
          escape = undefined;
          continue;
        }
        if (char === '\x1b') {
          escape = 'esc';
          continue;
        }
        if (char === '\r' || char === '\n') return finish();
        if (char === '\x03') return finish(new SecretPromptCancelled());
        if (char === '\x04') {
          if (typed === '') return finish();
        } else if (char === '\x7f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char === '\x15') typed = '';
        else if (char >= ' ') typed += char;
      }
    };
    input.setEncoding('utf8');
    // Echo is off before the prompt shows: nothing typed after it appears.
    input.setRawMode(true);
    process.stderr.write(prompt);
    input.on('data', onData);
    input.once('end', onEnded);
    // An error (EIO from a terminal that went away) ends the input too; one after that is let be.
    input.on('error', onEnded);
    input.resume();
  });
}

/**
 * Once the stream has let go of a terminal that went away, stdin is /dev/null: Node puts the
 * terminal's first mode back at exit and, before nodejs/node#58200 (v20 does), aborts when it
 * cannot; it leaves alone a stdin that is another file by then.
 */
function letGoOfTerminal(): void {
  if (process.platform === 'win32') return;
  try {
    fs.closeSync(0);
    const fd = fs.openSync('/dev/null', 'r');
    if (fd !== 0) fs.closeSync(fd);
  } catch {
    // Nothing more to let go of.
  }
}

/**
 * Says how a hidden prompt ended without a secret, in `words`, and sets the exit code: Ctrl-C
 * (130), the terminal's input gone (1). False for any other error, left to the caller.
 */
export function saidPromptEnd(err: unknown, words: SecretInputWords): boolean {
  if (err instanceof SecretPromptCancelled) {
    process.stderr.write(`${words.cancelled}\n`);
    process.exitCode = 130;
  } else if (err instanceof SecretInputEnded) {
    printError(words, words.inputEnded);
    process.exitCode = 1;
  } else return false;
  return true;
}
