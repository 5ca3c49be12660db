/** What `ias skills config` says of a secret setting's value, in English and 简体中文. */
import { listed } from '../core/skills/skill-config.js';
import type { Locale } from '../shared/locale.js';
import { englishSkillSecrets, type SkillSecretStrings } from '../shared/skill-secrets.js';
import { chineseSkillSecrets } from '../shared/skill-secrets-zh-CN.js';
import { secretInputWords, type SecretInputWords } from './secret-input-words.js';

export interface SkillConfigWords extends SecretInputWords {
  /** A secret given as KEY=VALUE, refused: how to give it instead. */
  secretNotFromArgv: (skill: string, key: string) => string;
  /** The hidden prompt for a secret setting. */
  secretPrompt: (key: string) => string;
  secretTooLong: (key: string) => string;
  /** Why a secret setting is not used, or not saved (see shared/skill-secrets.ts). */
  refused: SkillSecretStrings;
  /** A refusal (`why`) that kept the settings from being saved. */
  notSaved: (why: string) => string;
  /** A secret that is set but is not used: its state in the table. */
  secretNotUsed: string;
  /** Usage errors: an assignment without `=`, two read from stdin, settings the skill does not declare. */
  notAssignment: (text: string) => string;
  twoFromStdin: string;
  unknownSettings: (skill: string, unknown: string[], known: string[]) => string;
}

export const skillConfigWords: Record<Locale, SkillConfigWords> = {
  en: {
    ...secretInputWords.en,
    secretNotFromArgv: (skill, key) =>
      `${key} is a secret, never taken from the command line, where \`ps\` and your shell history show it: ` +
      `run \`ias skills config ${skill} ${key}=-\`, which asks for it on a terminal without showing it, or reads it ` +
      `from stdin (\`… | ias skills config ${skill} ${key}=-\`); nothing was saved`,
    secretPrompt: (key) => `${key} (not shown as you type): `,
    secretTooLong: (key) =>
      `what came on stdin for ${key} is far longer than a secret (over 16 KiB); nothing was saved`,
    refused: englishSkillSecrets,
    notSaved: (why) => `Nothing was saved. ${why}`,
    secretNotUsed: '(secret, set, not used: see below)',
    notAssignment: (text) => `"${text}" is not KEY=VALUE (KEY= clears a setting, KEY=- reads it from stdin)`,
    twoFromStdin: 'only one setting can be read from stdin',
    unknownSettings: (skill, unknown, known) =>
      `${skill} has no setting ${listed(unknown, 'or')}` +
      (known.length > 0 ? `; its settings are ${listed(known, 'and')}` : '; it declares no settings'),
  },
  'zh-CN': {
    ...secretInputWords['zh-CN'],
    secretNotFromArgv: (skill, key) =>
      `${key} 是机密设置，从不通过命令行参数传入（\`ps\` 和 shell 历史会显示它）：请运行 ` +
      `\`ias skills config ${skill} ${key}=-\`，在终端中会提示输入且不显示，也可以通过管道从标准输入读取` +
      `（\`… | ias skills config ${skill} ${key}=-\`）；什么也没有保存`,
    secretPrompt: (key) => `${key}（输入时不显示）：`,
    secretTooLong: (key) => `标准输入中 ${key} 的内容远长于机密设置（超过 16 KiB）；什么也没有保存`,
    refused: chineseSkillSecrets,
    notSaved: (why) => `什么也没有保存。${why}`,
    secretNotUsed: '（机密，已设置，未使用：见下文）',
    notAssignment: (text) => `“${text}”不是 KEY=VALUE 的形式（KEY= 清除一项设置，KEY=- 从标准输入读取它）`,
    twoFromStdin: '只能有一项设置从标准输入读取',
    unknownSettings: (skill, unknown, known) =>
      `${skill} 没有设置 ${unknown.join('、')}` +
      (known.length > 0 ? `；它的设置有 ${known.join('、')}` : '；它没有声明任何设置'),
  },
};
