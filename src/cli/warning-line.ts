/** A warning on the terminal, in the owner's language: "warning: …" or "警告：…" (the label coloured). */
import type { Locale } from '../shared/locale.js';
import { color } from './format.js';

const warningLabel: Record<Locale, { label: string; separator: string }> = {
  en: { label: 'warning', separator: ': ' },
  'zh-CN': { label: '警告', separator: '：' },
};

/** `text` (already made safe to show) after the warning label of `locale`. */
export function warningLine(locale: Locale, text: string): string {
  const { label, separator } = warningLabel[locale];
  return `${color.yellow(label)}${separator}${text}`;
}
