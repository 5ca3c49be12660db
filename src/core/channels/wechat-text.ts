/** Replies for WeChat: markdown made readable as plain text, long text split at sensible places. */
import { imitatesIas } from './ias-imitation.js';

export const WECHAT_CHUNK = 1800;

/** Where a piece of code waits while the text around it is made plain (private-use characters). */
const CODE_HELD = /\uE000(\d+)\uE001/g;

/**
 * Markdown as plain text. A heading is its text after a bar (▍), on its own line: never in 【…】,
 * the banner of iAs's own messages (see ias-imitation.ts). Code (a fenced block, a `span`) is
 * shown as written: a `# comment` in it is no heading, `__init__` no bold, a diff's `- old` no
 * list item.
 */
export function markdownToPlain(markdown: string): string {
  const code: string[] = [];
  const hold = (text: string) => `\uE000${code.push(text) - 1}\uE001`;
  return markdown
    .replace(/```[^\n]*\n([\s\S]*?)```/g, (_, block: string) => hold(block.replace(/\n$/, '')))
    .replace(/`([^`]+)`/g, (_, span: string) => hold(span))
    .replace(/^#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm, '▍$1')
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\*)/g, '$1')
    .replace(/!\[([^\]]*)\]\(([^)]+)\)/g, '$1 $2')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
    .replace(/^\s*[-*+]\s+/gm, '• ')
    .replace(/^>\s?/gm, '｜')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(CODE_HELD, (held, i: string) => code[Number(i)] ?? held);
}

/** Pieces of at most `max` characters, cut at a paragraph, then a line, then a sentence, if one is near. */
export function splitForWechat(text: string, max = WECHAT_CHUNK): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = [
      window.lastIndexOf('\n\n'),
      window.lastIndexOf('\n'),
      Math.max(window.lastIndexOf('。'), window.lastIndexOf('. ')),
    ].find((i) => i > max * 0.5);
    // Not inside a character (an emoji, a flag, a letter with its accent) when no better place is near.
    const at = cut !== undefined && cut > 0 ? cut + 1 : wholeCharactersWithin(rest, max);
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * A model's reply (or other words iAs did not write, such as a provider's error) in WeChat pieces.
 * One that reads like iAs's own messages (see imitatesIas) has `warning` first in every piece, so
 * no piece of it passes for a message of iAs's.
 */
export function modelReplyPieces(text: string, warning: string, max = WECHAT_CHUNK): string[] {
  // A piece's text is part of the whole's, so looking at the whole finds whatever a piece shows.
  if (!imitatesIas(text)) return splitForWechat(text, max);
  return splitForWechat(text, max - warning.length - 1).map((piece) => `${warning}\n${piece}`);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** How far past a cut the characters are looked at to tell where the one there ends. */
const CHARACTER_LOOKAHEAD = 64;

/**
 * The length of the longest start of `text`, at most `max` (UTF-16 units), that ends between two
 * characters as shown: an emoji with its joiners and styles, a flag's two letters, a letter and its
 * accents are one. A character longer than `max` is cut, but never between a surrogate pair's halves.
 */
function wholeCharactersWithin(text: string, max: number): number {
  let end = 0;
  for (const { index } of graphemes.segment(text.slice(0, max + CHARACTER_LOOKAHEAD))) {
    if (index > max) break;
    end = index;
  }
  if (end > 0) return end;
  return max - (isHighSurrogate(text.charCodeAt(max - 1)) ? 1 : 0);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
