/**
 * Text as the owner must read it where they decide (an approval, in WeChat, in the app or at the
 * terminal): every character visible for what it is, so the parameters shown are the parameters
 * that run.
 */

/**
 * Emoji glue, kept as it is: the emoji presentation selector after a pictograph (⚠️) or before a
 * keycap (1️⃣), and the zero-width joiner between two pictographs (👨‍👩‍👧, 🏳️‍🌈). Each only changes how
 * an emoji is drawn, so it hides no text; the same characters anywhere else are shown.
 */
const EMOJI_GLUE = [
  String.raw`(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?)\uFE0F`,
  String.raw`(?<=[0-9#*])\uFE0F(?=\u20E3)`,
  String.raw`(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})`,
].join('|');

/**
 * Characters that could change how the rest reads, or hide that they are there: control characters
 * (C0, DEL, C1: terminal escapes, carriage returns, vertical tabs, form feeds, backspaces), line and
 * paragraph separators, format characters (the marks that reorder text, zero-width spaces and
 * joiners, the byte-order mark, tag characters), every other character Unicode says to draw as
 * nothing (fillers, variation selectors), and halves of surrogate pairs standing alone. A tab, a
 * line feed and emoji glue are the only ones kept as they are.
 */
const HIDDEN = new RegExp(
  String.raw`(?![\t\n])(?!${EMOJI_GLUE})[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|\p{Cs}`,
  'gu',
);

/** One character {@link visibleText} writes as \uXXXX, for a matcher of its own (an editor's). */
export const HIDDEN_CHARACTER = new RegExp(HIDDEN.source, 'u');

/**
 * What a terminal obeys or reorders by: the control characters (C0, DEL and C1, but tab and line
 * feed) and the marks that reorder text (embeddings, overrides, isolates, direction marks).
 */
const CONTROLS = /(?![\t\n])\p{Cc}|\p{Bidi_Control}/gu;

/** A character written as \uXXXX (one per UTF-16 unit, as JSON writes it). */
const escapedChar = (c: string): string =>
  Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** `text` with each hidden character written as \uXXXX (tabs and line feeds stay as they are). */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, escapedChar);
}

/** `text` on one line: a line feed is written as \u000a too. */
export function visibleLine(text: string): string {
  return visibleText(text).replace(/\n/g, escapedChar);
}

/**
 * Prose for a terminal (a model's reply as it streams, a skill's output): its control characters
 * and reordering marks written as \uXXXX, so it cannot move the cursor, rewrite a line, reorder
 * one or change how what comes after it shows; the rest of Unicode (an emoji's joiners,
 * right-to-left text) as it is.
 */
export function withControlsShown(text: string): string {
  return text.replace(CONTROLS, escapedChar);
}

/** Blank lines in a row from which on they are counted, not drawn. */
const BLANK_LINES_COUNTED = 8;
/** Spaces or tabs in a row from which on they are counted, not drawn. */
const BLANKS_COUNTED = 32;
const BLANK_LINE = /^[\t\p{Zs}]*$/u;
const LONG_BLANKS = new RegExp(String.raw`[\t\p{Zs}]{${BLANKS_COUNTED},}`, 'gu');

/** How a run of one blank character is counted: "[5000 个空格 spaces]". */
function countedBlanks(run: string): string {
  const c = run[0]!;
  const n = run.length;
  if (c === ' ') return `[${n} 个空格 ${n === 1 ? 'space' : 'spaces'}]`;
  if (c === '\t') return `[${n} 个制表符 ${n === 1 ? 'tab' : 'tabs'}]`;
  return `[${n} × ${escapedChar(c)}]`;
}

/**
 * Text (as {@link visibleText} writes it) with long runs of blank space counted instead of drawn:
 * 8 blank lines or more in a row as one line "[N 个空行 blank lines]" (a line of spaces alone is
 * blank), 32 spaces or tabs or more in a row as "[N 个空格 spaces]" (each kind of blank counted on
 * its own). So where the owner decides, nothing in a value can sit out of sight below or beside
 * screens of blank space; shorter runs (indentation, a paragraph's break) stay as they are.
 */
export function withBlankRunsCounted(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let blank = 0; // blank lines in a row at the end of out
  const endBlanks = () => {
    if (blank >= BLANK_LINES_COUNTED) out.splice(out.length - blank, blank, `[${blank} 个空行 blank lines]`);
    blank = 0;
  };
  for (const line of lines) {
    if (BLANK_LINE.test(line)) blank++;
    else endBlanks();
    out.push(
      line.replace(LONG_BLANKS, (run) =>
        run
          .match(/(.)\1*/gsu)!
          .map(countedBlanks)
          .join(''),
      ),
    );
  }
  endBlanks();
  return out.join('\n');
}

/** A word as a look-alike could hide in it: letters, digits and what joins an address, a path or a URL. */
const WORD = /[\p{L}\p{M}\p{N}._\-@/:~+%]+/gu;
/**
 * Letters drawn like Latin ones but of other scripts (Cyrillic а, Greek ο, Armenian, Cherokee), and
 * Latin letters of the phonetic blocks (ɑ, ᴀ) and the dotless ı, which read as plain a, i.
 */
const LOOK_ALIKE =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\u0250-\u02af\u1d00-\u1dbf\u0131]/gu;

/**
 * Text with every letter that could pass for a Latin one written as \uXXXX, in a word that has
 * plain Latin letters too (boss@ex\u0430mple.com): such a word reads as one address and is
 * another. A word of one script (Привет) stays as it is.
 */
export function withLookAlikesShown(text: string): string {
  return text.replace(WORD, (word) => (/[A-Za-z]/.test(word) ? word.replace(LOOK_ALIKE, escapedChar) : word));
}

/**
 * A parameter's value as the owner reads it where they decide (WeChat, the app's card, the
 * terminal): hidden characters and look-alike letters as \uXXXX, long blank runs counted.
 */
export function shownToDecide(text: string): string {
  return withBlankRunsCounted(withLookAlikesShown(visibleText(text)));
}
