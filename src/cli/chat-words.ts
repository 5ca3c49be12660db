/**
 * The words `ias chat` says itself, in English and 简体中文 (the lines about how a turn went come
 * from the shared turn-message tables, as in the UI). What the model receives is never here.
 */
import type { ToolCallStatus } from '../core/agent/agent.js';
import { MAX_MESSAGE_CHARS } from '../shared/message-size.js';
import type { SkillOrigin } from '../shared/approval-messages.js';
import { englishApiErrors } from '../shared/api-errors.js';
import { chineseApiErrors } from '../shared/api-errors-zh-CN.js';
import type { Locale } from '../shared/locale.js';
import type { TurnMessageStrings } from '../shared/turn-messages.js';
import { cliTurnMessages } from './cli-turn-messages.js';
import { providerWords } from './provider-words.js';

export interface ChatWords {
  /** Put before an error (the label is coloured). */
  error: { label: string; separator: string };
  intro: string;
  /** `/help`: the chat's commands, and what else a line starting with / is. */
  help: string;
  /** A line of one word starting with / that is near a command but none (see chat-commands.ts): not sent to the model. */
  unknownCommand: (word: string) => string;
  prompt: string;
  stopped: string;
  /** Said after a line typed while a reply is under way: it is sent once that reply ends. */
  typedAhead: string;
  /**
   * Said after a message pasted at an approval's question, or read with others there: it is no
   * answer, and is sent after one.
   */
  queuedBehindApproval: string;
  /**
   * Said after a reply stopped with Ctrl-C, or on leaving: the messages typed ahead were dropped, as
   * a terminal drops type-ahead.
   */
  queuedNotSent: (messages: number) => string;
  declined: string;
  /**
   * The y/N question after an approval request shown at the terminal; it says so when the skill is
   * a user skill in a shipped one's name.
   */
  runSkill: (skill: string, origin?: SkillOrigin | null) => string;
  continueWith: (command: string) => string;
  waitingForBackground: (calls: number) => string;
  stoppingBackground: (calls: number) => string;
  /** The line after a call's result: the skill and how the call went, in `callStatus`' words. */
  callEnded: (skill: string, status: ShownCallStatus) => string;
  finishedInBackground: (skill: string, status: ShownCallStatus) => string;
  retryingIn: (seconds: number) => string;
  /** Said after the text printed as the reply turned out to be the model's thinking. */
  thinkingAbove: string;
  /** No MESSAGE, and nothing but white space piped in for it. */
  emptyStdin: string;
  /** A MESSAGE given but blank. */
  emptyMessage: string;
  /** A message (a MESSAGE given, a line typed) longer than iAs sends (see MAX_MESSAGE_CHARS): not sent. */
  messageTooLong: string;
  /** No MESSAGE, and more piped in than a message may be: reading stopped there, nothing was sent. */
  stdinTooLong: string;
  /** --json without a MESSAGE: it prints one turn. */
  jsonNeedsMessage: string;
  /** A high-risk call refused because nobody could be asked (no terminal here). */
  noApprover: string;
  /** After noApprover, when the skill is Low and asked about only because it is not reviewed. */
  unreviewedNoApprover: (skill: string) => string;
  needConversationId: string;
  noConversation: (id: string) => string;
  /** A turn refused: another is under way in the conversation (the app's, WeChat's, another `ias chat`). */
  turnUnderWay: string;
  /** Said after "no model is configured" (only then): how to save one with `ias provider set`. */
  setProvider: string;
  /** The lines about how a turn went, by their codes. */
  turn: TurnMessageStrings;
}

/**
 * How a call went, as the terminal says it: how it ended (`done`, `error`, `refused`,
 * `unconfirmed`), or `background` for a call gone on past its time. `--json` keeps these values as
 * they are (they are a contract for programs).
 */
export type ShownCallStatus = ToolCallStatus;

/** A message too long to send, as the app says it. */
const tooLong = {
  en: englishApiErrors['message-too-long']({ max: MAX_MESSAGE_CHARS }),
  'zh-CN': chineseApiErrors['message-too-long']({ max: MAX_MESSAGE_CHARS }),
};

const calls = (n: number) => (n === 1 ? 'a call' : `${n} calls`);

const english: ChatWords = {
  error: { label: 'error', separator: ': ' },
  intro: 'iAs — type a message; /help lists commands; /exit to leave; Ctrl-C stops a reply.',
  help: [
    'Commands (a line of one word starting with /):',
    '  /help   this list',
    '  /exit   leave (also /quit, or Ctrl-D)',
    'Ctrl-C stops a reply; at a y/N question it declines the call.',
    'A line with a space or another / in it (/etc/hosts, /tmp is full) is a message to the model;',
    'so is a lone path that is no command nor near one (/tmp).',
  ].join('\n'),
  unknownCommand: (word) => `[no command ${word}: /help lists them; nothing was sent]`,
  prompt: 'you> ',
  stopped: '[stopped]',
  typedAhead: '[queued: sent after this reply]',
  queuedBehindApproval: '[queued: sent once the question above is answered]',
  queuedNotSent: (n) => (n === 1 ? '[1 queued message not sent]' : `[${n} queued messages not sent]`),
  declined: '[declined]',
  runSkill: (skill, origin) =>
    origin === 'user-override-unreviewed'
      ? `Run ${skill} (NOT the built-in one: an unreviewed skill of that name)? [y/N] `
      : origin === 'user-unreviewed'
        ? `Run ${skill} (low risk, but unreviewed: asked as high until you review it)? [y/N] `
        : origin === 'user-high-unreviewed'
          ? `Run ${skill} (not reviewed at this version: added or changed outside iAs)? [y/N] `
          : origin === 'user-override'
            ? `Run your own version of ${skill}? [y/N] `
            : `Run ${skill}? [y/N] `,
  continueWith: (command) => `[to go on with this conversation: ${command}]`,
  waitingForBackground: (n) =>
    `[waiting for ${calls(n)} still running in the background; Ctrl-C stops ${n === 1 ? 'it' : 'them'}]`,
  stoppingBackground: (n) => `[stopping ${calls(n)} still running in the background]`,
  callEnded: (skill, status) => `[${skill}: ${status}]`,
  finishedInBackground: (skill, status) => `[${skill} finished in the background: ${status}]`,
  retryingIn: (seconds) => ` Retrying in ${seconds} s…`,
  thinkingAbove: "[the text above was the model's thinking, not its reply]",
  emptyStdin:
    'nothing to say: stdin is empty. Give a MESSAGE, pipe one in (`echo hi | ias chat`), or run `ias chat` on a terminal',
  emptyMessage: 'the MESSAGE is empty: write something to say, or leave it out for an interactive chat on a terminal',
  messageTooLong: tooLong.en,
  stdinTooLong: `what came on stdin is longer than a message may be (${MAX_MESSAGE_CHARS.toLocaleString('en')} characters): reading stopped there, and nothing was sent. Send a shorter text, or split it into several messages`,
  jsonNeedsMessage: '--json prints one turn: give its MESSAGE too (`ias chat MESSAGE --json`)',
  noApprover:
    '[a high-risk call needs your approval, and there is no terminal here to ask you at: run `ias chat` on a terminal to approve it there]',
  unreviewedNoApprover: (skill) =>
    `[${skill} is a low-risk skill you have not reviewed, so it runs as high risk until you do: \`ias skills review ${skill}\`, or the Skills page in the app]`,
  needConversationId: '--conversation needs the ID of a conversation',
  noConversation: (id) => `no conversation ${id}`,
  turnUnderWay: englishApiErrors['reply-in-progress']({}),
  setProvider: providerWords.en.setHint,
  turn: cliTurnMessages.en,
};

/** The statuses in the app's words for them (its tool card's, `src/renderer/i18n/zh-CN.ts`). */
const chineseCallStatus: Record<ShownCallStatus, string> = {
  done: '完成',
  error: '失败',
  refused: '已拒绝',
  unconfirmed: '未确认',
  background: '后台运行',
};

const chinese: ChatWords = {
  error: { label: '错误', separator: '：' },
  intro: 'iAs — 输入消息后回车；/help 列出命令；/exit 退出；Ctrl-C 停止回复。',
  help: [
    '命令（一行只有一个以 / 开头的词）：',
    '  /help   显示这个列表',
    '  /exit   退出（也可用 /quit 或 Ctrl-D）',
    'Ctrl-C 停止回复；在 y/N 问题处按 Ctrl-C 则拒绝该调用。',
    '含有空格或另一个 / 的行（如 /etc/hosts、/tmp 满了）是发给模型的消息；',
    '不是命令、也不像某个命令的单个路径（如 /tmp）也是。',
  ].join('\n'),
  unknownCommand: (word) => `[没有命令 ${word}：/help 列出所有命令；没有发送任何内容]`,
  prompt: '我> ',
  stopped: '[已停止]',
  typedAhead: '[已排队：这个回复结束后发送]',
  queuedBehindApproval: '[已排队：回答上面的问题后发送]',
  queuedNotSent: (n) => `[${n} 条排队的消息未发送]`,
  declined: '[已拒绝]',
  runSkill: (skill, origin) =>
    origin === 'user-override-unreviewed'
      ? `运行 ${skill}（不是内置的：一个未经审核的同名技能）？[y/N] `
      : origin === 'user-unreviewed'
        ? `运行 ${skill}（低风险，但未经审核：审核之前按高风险询问）？[y/N] `
        : origin === 'user-high-unreviewed'
          ? `运行 ${skill}（这个版本未经审核：在 iAs 之外新加或改过）？[y/N] `
          : origin === 'user-override'
            ? `运行你自己的 ${skill} 版本？[y/N] `
            : `运行 ${skill}？[y/N] `,
  continueWith: (command) => `[要继续这个对话：${command}]`,
  waitingForBackground: (n) => `[正在等待 ${n} 个仍在后台运行的调用；按 Ctrl-C 停止]`,
  stoppingBackground: (n) => `[正在停止 ${n} 个仍在后台运行的调用]`,
  callEnded: (skill, status) => `[${skill}：${chineseCallStatus[status]}]`,
  finishedInBackground: (skill, status) => `[${skill} 已在后台结束：${chineseCallStatus[status]}]`,
  retryingIn: (seconds) => ` ${seconds} 秒后重试…`,
  thinkingAbove: '[上面的文字是模型的思考，不是它的回复]',
  emptyStdin:
    '没有要说的话：标准输入是空的。请给出消息（MESSAGE）、用管道传入一条（`echo 你好 | ias chat`），或在终端中运行 `ias chat`',
  emptyMessage: '消息（MESSAGE）是空的：请写下要说的话，或在终端中不带消息运行以交互对话',
  messageTooLong: tooLong['zh-CN'],
  stdinTooLong: `标准输入传入的内容超过了一条消息的上限（${MAX_MESSAGE_CHARS.toLocaleString('zh-CN')} 个字符）：已在那里停止读取，没有发送任何内容。请发送较短的文本，或分成几条发送`,
  jsonNeedsMessage: '--json 只输出一轮对话：请同时给出这轮的消息（`ias chat 消息 --json`）',
  noApprover: '[高风险调用需要你的确认，但这里没有终端可以询问你：请在终端中运行 `ias chat`，在那里确认]',
  unreviewedNoApprover: (skill) =>
    `[${skill} 是低风险技能，但你还没有审核它，所以审核之前按高风险运行：运行 \`ias skills review ${skill}\`，或在应用的“技能”页面审核]`,
  needConversationId: '--conversation 需要一个对话的 ID',
  noConversation: (id) => `没有对话 ${id}`,
  turnUnderWay: chineseApiErrors['reply-in-progress']({}),
  setProvider: providerWords['zh-CN'].setHint,
  turn: cliTurnMessages['zh-CN'],
};

export const chatWords: Record<Locale, ChatWords> = { en: english, 'zh-CN': chinese };
