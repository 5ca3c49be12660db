/** Splits a SKILL.md body into its title, first paragraph and `##` sections, keeping line numbers. */

export interface FencedBlock {
  language: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export interface Section {
  heading: string;
  /** 1-based line of the `##` heading. */
  line: number;
  /** Text lines outside code fences, with their line numbers. */
  text: { line: number; text: string }[];
  blocks: FencedBlock[];
}

export interface MarkdownOutline {
  title?: { text: string; line: number };
  /** The first paragraph before any `##` section. */
  paragraph?: { text: string; line: number };
  sections: Section[];
  /** A code fence that is opened and never closed. */
  unclosedFence?: number;
}

// Each part takes characters the next cannot, so a long line is read once, never backtracked over.
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

/**
 * The text of an ATX heading of exactly `level` #s (`## Execute ##` is "Execute"), or undefined:
 * found by string operations, as a pattern such as `(.*?)\s*#*\s*$` takes time growing with the
 * square of a long run of spaces, and one line of a SKILL.md could freeze loading.
 */
export function headingText(raw: string, level: number): string | undefined {
  if (raw.length <= level || !raw.startsWith('#'.repeat(level))) return undefined;
  const after = raw.slice(level);
  const text = after.trimStart();
  if (text.length === after.length) return undefined; // `#Title`, or `###` for a `##`
  let end = text.trimEnd().length;
  while (end > 0 && text[end - 1] === '#') end -= 1;
  return text.slice(0, end).trimEnd();
}

/**
 * @param lines the body's lines
 * @param firstLine the file line number of `lines[0]`
 */
export function outlineMarkdown(lines: string[], firstLine: number): MarkdownOutline {
  const outline: MarkdownOutline = { sections: [] };
  let current: Section | undefined;
  let paragraph: string[] = [];
  let paragraphLine = 0;
  let paragraphDone = false;
  let fence: { marker: string; language: string; line: number; body: string[] } | undefined;

  const endParagraph = () => {
    if (!paragraphDone && paragraph.length > 0) {
      outline.paragraph = { text: paragraph.join(' ').trim(), line: paragraphLine };
      paragraphDone = true;
    }
    paragraph = [];
  };

  lines.forEach((raw, index) => {
    const line = firstLine + index;
    if (fence) {
      const close = raw.match(/^ {0,3}(`{3,}|~{3,})\s*$/);
      if (close && close[1]![0] === fence.marker[0] && close[1]!.length >= fence.marker.length) {
        current?.blocks.push({
          language: fence.language,
          body: fence.body.join('\n'),
          line: fence.line,
        });
        fence = undefined;
      } else {
        fence.body.push(raw);
      }
      return;
    }
    const open = raw.match(FENCE);
    if (open) {
      endParagraph();
      fence = { marker: open[1]!, language: (open[2] ?? '').toLowerCase(), line, body: [] };
      return;
    }
    const h1 = headingText(raw, 1);
    if (h1 !== undefined && !current) {
      endParagraph();
      outline.title ??= { text: h1, line };
      return;
    }
    const h2 = headingText(raw, 2);
    if (h2 !== undefined) {
      endParagraph();
      paragraphDone = true;
      current = { heading: h2, line, text: [], blocks: [] };
      outline.sections.push(current);
      return;
    }
    if (current) {
      current.text.push({ line, text: raw });
      return;
    }
    if (raw.trim() === '' || /^#{1,6}\s/.test(raw)) {
      endParagraph();
    } else if (!paragraphDone) {
      if (paragraph.length === 0) paragraphLine = line;
      paragraph.push(raw.trim());
    }
  });
  endParagraph();
  if (fence) outline.unclosedFence = fence.line;
  return outline;
}

/** The first non-empty line of a section's text, with markdown emphasis removed. */
export function firstTextLine(section: Section): { line: number; text: string } | undefined {
  for (const entry of section.text) {
    const text = entry.text.replace(/[*_`>]/g, '').trim();
    if (text !== '') return { line: entry.line, text };
  }
  return undefined;
}
