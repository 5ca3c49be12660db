/**
 * Streamed text handed on in whole characters. A server that cuts its text by UTF-16 units may
 * send an emoji's surrogate pair split between two events (`"\ud83d"`, then `"\ude00"`): the first
 * half waits for the second, as a terminal or a chat shows half a pair as �. What the reply holds is
 * the text as it came; only what is handed on waits.
 */
const HIGH_SURROGATE_AT_END = /[\uD800-\uDBFF]$/;

export class WholeCharacters {
  private held = '';

  constructor(private readonly out: ((text: string) => void) | undefined) {}

  write(text: string): void {
    const all = this.held + text;
    const end = HIGH_SURROGATE_AT_END.test(all) ? all.length - 1 : all.length;
    this.held = all.slice(end);
    if (end > 0) this.out?.(all.slice(0, end));
  }

  /** Hands on what waits (the stream ended, or what was handed on is about to be taken back). */
  flush(): void {
    const held = this.held;
    this.held = '';
    if (held) this.out?.(held);
  }
}
