/** A block of lines sent as one message: a paste at the chat's prompt, or what is piped into `ias chat`. */

/** The lines as one message: its indentation kept, the blank lines around it dropped. */
export function blockMessage(lines: string[]): string {
  const text = lines
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return text.includes('\n') ? text : text.trim();
}

/** All of stdin (piped, not a terminal) as one message; '' when nothing but white space came. */
export async function readPipedMessage(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return blockMessage(Buffer.concat(chunks).toString('utf8').split(/\r?\n/));
}
