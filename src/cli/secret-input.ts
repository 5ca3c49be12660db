/**
 * A secret typed or piped in, never taken from the command line (where `ps` and the shell's history
 * would show it): read whole from piped stdin, or typed at a prompt on a terminal that shows
 * nothing of it.
 */
import fs from 'node:fs';

/** The owner left the prompt with Ctrl-C: nothing is to be saved. */
export class SecretPromptCancelled extends Error {}

/** Piped stdin, whole, without the line ending a file or `echo` adds. */
export function readPipedSecret(): string {
  return fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
}

/**
 * One line typed on the terminal with echo off (the prompt on stderr): Enter ends it, Backspace
 * and Ctrl-U edit it, Ctrl-C cancels (SecretPromptCancelled), Ctrl-D ends it when it is empty.
 */
export function promptHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
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
    input.resume();
  });
}
