/**
 * Commander's own errors (an unknown option or command, an option without its value, a missing or
 * an extra argument) in the owner's language: in 简体中文 by the fixed shapes commander 14 says
 * them in, placeholders as the help says them; any other as commander said it.
 */
import type { Locale } from '../shared/locale.js';
import { chineseHelpTerms } from './help-words-zh-CN.js';
import { placeholdersSaid } from './owner-language-help.js';

const suggested = (oneOf: string | undefined, similar: string | undefined) =>
  similar === undefined ? '' : oneOf ? `（是否想用以下之一：${similar}？）` : `（是否想用 ${similar}？）`;

const SUGGESTION = String.raw`(?:\n\(Did you mean (one of )?(.*)\?\))?`;

const chinese: [RegExp, (...parts: (string | undefined)[]) => string][] = [
  [
    new RegExp(String.raw`^error: unknown option '(.*)'${SUGGESTION}$`, 's'),
    (flag, oneOf, similar) => `未知选项 '${flag}'${suggested(oneOf, similar)}`,
  ],
  [
    new RegExp(String.raw`^error: unknown command '(.*)'${SUGGESTION}$`, 's'),
    (name, oneOf, similar) => `未知命令 '${name}'${suggested(oneOf, similar)}`,
  ],
  // The option's and the argument's placeholders as the help after the error says them.
  [/^error: option '(.*)' argument missing$/s, (flags) => `选项 '${placeholdersSaid(flags ?? '')}' 缺少值`],
  [
    /^error: missing required argument '(.*)'$/s,
    (name) => `缺少必需的参数 '${chineseHelpTerms.placeholders[name ?? ''] ?? name}'`,
  ],
  [
    /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/s,
    (command, expected, got) => `${command ? `${command} 的` : ''}参数过多：应为 ${expected} 个，收到 ${got} 个`,
  ],
];

/** `text` as commander wrote it (`error: …` and a line break), said in `locale`. */
export function sayCommanderError(text: string, locale: Locale): string {
  if (locale !== 'zh-CN') return text;
  const message = text.replace(/\n$/, '');
  for (const [shape, say] of chinese) {
    const parts = shape.exec(message);
    if (parts) return `错误：${say(...parts.slice(1))}\n`;
  }
  return text;
}
