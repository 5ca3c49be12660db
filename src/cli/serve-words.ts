/** What `ias serve` says of a bad --port or --host, in English and 简体中文. */
import type { Locale } from '../shared/locale.js';
import { chatWords, type ChatWords } from './chat-words.js';

export interface ServeWords {
  /** Put before an error (the label is coloured). */
  error: ChatWords['error'];
  badPort: (text: string) => string;
  emptyHost: string;
}

export const serveWords: Record<Locale, ServeWords> = {
  en: {
    error: chatWords.en.error,
    badPort: (text) => `--port must be a number from 0 to 65535, not "${text}"`,
    emptyHost: '--host must not be empty',
  },
  'zh-CN': {
    error: chatWords['zh-CN'].error,
    badPort: (text) => `--port 须为 0 到 65535 之间的数字，而不是“${text}”`,
    emptyHost: '--host 不能为空',
  },
};
