/**
 * An error while the skills folder is watched (a hot reload that failed, say because the database
 * was locked by another process, or the watcher's own), as a terminal line says it (`ias serve` and
 * the desktop app): its words may quote a skill's folder or file name, so every hidden character,
 * a line feed included, is shown as \uXXXX, never obeyed.
 */
import { visibleLine } from './visible-text.js';

export function skillWatchErrorText(err: unknown): string {
  const said = err instanceof Error ? err.message.trim() || err.name : String(err);
  return `while watching the skills folder: ${visibleLine(said)}`;
}
