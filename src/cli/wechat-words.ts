/** What `ias wechat` says, in English and 简体中文 (the QR code's and the pairing code's lines say both). */
import type { Locale } from '../shared/locale.js';
import { englishWechatErrors, type WechatErrorStrings } from '../shared/wechat-errors.js';
import { chineseWechatErrors } from '../shared/wechat-errors-zh-CN.js';
import { secretInputWords, type SecretInputWords } from './secret-input-words.js';

export interface WechatWords extends SecretInputWords {
  /** What `ias serve` puts before the bot's news on its terminal (the label, then its separator). */
  wechatLabel: [string, string];
  loggedInAs: (name: string) => string;
  nextPair: string;
  /** `status`: its labels, each padded to the same width when shown. */
  labels: { puppet: string; account: string; session: string; owner: string };
  tokenSaved: string;
  neverLoggedIn: string;
  sessionSaved: string;
  noSession: string;
  ownerSelf: string;
  notPaired: string;
  /** After the paired contact's name and id, when the bot's latest login did not find it. */
  ownerMissing: string;
  pairedSelf: string;
  pairedWith: (name: string) => string;
  loggedOut: string;
  tokenFromArgv: string;
  tokenPrompt: string;
  tokenTooLong: string;
  noToken: string;
  tokenWhitespace: string;
  tokenNotPrintable: string;
  /** Why a wait of `ias wechat login | pair` ended without what it waited for. */
  noLoginWithin: (seconds: number) => string;
  sessionExpired: string;
  puppetFailed: string;
  /** What iAs itself says of the bot's trouble (a puppet package missing), by its code. */
  errors: WechatErrorStrings;
  noPairingCodeWithin: (minutes: number) => string;
  /** `ias wechat pair`: WeChat logged the bot out while the pairing code was awaited. */
  loggedOutWhilePairing: string;
}

export const wechatWords: Record<Locale, WechatWords> = {
  en: {
    ...secretInputWords.en,
    wechatLabel: ['WeChat', ': '],
    loggedInAs: (name) => `Logged in as ${name}.`,
    nextPair: 'Next: `ias wechat pair` to say who the owner is.',
    labels: { puppet: 'puppet', account: 'account', session: 'session', owner: 'owner' },
    tokenSaved: ' (token saved)',
    neverLoggedIn: 'never logged in — run `ias wechat login`',
    sessionSaved: 'saved',
    noSession: 'none',
    ownerSelf: 'the bot’s own account (replies via File Transfer)',
    notPaired: 'not paired — run `ias wechat pair`',
    ownerMissing:
      ' — not found in the bot’s latest login (approvals go to this computer): run `ias wechat pair` to pair again',
    pairedSelf: 'Paired: the bot is your own account; approvals go to File Transfer.',
    pairedWith: (name) => `Paired with ${name}.`,
    loggedOut: 'Logged out; the session is forgotten.',
    tokenFromArgv:
      'the token is never taken from the command line, where `ps` and your shell history show it: pipe it in with --token-stdin, or give --token-stdin on a terminal to type it unseen',
    tokenPrompt: 'Puppet service token (not shown as you type): ',
    tokenTooLong: 'more came on stdin than any token is; nothing was saved',
    noToken: 'no token came; nothing was saved',
    tokenWhitespace: 'a token has no spaces or line breaks, and what came has some; nothing was saved',
    tokenNotPrintable:
      'a token is printable ASCII (letters, digits, punctuation), and what came is not (a file saved as UTF-16?); nothing was saved',
    noLoginWithin: (seconds) => `no login within ${seconds} s: run the command again and scan the new QR code`,
    sessionExpired: 'the saved session has expired',
    puppetFailed: 'the WeChat puppet failed',
    errors: englishWechatErrors,
    noPairingCodeWithin: (minutes) =>
      `no pairing code arrived within ${minutes} minutes: run \`ias wechat pair\` again for a new one`,
    loggedOutWhilePairing:
      'WeChat logged the bot out before the pairing code came: run `ias wechat login`, then `ias wechat pair` again',
  },
  'zh-CN': {
    ...secretInputWords['zh-CN'],
    wechatLabel: ['微信', '：'],
    loggedInAs: (name) => `已登录为 ${name}。`,
    nextPair: '下一步：运行 `ias wechat pair` 来确定主人是谁。',
    labels: { puppet: '连接方式', account: '账号', session: '会话', owner: '主人' },
    tokenSaved: '（已保存令牌）',
    neverLoggedIn: '从未登录，请运行 `ias wechat login`',
    sessionSaved: '已保存',
    noSession: '无',
    ownerSelf: '机器人自己的账号（通过文件传输助手回复）',
    notPaired: '尚未配对，请运行 `ias wechat pair`',
    ownerMissing: '，机器人最近一次登录中找不到这个联系人（确认请求会发到这台电脑）：请运行 `ias wechat pair` 重新配对',
    pairedSelf: '已配对：机器人就是你自己的账号；确认请求会发到文件传输助手。',
    pairedWith: (name) => `已与 ${name} 配对。`,
    loggedOut: '已退出登录；会话已清除。',
    tokenFromArgv:
      '令牌从不通过命令行参数传入（`ps` 和 shell 历史会显示它）：请用 --token-stdin 通过管道传入，或在终端中使用 --token-stdin 不显示地输入',
    tokenPrompt: 'Puppet 服务令牌（输入时不显示）：',
    tokenTooLong: '标准输入中的内容比任何令牌都长；什么也没有保存',
    noToken: '没有收到令牌；什么也没有保存',
    tokenWhitespace: '令牌不含空格或换行，而收到的内容含有；什么也没有保存',
    tokenNotPrintable:
      '令牌由可打印的 ASCII 字符（字母、数字、标点）组成，而收到的内容不是（文件是否存为了 UTF-16？）；什么也没有保存',
    noLoginWithin: (seconds) => `${seconds} 秒内没有登录：请再次运行该命令并扫描新的二维码`,
    sessionExpired: '保存的会话已过期',
    puppetFailed: '微信连接方式（puppet）出错了',
    errors: chineseWechatErrors,
    noPairingCodeWithin: (minutes) => `${minutes} 分钟内没有收到配对码：请再次运行 \`ias wechat pair\` 获取新的配对码`,
    loggedOutWhilePairing:
      '还没收到配对码，微信就让机器人退出了登录：请运行 `ias wechat login`，然后再次运行 `ias wechat pair`',
  },
};
