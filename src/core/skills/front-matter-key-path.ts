/**
 * The line of a key nested in front matter (`locales:` → `zh-CN:` → `title:`), found by the lines'
 * indentation: YAML's parser gives values, not where they were written. Read with string
 * operations only: a pattern for a key backtracks over a long line.
 */

/** A block mapping line's key (plain or quoted), or undefined when the line is no `key:` line. */
function keyOf(text: string): string | undefined {
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, 1);
    if (end < 0) return undefined;
    const rest = text.slice(end + 1).trimStart();
    return rest.startsWith(':') ? text.slice(1, end) : undefined;
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const after = text[colon + 1];
  if (after !== undefined && after !== ' ' && after !== '\t') return undefined;
  return text.slice(0, colon).trimEnd();
}

/**
 * The file line of the deepest key of `path` found (undefined when not even the first is), each
 * key looked for among the lines its parent's block holds, at the indentation of that block's
 * first line; `fmLines` are the front matter's lines, the first of them file line 2.
 */
export function keyPathLine(fmLines: readonly string[], path: readonly string[]): number | undefined {
  let found: number | undefined;
  let from = 0;
  let parentIndent = -1;
  for (const key of path) {
    let blockIndent: number | undefined;
    let hit: number | undefined;
    for (let i = from; i < fmLines.length; i++) {
      const line = fmLines[i]!;
      const text = line.trimStart();
      if (text === '' || text.startsWith('#')) continue;
      const indent = line.length - text.length;
      if (indent <= parentIndent) break;
      blockIndent ??= indent;
      if (indent === blockIndent && keyOf(text) === key) {
        hit = i;
        break;
      }
    }
    if (hit === undefined) return found;
    found = hit + 2;
    from = hit + 1;
    parentIndent = blockIndent!;
  }
  return found;
}
