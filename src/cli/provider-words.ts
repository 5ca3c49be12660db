/**
 * The words `ias provider` says itself, in English and 简体中文 (a provider's failure and the lines
 * about what to configure come from the shared turn-message tables, as in the UI and `ias chat`).
 */
import type { Locale } from '../shared/locale.js';
import { chinesePresetLabels } from '../shared/preset-labels-zh-CN.js';
import type { TurnMessageStrings } from '../shared/turn-messages.js';
import { cliTurnMessages } from './cli-turn-messages.js';
import { secretInputWords, type SecretInputWords } from './secret-input-words.js';

export interface ProviderWords extends SecretInputWords {
  heading: string;
  /** Row labels, padded so that the values line up. */
  labels: { preset: string; baseUrl: string; model: string; apiKey: string };
  notSet: string;
  noPreset: string;
  /** A preset's name (its label, in this language where it has one of its own). */
  presetName: (preset: { id: string; label: string }) => string;
  /** The preset row's value: the id given to `--preset`, and its name. */
  presetRow: (id: string, name: string) => string;
  /** Where a base URL or model comes from, in brackets (`id`: the preset's, as given to `--preset`). */
  fromSettings: string;
  fromPreset: (id: string) => string;
  fromEnv: (variable: string, saved?: string) => string;
  keyFromEnv: (savedIn?: string) => string;
  keySaved: (file: string) => string;
  /** Added when the desktop app uses a newer key it sealed with the OS keychain. */
  appUsesItsOwnKey: string;
  /** The only key is the one the desktop app sealed: `ias` cannot read it. */
  keyOnlyInApp: string;
  keyNotSet: (neededBy?: string) => string;
  /** How to save a provider from the terminal (also said by `ias chat` when none is configured). */
  setHint: string;
  saved: string;
  /** The hidden prompt; `kept` says Enter keeps the saved key. */
  keyPrompt: (kept: boolean) => string;
  needsKeyNote: (preset: string) => string;
  /** A saved key for another server (`keyFor`, '' none yet) than the one in use: not sent. */
  keyForOtherServer: (keyFor: string, file: string) => string;
  /** Moved to `server` without a new key: the saved one stays with its own (`keyFor`). */
  keyStaysNote: (keyFor: string, server: string) => string;
  unknownPreset: (name: string, presets: string) => string;
  keyNotFromArgv: string;
  emptyKey: string;
  keyWithSpaces: string;
  /** A key with characters other than printable ASCII (a NUL, a letter of another script). */
  keyNotPrintable: string;
  keyTooLong: string;
  emptyModel: string;
  nothingToSet: string;
  keyCleared: (sealedToo: boolean) => string;
  noKeyToClear: string;
  envKeyStillUsed: string;
  /** The lines about how a turn (here, the test) went, by their codes. */
  turn: TurnMessageStrings;
}

const english: ProviderWords = {
  ...secretInputWords.en,
  heading: 'The model `ias chat` uses now:',
  labels: { preset: 'Preset:   ', baseUrl: 'Base URL: ', model: 'Model:    ', apiKey: 'API key:  ' },
  notSet: 'not set',
  noPreset: 'none (a server of your own)',
  presetName: (preset) => preset.label,
  presetRow: (id, name) => `${id} — ${name}`,
  fromSettings: '(saved)',
  fromPreset: (id) => `(the default of the preset ${id})`,
  fromEnv: (variable, saved) =>
    `(from ${variable} in the environment${saved === undefined ? '' : `, over the saved ${saved}`})`,
  keyFromEnv: (savedIn) =>
    `set by IAS_LLM_API_KEY${savedIn ? ` (the key saved in ${savedIn} is not used while it is set)` : ''}`,
  keySaved: (file) => `set (saved in ${file})`,
  appUsesItsOwnKey:
    '; the desktop app uses a newer key it sealed with the OS keychain, which `ias` cannot read (set the key here again to use one key in both)',
  keyOnlyInApp:
    'set in the desktop app, sealed with the OS keychain, which `ias` cannot read: `ias chat` sends no key. Save it for `ias` with `ias provider set --key-stdin` (the app then uses that one too, as the newer)',
  keyNotSet: (neededBy) => `not set${neededBy ? ` (${neededBy} needs one)` : ''}`,
  setHint:
    'To save a provider for every `ias chat`: `ias provider set --preset NAME` (or `--base-url URL --model MODEL`); it asks for the API key on a terminal, or reads it with `--key-stdin`. `ias provider --help` says more.',
  saved: 'Saved.',
  keyPrompt: (kept) => `API key (not shown as you type; Enter ${kept ? 'keeps the saved one' : 'leaves none'}): `,
  needsKeyNote: (preset) =>
    `${preset} needs an API key, and none is saved: pipe it in with \`ias provider set --key-stdin\`, or run \`ias provider set\` on a terminal.`,
  keyForOtherServer: (keyFor, file) =>
    `none sent: the key saved in ${file} is ${keyFor ? `for ${keyFor}` : 'for no server yet'}, not this server (set IAS_LLM_API_KEY, or save this server's key with \`ias provider set --key-stdin\`)`,
  keyStaysNote: (keyFor, server) =>
    `The saved API key stays with ${keyFor || 'no server'} and is not sent to ${server}. Give this server's key with \`ias provider set --key-stdin\` (or IAS_LLM_API_KEY), or move back to use the saved one.`,
  unknownPreset: (name, presets) => `there is no preset "${name}"; the presets are:\n${presets}`,
  keyNotFromArgv:
    'the API key is never taken from the command line, where `ps` and your shell history show it: pipe it in with --key-stdin, or run `ias provider set` on a terminal to type it unseen',
  emptyKey: 'no API key came on stdin; nothing was saved',
  keyWithSpaces: 'an API key has no spaces or line breaks, and what came has some; nothing was saved',
  keyNotPrintable:
    'an API key is letters, digits and punctuation (printable ASCII), and what came has other characters (a file saved as UTF-16?); nothing was saved',
  keyTooLong: 'what came on stdin is far longer than an API key (over 16 KiB); nothing was saved',
  emptyModel: '--model needs a model name',
  nothingToSet: 'nothing to set: give --preset, --base-url, --model or --key-stdin',
  keyCleared: (sealedToo) =>
    `The saved API key was removed${sealedToo ? ", with the desktop app's copy sealed with the OS keychain" : ''}.`,
  noKeyToClear: 'No API key was saved.',
  envKeyStillUsed: 'IAS_LLM_API_KEY is still set in this environment, and is used while it is.',
  turn: cliTurnMessages.en,
};

const chinese: ProviderWords = {
  ...secretInputWords['zh-CN'],
  heading: '`ias chat` 现在使用的模型：',
  labels: { preset: '预设：', baseUrl: '接口地址：', model: '模型：', apiKey: 'API 密钥：' },
  notSet: '未设置',
  noPreset: '无（你自己的服务）',
  presetName: (preset) => chinesePresetLabels[preset.id] ?? preset.label,
  presetRow: (id, name) => `${id} — ${name}`,
  fromSettings: '（已保存的设置）',
  fromPreset: (id) => `（预设 ${id} 的默认值）`,
  fromEnv: (variable, saved) => `（来自环境变量 ${variable}${saved === undefined ? '' : `，覆盖了已保存的 ${saved}`}）`,
  keyFromEnv: (savedIn) =>
    `已由 IAS_LLM_API_KEY 设置${savedIn ? `（设置了它时，不使用保存在 ${savedIn} 的密钥）` : ''}`,
  keySaved: (file) => `已设置（保存在 ${file}）`,
  appUsesItsOwnKey:
    '；桌面应用使用它用系统钥匙串加密保存的一个更新的密钥，`ias` 无法读取（在这里再设置一次密钥，两者便使用同一个）',
  keyOnlyInApp:
    '已在桌面应用中设置，并用系统钥匙串加密保存，`ias` 无法读取：`ias chat` 不会发送密钥。请用 `ias provider set --key-stdin` 为 `ias` 保存它（之后应用也会使用这个更新的密钥）',
  keyNotSet: (neededBy) => `未设置${neededBy ? `（${neededBy} 需要密钥）` : ''}`,
  setHint:
    '要保存服务商、让每次 `ias chat` 都使用：`ias provider set --preset 名称`（或 `--base-url 地址 --model 模型`）；在终端中会提示输入 API 密钥，也可以用 `--key-stdin` 从标准输入读取。详见 `ias provider --help`。',
  saved: '已保存。',
  keyPrompt: (kept) => `API 密钥（输入时不显示；直接回车${kept ? '保留已保存的密钥' : '表示不设置'}）：`,
  needsKeyNote: (preset) =>
    `${preset} 需要 API 密钥，但还没有保存：请用 \`ias provider set --key-stdin\` 通过管道输入，或在终端中运行 \`ias provider set\`。`,
  keyForOtherServer: (keyFor, file) =>
    `不发送：保存在 ${file} 的密钥${keyFor ? `属于 ${keyFor}` : '还不属于任何服务'}，不属于这个服务（请设置 IAS_LLM_API_KEY，或用 \`ias provider set --key-stdin\` 保存这个服务的密钥）`,
  keyStaysNote: (keyFor, server) =>
    `已保存的 API 密钥仍属于 ${keyFor || '（无服务）'}，不会发送给 ${server}。请用 \`ias provider set --key-stdin\`（或 IAS_LLM_API_KEY）提供这个服务的密钥，或改回原来的服务以使用已保存的密钥。`,
  unknownPreset: (name, presets) => `没有名为“${name}”的预设；可用的预设有：\n${presets}`,
  keyNotFromArgv:
    'API 密钥从不通过命令行参数传入（`ps` 和 shell 历史会显示它）：请用 --key-stdin 通过管道输入，或在终端中运行 `ias provider set`，输入时不会显示',
  emptyKey: '标准输入中没有 API 密钥；什么也没有保存',
  keyWithSpaces: 'API 密钥不含空格或换行，而输入的内容含有；什么也没有保存',
  keyNotPrintable:
    'API 密钥只由字母、数字和标点（可打印的 ASCII 字符）组成，而输入的内容含有其他字符（文件是否存成了 UTF-16？）；什么也没有保存',
  keyTooLong: '标准输入中的内容远长于 API 密钥（超过 16 KiB）；什么也没有保存',
  emptyModel: '--model 需要一个模型名称',
  nothingToSet: '没有要设置的内容：请给出 --preset、--base-url、--model 或 --key-stdin',
  keyCleared: (sealedToo) => `已删除保存的 API 密钥${sealedToo ? '，连同桌面应用用系统钥匙串加密保存的副本' : ''}。`,
  noKeyToClear: '没有保存的 API 密钥。',
  envKeyStillUsed: '这个环境中仍设置了 IAS_LLM_API_KEY，设置了它时会使用它。',
  turn: cliTurnMessages['zh-CN'],
};

export const providerWords: Record<Locale, ProviderWords> = { en: english, 'zh-CN': chinese };
