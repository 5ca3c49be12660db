/**
 * An error while the skills folder is watched (a hot reload that failed, say because the database
 * was locked by another process, or the watcher's own), as a terminal line says it (`ias serve` and
 * the desktop app), in the owner's language: its words may quote a skill's folder or file name, so
 * every hidden character, a line feed included, is shown as \uXXXX, never obeyed.
 */
import type { Locale } from './locale.js';
import { visibleLine } from './visible-text.js';

const watchErrorWords: Record<Locale, (said: string) => string> = {
  en: (said) => `while watching the skills folder: ${said}`,
  'zh-CN': (said) => `监视技能文件夹时出错：${said}`,
};

export function skillWatchErrorText(err: unknown, locale: Locale = 'en'): string {
  const said = err instanceof Error ? err.message.trim() || err.name : String(err);
  return watchErrorWords[locale](visibleLine(said));
}
