/**
 * Where a front-matter key's text value stands in the file, to point at a line inside it (a JSON
 * error in `parameters`): on the key's own line, or, for a block scalar (`parameters: |` or `>`,
 * then indented lines), on the lines after it.
 */

export interface ValueLines {
  /** The file line the value's text begins on. */
  line: number;
  /** A block scalar's lines as the file has them, from `line` on: what a line inside it is counted in. */
  source?: string;
}

/** `|` or `>`, with an optional chomping and indentation indicator, and an optional comment. */
const BLOCK_HEADER = /^[|>][-+1-9]{0,2}\s*(#.*)?$/;

/**
 * The value of the key on file line `keyLine`; `fmLines` are the front matter's lines, the first
 * of them file line 2 (after the opening `---`).
 */
export function valueLines(fmLines: readonly string[], keyLine: number): ValueLines {
  const keyText = fmLines[keyLine - 2] ?? '';
  const value = keyText.slice(keyText.indexOf(':') + 1).trim();
  if (!BLOCK_HEADER.test(value)) return { line: keyLine };
  const indent = keyText.length - keyText.trimStart().length;
  const block: string[] = [];
  for (const line of fmLines.slice(keyLine - 1)) {
    if (line.trim() !== '' && line.length - line.trimStart().length <= indent) break;
    block.push(line);
  }
  return { line: keyLine + 1, source: block.join('\n') };
}
