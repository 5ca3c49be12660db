/**
 * A SKILL.md's line breaks. The editor (CodeMirror) takes any of \r\n, \r and \n for a line break and
 * gives its text back with \n only: what it holds is written back in the file's own line breaks, and
 * compared with the file as it would show it.
 */

/** The line break a text uses: its first (\n in a text of one line). */
export function lineBreakOf(text: string): string {
  return /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
}

/** The editor's text (line breaks \n) with `lineBreak` for each line break. */
export function withLineBreaks(text: string, lineBreak: string): string {
  return lineBreak === '\n' ? text : text.replace(/\n/g, lineBreak);
}

/** The two texts have the same lines, whatever their line breaks: the editor shows them alike. */
export function sameLines(a: string, b: string): boolean {
  return a === b || a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n');
}
