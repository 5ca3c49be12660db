/**
 * Thinking that a server leaves inside the content as `<think>…</think>` (DeepSeek-R1 and Qwen3 on
 * Together, Groq's `reasoning_format: raw`, vLLM, LM Studio, llama.cpp or Ollama without a reasoning
 * parser), split out of the content as it streams. Only a `<think>` that opens the reply (after
 * whitespace, if any) begins thinking; a tag later in the text is text.
 *
 * Thinking whose opening tag the chat template already wrote (DeepSeek-R1 and its distills, QwQ,
 * Qwen3-Thinking: the content starts inside it, and only `</think>` comes) cannot be known for
 * thinking before that `</think>`: it streams as text, and the `</think>` moves it (`moved:
 * 'thinking'`: all the text given so far was thinking). Such a lone `</think>` counts only when it
 * is the first tag of the reply (no `<think>` came before it, in prose or in code) and begins the
 * reply or a line (`\n</think>`, as these models write it): a reply that merely mentions the tag
 * inline (“split on `</think>`”) stays text. Only the first counts; what follows it is text.
 *
 * A reader made with `templateOpens` (the server's replies were seen to do this) takes the reply
 * to begin inside thinking, unless it opens with `<think>`: the thinking streams as thinking from
 * its first byte, and any `</think>` ends it. Should such a reply end without one, what was taken
 * for thinking was text (`moved: 'text'` at flush); a reply cut before its end (stopped, broken, or
 * at the output limit) keeps it as thinking. `templateOpened` tells what the reply showed.
 *
 * Nothing is held back but an end that may still become a tag (a tag may come cut over chunks): a
 * start that may become `<think>` or `</think>`; inside the thinking, an end that may become
 * `</think>`; in text not yet known for text, one that may become `<think>` or `\n</think>`.
 */
const OPEN = '<think>';
const CLOSE = '</think>';
/** A lone end of thinking, as it ends text that was thinking: at the start of a line. */
const LINE_CLOSE = '\n</think>';

/** The beginnings of a tag, longest first (what an end of text may be, when the tag comes cut). */
const beginnings = (tag: string) => Array.from({ length: tag.length - 1 }, (_, i) => tag.slice(0, tag.length - 1 - i));
const OPEN_BEGINNINGS = beginnings(OPEN);
const CLOSE_BEGINNINGS = beginnings(CLOSE);
const LINE_CLOSE_BEGINNINGS = beginnings(LINE_CLOSE);

/** How long an end of `text` is that may still become one of the tags begun in `beginnings`. */
function heldEnd(text: string, beginnings: string[]): number {
  for (const beginning of beginnings) if (text.endsWith(beginning)) return beginning.length;
  return 0;
}

export interface ContentPieces {
  text: string;
  thinking: string;
  /**
   * Set once, on the piece where what was given before turns out to be the other kind: 'thinking'
   * — all the text given so far was thinking; 'text' — all the thinking given so far was text. It
   * applies before this piece's own thinking and text.
   */
  moved?: 'thinking' | 'text';
}

export class ThinkTags {
  /**
   * 'opened' and 'after': right after a tag, where whitespace is neither thinking nor text;
   * 'untagged': text so far, where a lone `</think>` may still come; 'text': text for good.
   */
  private state: 'start' | 'opened' | 'thinking' | 'after' | 'untagged' | 'text' = 'start';
  private held = '';
  /** The thinking began without a tag: taken to be inside one the chat template wrote. */
  private assumed = false;
  /**
   * What the reply showed of thinking whose `<think>` the chat template wrote: true when a lone
   * `</think>` ended it, false when a reply taken to begin inside it ended without one; undefined
   * when it showed neither.
   */
  templateOpened: boolean | undefined;

  /** `templateOpens`: the reply is taken to begin inside thinking (see the comment above). */
  constructor(private readonly templateOpens = false) {}

  /** A content delta, as the text and the thinking in it (either may be empty). */
  split(delta: string): ContentPieces {
    if (this.state === 'text') return { text: delta, thinking: '' };
    if (this.state === 'untagged') return this.untagged(delta);
    if (this.state === 'start') {
      const all = this.held + delta;
      const start = all.trimStart();
      if (
        (start.length < OPEN.length && OPEN.startsWith(start)) ||
        (start.length < CLOSE.length && CLOSE.startsWith(start))
      ) {
        this.held = all;
        return { text: '', thinking: '' };
      }
      this.held = '';
      if (start.startsWith(OPEN)) {
        this.state = 'opened';
        return this.split(start.slice(OPEN.length));
      }
      if (start.startsWith(CLOSE)) {
        // A lone end before anything: the thinking the template opened was left empty.
        this.templateOpened = true;
        this.state = 'after';
        return this.split(start.slice(CLOSE.length));
      }
      if (this.templateOpens) {
        this.assumed = true;
        this.state = 'thinking';
        return this.inThinking(start);
      }
      this.state = 'untagged';
      return this.untagged(all);
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

  /**
   * At the end of the stream: what was held back, as what it was taken for. `complete`: the reply
   * ended as replies end (not stopped, broken, or cut at the output limit).
   */
  flush(complete = true): ContentPieces {
    const held = this.held;
    this.held = '';
    if (this.state === 'thinking' && this.assumed && complete) {
      this.templateOpened = false;
      this.state = 'text';
      return { text: held, thinking: '', moved: 'text' };
    }
    if (this.state === 'thinking') return { text: '', thinking: held };
    return { text: held, thinking: '' };
  }

  /** Text where no tag came yet: a `<think>` makes it text for good, a lone `</think>` thinking. */
  private untagged(delta: string): ContentPieces {
    // Most deltas have no `<` and do not end a line: nothing in them to find or to hold back.
    if (!this.held && delta.indexOf('<') === -1 && delta.charCodeAt(delta.length - 1) !== 10) {
      return { text: delta, thinking: '' };
    }
    const all = this.held + delta;
    this.held = '';
    const open = all.indexOf(OPEN);
    const close = all.indexOf(LINE_CLOSE);
    if (close !== -1 && (open === -1 || close < open)) {
      this.templateOpened = true;
      this.state = 'after';
      const rest = this.split(all.slice(close + LINE_CLOSE.length));
      return { text: rest.text, thinking: all.slice(0, close), moved: 'thinking' };
    }
    if (open !== -1) {
      this.state = 'text';
      return { text: all, thinking: '' };
    }
    const keep = Math.max(heldEnd(all, OPEN_BEGINNINGS), heldEnd(all, LINE_CLOSE_BEGINNINGS));
    if (keep === 0) return { text: all, thinking: '' };
    this.held = all.slice(all.length - keep);
    return { text: all.slice(0, all.length - keep), thinking: '' };
  }

  private inThinking(delta: string): ContentPieces {
    const all = this.held + delta;
    const end = all.indexOf(CLOSE);
    if (end !== -1) {
      this.held = '';
      this.state = 'after';
      if (this.assumed) this.templateOpened = true;
      const rest = this.split(all.slice(end + CLOSE.length));
      return { text: rest.text, thinking: all.slice(0, end) };
    }
    const keep = heldEnd(all, CLOSE_BEGINNINGS);
    this.held = all.slice(all.length - keep);
    return { text: '', thinking: all.slice(0, all.length - keep) };
  }
}
