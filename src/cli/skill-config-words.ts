/** What `ias skills config` says (its table, its notes, its usage errors), in English and 简体中文. */
import { englishApiErrors } from '../shared/api-errors.js';
import { chineseApiErrors } from '../shared/api-errors-zh-CN.js';
import type { Locale } from '../shared/locale.js';
import { listed } from '../shared/name-lists.js';
import { englishSkillSecrets, type SkillSecretStrings } from '../shared/skill-secrets.js';
import { chineseSkillSecrets } from '../shared/skill-secrets-zh-CN.js';
import { secretInputWords, type SecretInputWords } from './secret-input-words.js';

export interface SkillConfigWords extends SecretInputWords {
  /** A secret given as KEY=VALUE, refused: how to give it instead. */
  secretNotFromArgv: (skill: string, key: string) => string;
  /** The hidden prompt for a secret setting. */
  secretPrompt: (key: string) => string;
  secretTooLong: (key: string) => string;
  /** A value longer than a setting may hold (`max` characters), as the app says it. */
  tooLong: (key: string, max: number) => string;
  /** Why a secret setting is not used, or not saved (see shared/skill-secrets.ts). */
  refused: SkillSecretStrings;
  /** A refusal (`why`) that kept the settings from being saved. */
  notSaved: (why: string) => string;
  /** A secret that is set but is not used: its state in the table. */
  secretNotUsed: string;
  /** Usage errors: an assignment without `=`, two read from stdin, settings the skill does not declare. */
  notAssignment: (text: string) => string;
  twoFromStdin: string;
  /** `KEY=-` and nothing came (an empty pipe, Enter alone): refused, so a saved value is not lost. */
  nothingFromStdin: (key: string) => string;
  unknownSettings: (skill: string, unknown: string[], known: string[]) => string;
  /** The table: a skill without settings, the column headings. */
  noSettings: (skill: string) => string;
  headers: [setting: string, value: string, needed: string, description: string];
  /** A plain setting's value: its default, or none. */
  byDefault: (value: string) => string;
  notSet: string;
  /** A secret's state: set (and the desktop app uses a newer copy), set in the desktop app alone, not set. */
  secret: { set: string; setAppNewer: string; sealedByApp: string; notSet: string };
  /** The NEEDED column: required, one of a group (its name), optional. */
  required: string;
  oneOf: (group: string) => string;
  optional: string;
  /** Put between a coloured label (a setting's name, `note`, what is still to set) and its line. */
  separator: string;
  note: string;
  /** Secrets the desktop app alone holds: `ias` cannot read them. */
  sealedOnly: (skill: string, names: string[]) => string;
  stillToSet: string;
  stillToSetFromIas: string;
  /** Between what is still to set. */
  listSeparator: string;
  /** Once all the skill needs is set: `saved` (coloured), then the rest. */
  saved: string;
  hasWhatItNeeds: (skill: string) => string;
  /** Then, for a skill switched off: how to switch it on. */
  switchedOff: (skill: string) => string;
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
    tooLong: (name, max) => englishApiErrors['setting-too-long']({ name, max }),
    refused: englishSkillSecrets,
    notSaved: (why) => `Nothing was saved. ${why}`,
    secretNotUsed: '(secret, set, not used: see below)',
    notAssignment: (text) => `"${text}" is not KEY=VALUE (KEY= clears a setting, KEY=- reads it from stdin)`,
    twoFromStdin: 'only one setting can be read from stdin',
    nothingFromStdin: (key) => `no value came for ${key}; nothing was saved (\`${key}=\` clears it)`,
    unknownSettings: (skill, unknown, known) =>
      `${skill} has no setting ${listed(unknown, 'or')}` +
      (known.length > 0 ? `; its settings are ${listed(known, 'and')}` : '; it declares no settings'),
    noSettings: (skill) => `${skill} has no settings.`,
    headers: ['SETTING', 'VALUE', 'NEEDED', 'DESCRIPTION'],
    byDefault: (value) => `${value} (default)`,
    notSet: '(not set)',
    secret: {
      set: '(secret, set)',
      setAppNewer: '(secret, set; the desktop app uses a newer copy it sealed with the OS keychain)',
      sealedByApp: '(secret, set in the desktop app, sealed with the OS keychain: `ias` cannot read it)',
      notSet: '(secret, not set)',
    },
    required: 'required',
    oneOf: (group) => `one of "${group}"`,
    optional: 'optional',
    separator: ': ',
    note: 'note',
    sealedOnly: (skill, names) => {
      const [these, are, them] = names.length === 1 ? [names[0], 'is', 'it'] : [names.join(', '), 'are', 'them'];
      return (
        `${these} ${are} set in the desktop app, sealed with the OS keychain, which \`ias\` cannot read: ` +
        `the app's runs of ${skill} use ${them}; runs started from \`ias\` go without. To use ${them} from ` +
        `\`ias\` too, set ${them} here as well (\`ias skills config ${skill} ${names[0]}=-\` reads the value from stdin).`
      );
    },
    stillToSet: 'Still to set',
    stillToSetFromIas: 'Still to set for runs from `ias`',
    listSeparator: '; ',
    saved: 'Saved.',
    hasWhatItNeeds: (skill) => `${skill} has what it needs.`,
    switchedOff: (skill) => `It is switched off: \`ias skills enable ${skill}\` switches it on.`,
  },
  'zh-CN': {
    ...secretInputWords['zh-CN'],
    secretNotFromArgv: (skill, key) =>
      `${key} 是机密设置，从不通过命令行参数传入（\`ps\` 和 shell 历史会显示它）：请运行 ` +
      `\`ias skills config ${skill} ${key}=-\`，在终端中会提示输入且不显示，也可以通过管道从标准输入读取` +
      `（\`… | ias skills config ${skill} ${key}=-\`）；什么也没有保存`,
    secretPrompt: (key) => `${key}（输入时不显示）：`,
    secretTooLong: (key) => `标准输入中 ${key} 的内容远长于机密设置（超过 16 KiB）；什么也没有保存`,
    tooLong: (name, max) => chineseApiErrors['setting-too-long']({ name, max }),
    refused: chineseSkillSecrets,
    notSaved: (why) => `什么也没有保存。${why}`,
    secretNotUsed: '（机密，已设置，未使用：见下文）',
    notAssignment: (text) => `“${text}”不是 KEY=VALUE 的形式（KEY= 清除一项设置，KEY=- 从标准输入读取它）`,
    twoFromStdin: '只能有一项设置从标准输入读取',
    nothingFromStdin: (key) => `没有收到 ${key} 的值；什么也没有保存（要清除它，请用 \`${key}=\`）`,
    unknownSettings: (skill, unknown, known) =>
      `${skill} 没有设置 ${unknown.join('、')}` +
      (known.length > 0 ? `；它的设置有 ${known.join('、')}` : '；它没有声明任何设置'),
    noSettings: (skill) => `${skill} 没有设置项。`,
    headers: ['设置项', '值', '是否必填', '说明'],
    byDefault: (value) => `${value}（默认值）`,
    notSet: '（未设置）',
    secret: {
      set: '（机密，已设置）',
      setAppNewer: '（机密，已设置；桌面应用使用它用系统钥匙串加密保存的一个更新的副本）',
      sealedByApp: '（机密，已在桌面应用中设置，用系统钥匙串加密保存：`ias` 无法读取）',
      notSet: '（机密，未设置）',
    },
    required: '必填',
    oneOf: (group) => `“${group}”中必填其一`,
    optional: '可选',
    separator: '：',
    note: '注意',
    sealedOnly: (skill, names) => {
      const [these, them] = names.length === 1 ? [names[0], '它'] : [names.join('、'), '它们'];
      return (
        `${these} 已在桌面应用中设置，并用系统钥匙串加密保存，\`ias\` 无法读取：应用中运行 ${skill} 时会使用${them}；` +
        `从 \`ias\` 启动的运行则没有。要在 \`ias\` 中也使用${them}，请在这里再设置一次` +
        `（\`ias skills config ${skill} ${names[0]}=-\` 从标准输入读取值）。`
      );
    },
    stillToSet: '还需设置',
    stillToSetFromIas: '从 `ias` 启动的运行还需设置',
    listSeparator: '；',
    saved: '已保存。',
    hasWhatItNeeds: (skill) => `${skill} 所需的设置已齐全。`,
    switchedOff: (skill) => `它目前已停用：\`ias skills enable ${skill}\` 可以启用它。`,
  },
};
