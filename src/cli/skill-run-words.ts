/** What `ias skills run` says of itself (not what the skill wrote), in English and 简体中文. */
import { englishArgsProblems, type ArgsProblemWords } from '../shared/args-problems.js';
import { chineseArgsProblems } from '../shared/args-problems-zh-CN.js';
import type { Locale } from '../shared/locale.js';
import { chatWords, type ChatWords } from './chat-words.js';

export interface RunWords extends Pick<ChatWords, 'error'> {
  /** --params is not JSON: the parser's own (English) reason. */
  badParams: (reason: string) => string;
  /** Arguments the skill's parameter schema refuses. */
  args: ArgsProblemWords;
  /** A failure the skill gave no words for. */
  failed: string;
  note: string;
  outputCut: string;
}

export const runWords: Record<Locale, RunWords> = {
  en: {
    error: chatWords.en.error,
    badParams: (reason) => `--params is not valid JSON: ${reason}`,
    args: englishArgsProblems,
    failed: 'the skill failed',
    note: 'note: ',
    outputCut: 'output was cut at 1 MB',
  },
  'zh-CN': {
    error: chatWords['zh-CN'].error,
    badParams: (reason) => `--params 不是有效的 JSON：${reason}`,
    args: chineseArgsProblems,
    failed: '技能运行失败',
    note: '注意：',
    outputCut: '输出超过 1 MB，已截断',
  },
};
