/** What `ias skills enable` and `ias skills disable` say, in English and 简体中文. */
import type { Locale } from '../shared/locale.js';
import { secretInputWords, type SecretInputWords } from './secret-input-words.js';

export interface SkillSwitchWords extends Pick<SecretInputWords, 'error'> {
  /** The skill's switch now, and whether it already was so. */
  switched: (skill: string, on: boolean, already: boolean) => string;
  /** Put between a coloured label (`note`) and its line. */
  separator: string;
  note: string;
  /** Switched on, it still needs settings to work. */
  needsSettings: (skill: string) => string;
  /** Switched on but not reviewed: each call needs the owner's approval until it is. */
  runsAsHighUntilReviewed: (skill: string) => string;
}

export const skillSwitchWords: Record<Locale, SkillSwitchWords> = {
  en: {
    error: secretInputWords.en.error,
    switched: (skill, on, already) => `${skill} is ${already ? 'already ' : 'now '}${on ? 'on' : 'off'}.`,
    separator: ': ',
    note: 'note',
    needsSettings: (skill) => `it needs settings before it can work: \`ias skills config ${skill}\` shows what to set`,
    runsAsHighUntilReviewed: (skill) =>
      `it runs as high risk (each call needs your approval) until you review it: \`ias skills review ${skill}\``,
  },
  'zh-CN': {
    error: secretInputWords['zh-CN'].error,
    switched: (skill, on, already) => `${skill} ${already ? '已经是' : '现已'}${on ? '启用' : '停用'}状态。`,
    separator: '：',
    note: '提示',
    needsSettings: (skill) => `它需要先完成设置才能工作：\`ias skills config ${skill}\` 会列出需要设置的项`,
    runsAsHighUntilReviewed: (skill) =>
      `在你审核它之前，它按高风险运行（每次调用都需要你确认）：\`ias skills review ${skill}\``,
  },
};
