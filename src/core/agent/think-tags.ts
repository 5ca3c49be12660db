/**
 * Thinking that a server leaves inside the content as `<think>…</think>` (DeepSeek-R1 and Qwen3 on
 * Together, Groq's `reasoning_format: raw`, vLLM, LM Studio, llama.cpp or Ollama without a reasoning
 * parser), split out of the content as it streams. Only a `<think>` that opens the reply (after
 * whitespace, if any) begins thinking; a tag later in the text is text. Nothing is held back but a
 * start that may still become `<think>`, and, inside the thinking, an end that may still become
 * `</think>` (a tag may come cut over chunks). Thinking whose opening tag the chat template already
 * wrote (the content starts inside it, only `</think>` comes) is not told apart: it cannot be known
 * for thinking before it has streamed as text.
 */
const OPEN = '<think>';
const CLOSE = '</think>';

export interface ContentPieces {
  text: string;
  thinking: string;
}

export class ThinkTags {
  /** 'opened' and 'after': right after a tag, where whitespace is neither thinking nor text. */
  private state: 'start' | 'opened' | 'thinking' | 'after' | 'text' = 'start';
  private held = '';

  /** A content delta, as the text and the thinking in it (either may be empty). */
  split(delta: string): ContentPieces {
    if (this.state === 'text') return { text: delta, thinking: '' };
    if (this.state === 'start') {
      const start = (this.held + delta).trimStart();
      if (start.length < OPEN.length && OPEN.startsWith(start)) {
        this.held += delta;
        return { text: '', thinking: '' };
      }
      if (!start.startsWith(OPEN)) {
        const text = this.held + delta;
        this.held = '';
        this.state = 'text';
        return { text, thinking: '' };
      }
      this.held = '';
      this.state = 'opened';
      return this.split(start.slice(OPEN.length));
    }
    if (this.state === 'thinking') return this.inThinking(delta);
    const rest = delta.trimStart();
    if (!rest) return { text: '', thinking: '' };
    if (this.state === 'opened') {
      this.state = 'thinking';
      return this.inThinking(rest);
    }
    this.state = 'text';
    return { text: rest, thinking: '' };
  }

  /** At the end of the stream: what was held back, as what it was taken for. */
  flush(): ContentPieces {
    const held = this.held;
    this.held = '';
    if (this.state === 'thinking') return { text: '', thinking: held };
    return { text: held, thinking: '' };
  }

  private inThinking(delta: string): ContentPieces {
    const all = this.held + delta;
    const end = all.indexOf(CLOSE);
    if (end !== -1) {
      this.held = '';
      this.state = 'after';
      const rest = this.split(all.slice(end + CLOSE.length));
      return { text: rest.text, thinking: all.slice(0, end) };
    }
    // The longest end of what came that may begin `</think>`.
    let keep = Math.min(CLOSE.length - 1, all.length);
    while (keep > 0 && !CLOSE.startsWith(all.slice(all.length - keep))) keep--;
    this.held = all.slice(all.length - keep);
    return { text: '', thinking: all.slice(0, all.length - keep) };
  }
}
