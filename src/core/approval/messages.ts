/** The words of the approval gate: to the owner (with the code) and to the model (never the code). */
import {
  isNoted,
  type ApprovalAsker,
  type ApprovalMessageCode,
  type SkillOrigin,
} from '../../shared/approval-messages.js';
import { shownToDecide, visibleLine, visibleText, withLookAlikesShown } from '../../shared/visible-text.js';
import { cap } from '../store/audit-rows.js';

export const ATTEMPTS = 3;
export const VALID_MINUTES = 5;

/** What the model sees when the owner refused, or nobody answered in time (the renderer reads them back). */
export { refusedForModel, unconfirmedForModel } from '../../shared/refusals-for-model.js';

/** The longest message sent at once; longer requests go over several, the code in the last. */
export const MESSAGE_CHARS = 1800;
/** The most parameter text a request may show (about seven messages); a longer call is not asked about. */
export const MAX_SHOWN_CHARS = 12_000;

/** Anything a chat app or a terminal may show as a new line (a title is put on one line). */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/;
/**
 * The parameters one per line, in full. A value's every line is indented, and every character that
 * is not what it seems is shown as \uXXXX: only a line feed starts a line, a carriage return or a
 * line separator shows as itself. So text inside a value cannot pass for a line of the message (a
 * code, a part number), rewrite what is shown, or look like other text than what runs (a letter of
 * another script passing for a Latin one in an address shows as \uXXXX too). Long runs of blank
 * lines or spaces are counted, not drawn, so none can hide what comes after it.
 */
export function readableParams(params: Record<string, unknown>): string {
  const keys = Object.keys(params);
  if (keys.length === 0) return '  （无 / none）';
  return keys
    .map((key) => {
      const value = params[key];
      const lines = shownToDecide(typeof value === 'string' ? value : JSON.stringify(value, null, 2)).split('\n');
      const indented = lines.length > 1 ? `\n    ${lines.join('\n    ')}` : ` ${lines[0]}`;
      return `  ${withLookAlikesShown(visibleLine(key))}:${indented}`;
    })
    .join('\n');
}

/**
 * Why a high-risk call's parameters cannot be put before the owner whole, or undefined. The owner
 * approves only what they can read in full, so such a call is refused before anyone is asked. The
 * model is told to shorten them, never that an approval exists.
 */
export function tooLongToApprove(params: Record<string, unknown>): string | undefined {
  const length = readableParams(params).length;
  if (length <= MAX_SHOWN_CHARS) return undefined;
  return `the parameters are too long (${length} characters, at most ${MAX_SHOWN_CHARS}); nothing was run. Shorten them, or split the work into smaller calls.`;
}

export interface ApprovalText {
  skill: string;
  title: string;
  /** The skill's title in 简体中文, where it gives one (front matter `locales:`). */
  titleZh?: string;
  params: Record<string, unknown>;
  code?: string;
  /** Set when this approval replaces one whose skill changed while waiting. */
  skillChanged?: boolean;
  /** A line put first (why the request comes here, for instance). */
  note?: string;
  /** Who asks: the conversation or the scheduled task (its title as anyone may have written it). */
  from?: ApprovalAsker;
  /** Whose skill it is: a user skill in a shipped one's name is pointed out. */
  origin?: SkillOrigin;
}

/** A title shown in a request: one line, capped, every character visible for what it is. */
function oneLine(text: string): string {
  return visibleText(cap(text.split(LINE_BREAKS).join(' '), NAME_CHARS));
}

/** The line that says who asks, or none. */
function askerLine(from: ApprovalAsker | undefined): string[] {
  if (!from) return [];
  const title = oneLine(from.title);
  return [from.kind === 'task' ? `来自 From：定时任务 scheduled task “${title}”` : `来自 From：对话 chat “${title}”`];
}

/**
 * The line that says the skill is not the shipped one of its name, or that the owner has not
 * reviewed this version of it (a Low one is asked about only because of that), with how to, or none. Not reviewed: a warning
 * (anyone who could write to the skills folder wrote it, and it gets the shipped skill's settings and
 * secrets). Reviewed: the owner's own version, said plainly, as its name alone suggests the shipped one.
 */
export function originLine(skill: string, origin: SkillOrigin | undefined): string | undefined {
  const name = oneLine(skill);
  if (origin === 'user-override-unreviewed') {
    return `⚠ 这不是内置的 ${name}：是技能文件夹里一个未经你审核的同名技能，它会拿到内置 ${name} 的设置和密钥。Not the built-in ${name}: an unreviewed skill of that name in your skills folder, given the built-in one's settings and secrets.`;
  }
  if (origin === 'user-override') {
    return `这是你自己的 ${name} 版本（已审核，替代内置的 ${name}）。Your own version of ${name} (reviewed; it replaces the built-in one).`;
  }
  if (origin === 'user-unreviewed') {
    return `⚠ ${name} 是低风险技能，但你还没有审核它，所以审核之前按高风险运行、每次都要你确认。审核：ias skills review ${name}，或在 iAs 的“技能”页面。${name} is a low-risk skill you have not reviewed, so it runs as high risk (each call asks you) until you do: ias skills review ${name}, or the Skills page in iAs.`;
  }
  if (origin === 'user-high-unreviewed') {
    return `⚠ 你没有审核过这个版本的 ${name}：它是新放进技能文件夹的，或在 iAs 之外改过，批准之前先看看它会做什么。审核：ias skills review ${name}，或在 iAs 的“技能”页面。You have not reviewed ${name} at this version: it was put in your skills folder or changed outside iAs, so look at what it does before you approve it: ias skills review ${name}, or the Skills page in iAs.`;
  }
  return undefined;
}

/** The most characters of a skill's name and title an approval message shows. */
const NAME_CHARS = 120;

/**
 * A skill's title after its name, in both languages where it gives a Chinese one and that differs
 * (“（邮件 Email）”), or none where the title is the name.
 */
function titleLine(a: ApprovalText): string {
  const titles = [a.titleZh, a.title].filter((t): t is string => !!t && t !== a.skill).map(oneLine);
  const shown = titles.filter((t, i) => titles.indexOf(t) === i);
  return shown.length > 0 ? `（${shown.join(' ')}）` : '';
}

/**
 * The message(s) that ask the owner: with a code for WeChat, without one for the in-app card. The
 * parameters are always shown whole; when they are long and the channel limits a message's length,
 * they go over several numbered messages, and the code comes only in the last, after all of them.
 */
export function requestTexts(a: ApprovalText, options: { split?: boolean } = {}): string[] {
  const name = oneLine(a.skill);
  const title = titleLine(a);
  const head = [
    ...(a.note ? [a.note] : []),
    a.skillChanged
      ? '【iAs 需要你重新确认 · the skill changed, confirm again】'
      : '【iAs 需要你的确认 · approval needed】',
    `技能 Skill：${name}${title}`,
    ...[originLine(a.skill, a.origin)].filter((line) => line !== undefined),
    ...askerLine(a.from),
    '参数 Parameters：',
  ].join('\n');
  const body = readableParams(a.params);
  const tail = a.code
    ? [
        `确认码 Code：${a.code}`,
        `回复确认码执行，回复 0 或 取消 以取消。${VALID_MINUTES} 分钟内有效，可尝试 ${ATTEMPTS} 次。`,
        `Reply the code to run it; 0 or 取消 to cancel. Valid ${VALID_MINUTES} minutes, ${ATTEMPTS} tries.`,
      ].join('\n')
    : `请在 iAs 中批准或拒绝（${VALID_MINUTES} 分钟内有效）。Approve or reject it in iAs within ${VALID_MINUTES} minutes.`;
  const whole = `${head}\n${body}\n${tail}`;
  if (whole.length <= MESSAGE_CHARS || options.split === false) return [whole];
  const label = (n: number, of: number) => `（${n}/${of}）`;
  const pieces = splitText(body, Math.max(MESSAGE_CHARS - head.length - 16, 400));
  const of = pieces.length + 1;
  return [
    ...pieces.map((piece, i) => (i === 0 ? `${head} ${label(1, of)}\n${piece}` : `${label(i + 1, of)}\n${piece}`)),
    `${label(of, of)} 以上 ${of - 1} 条是完整参数。The ${of - 1} messages above hold all the parameters.\n${tail}`,
  ];
}

/**
 * A request's code and parameters, for the app to say it in its own language (the text is
 * requestTexts'), with the id of approval `approvalId` it asks for, never its code. `movedFrom`:
 * the channel it was sent to before, no longer connected.
 */
export function requestCode(a: ApprovalText, approvalId: string, movedFrom?: string): ApprovalMessageCode {
  const title = a.title && a.title !== a.skill ? oneLine(a.title) : undefined;
  const titleZh = a.titleZh && a.titleZh !== a.skill ? oneLine(a.titleZh) : undefined;
  return {
    code: 'approval-needed',
    params: {
      approvalId,
      skill: cap(a.skill, NAME_CHARS),
      ...(title ? { title } : {}),
      ...(titleZh ? { titleZh } : {}),
      params: Object.keys(a.params).length > 0 ? readableParams(a.params) : '',
      validMinutes: VALID_MINUTES,
      ...(a.skillChanged ? { again: true } : {}),
      ...(movedFrom ? { movedFrom } : {}),
      ...(a.from ? { from: { kind: a.from.kind, title: oneLine(a.from.title) } } : {}),
      ...(isNoted(a.origin) ? { origin: a.origin } : {}),
    },
  };
}

/** How a part that goes on with a line cut at the end of the part before begins. */
const CONTINUED = '    ↳ ';

/**
 * Cuts text into pieces of at most `max` (≥ 16) characters, at a line break when one is near the
 * end. A line cut in its middle goes on indented in the next piece, so that piece cannot begin with
 * text of a value at the start of a line.
 */
function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let end = rest.lastIndexOf('\n', max);
    if (end < max / 2) {
      end = max;
      const last = rest.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff) end--;
    }
    pieces.push(rest.slice(0, end));
    rest = rest[end] === '\n' ? rest.slice(end + 1) : `${CONTINUED}${rest.slice(end)}`;
  }
  pieces.push(rest);
  return pieces;
}

export const wrongCodeText = (left: number) =>
  `确认码错误，还剩 ${left} 次。Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left.`;
export const codeOnlyText = () =>
  '请只回复 6 位确认码本身来执行，回复 0 或 取消 以取消。Reply with the 6-digit code alone.';
export const rejectedText = (skill: string) => `已拒绝：${skill} 不会执行。Refused: ${skill} will not run.`;
export const cancelledText = (skill: string) => `已取消：${skill} 不会执行。Cancelled: ${skill} will not run.`;
export const expiredText = (skill: string) => `已过期：${skill} 没有执行。Expired: ${skill} did not run.`;
export const approvedText = (skill: string) => `已确认，正在执行：${skill}。Approved, running ${skill}.`;
export const reroutedText = (from: string) =>
  `${from === 'wechat' ? '微信' : from} 已断开，这个确认改由这里进行。${from} is not connected; this approval moved here.`;
/** Why a chat message was not sent to the model: it holds the code of the approval waiting in WeChat. */
export const codeInChatText = () =>
  '这是确认码：请在收到确认请求的微信里回复它；它没有发给模型。That is an approval code: reply it in WeChat, where the request was sent. It was not sent to the model.';
/**
 * Why a chat message was not sent to the model: another iAs (the app or the `ias` command) waits for
 * an approval whose code this one cannot check, and the message holds 6 digits that may be it.
 */
export const maybeCodeInChatText = () =>
  '另一个 iAs（桌面应用或 ias 命令）正在等待确认，这条消息里的 6 位数字可能是它的确认码，所以没有发给模型。请先在微信里处理那个确认，或换一种写法写这个数字。Another iAs (the app or the ias command) is waiting for an approval, and the 6 digits in this message may be its code, so it was not sent to the model. Answer that approval in WeChat first, or write the number another way.';
/**
 * Why a chat message was not sent to the model: an approval waits whose budget of numbers compared
 * with its code is spent, so messages with 6 digits or more are held, uncompared, until it is answered.
 */
export const numbersHeldText = () =>
  '有一个确认正在等待：在它得到答复之前，含有 6 位或更长数字的消息会被暂缓，这条消息没有发给模型。请先答复那个确认（在微信里回复确认码，或取消它），然后再发送。An approval is waiting, and until it is answered, messages with numbers of 6 digits or more are held: this one was not sent to the model. Answer the approval first (reply its code in WeChat, or cancel it), then send this again.';
/**
 * Why a chat message was not sent to the model: it is a number alone while an approval waits,
 * which WeChat takes for a try at its code (a digit off), so the model would learn most of the code.
 */
export const nearCodeInChatText = () =>
  '有一个确认正在等待，单独发来的一串数字看起来像是在输入它的确认码：确认码请在收到确认请求的微信里回复。这条消息没有发给模型。如果要发送这个数字本身，请把它写在一句话里，或等那个确认答复之后再发送。An approval is waiting, and a number alone looks like a try at its code: approval codes are answered in WeChat, where the request was sent. This message was not sent to the model. To send the number itself, put it in a sentence, or send it once the approval is answered.';
export const noPendingText = () => '没有等待确认的操作。Nothing is waiting for approval.';

/** What the owner is told of a decided approval: the text above, and its code for the app. */
export function decidedText(
  outcome: 'approved' | 'rejected' | 'cancelled' | 'expired',
  skill: string,
): [string, ApprovalMessageCode] {
  const text = { approved: approvedText, rejected: rejectedText, cancelled: cancelledText, expired: expiredText };
  return [text[outcome](skill), { code: `approval-${outcome}`, params: { skill } }];
}
