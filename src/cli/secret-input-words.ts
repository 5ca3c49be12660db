/** What is said when a secret typed at a hidden prompt does not come, in English and 简体中文. */
import type { Locale } from '../shared/locale.js';

export interface SecretInputWords {
  /** Put before an error (the label is coloured). */
  error: { label: string; separator: string };
  /** The owner left the prompt with Ctrl-C. */
  cancelled: string;
  /** The terminal's input ended before Enter (the terminal went away). */
  inputEnded: string;
}

export const secretInputWords: Record<Locale, SecretInputWords> = {
  en: {
    error: { label: 'error', separator: ': ' },
    cancelled: 'Cancelled; nothing was saved.',
    inputEnded: "the terminal's input ended before Enter was pressed; nothing was saved",
  },
  'zh-CN': {
    error: { label: '错误', separator: '：' },
    cancelled: '已取消；什么也没有保存。',
    inputEnded: '按下回车之前，终端的输入就结束了；什么也没有保存',
  },
};
