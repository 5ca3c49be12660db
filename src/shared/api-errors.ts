/**
 * Why a call of the contract failed, as a stable code with its parameters, so that a UI can say it
 * in its own language; and how each reads in English (the error's message, which a UI shows for a
 * code it does not know). The desktop transport carries the code inside the message (see
 * {@link encodeApiError}): Electron passes only an error's message from the main process.
 * Plain types and functions: no Node, no DOM.
 */
import { sayCoded } from './coded-text.js';
import { englishSkillProblems, saySkillProblem, type SkillProblemCode } from './skill-problems.js';
import { englishTurnMessages, sayTurnLine, type MessageCode, type TurnMessageParams } from './turn-messages.js';
import { englishSkillSecrets, saySkillSecret, type SkillSecretCode } from './skill-secrets.js';

export interface ApiErrorParams {
  'no-skill': { name: string };
  'already-user-skill': { name: string };
  'builtin-no-copy': { name: string };
  'user-skill-exists': { name: string };
  'not-user-skill': { name: string };
  /** A review for a version of the skill that its folder no longer holds. */
  'skill-changed-since-shown': { name: string };
  /** The skill's folder kept changing while it was read for a review. */
  'skill-changing': { name: string };
  /** The skill's folder cannot be shown for a review: why, as loading says it (a link leading outside…). */
  'skill-folder-unshowable': { name: string; problem: SkillProblemCode };
  /** The editor's read of a SKILL.md refused: why, as loading says it (a named pipe, which would never end). */
  'skill-md-unopenable': { name: string; problem: SkillProblemCode };
  /**
   * A save (or, `reading`, the editor's read) refused: the skill's folder, or (`link: 'skill-md'`)
   * its SKILL.md, is a link leading outside the skills folder, to `target` (loading refuses it too).
   */
  'skill-folder-outside': { name: string; target: string; reading?: boolean; link?: 'folder' | 'skill-md' };
  'no-conversation': { id: string };
  'reply-in-progress': Record<string, never>;
  /** A chat message that holds the pending approval's code: it is kept from the model. */
  'code-in-chat': Record<string, never>;
  /**
   * A chat message with 6 digits while another iAs process (the app or `ias`) waits for an approval
   * whose code cannot be checked here: it may be that code, so it is kept from the model.
   */
  'maybe-code-in-chat': Record<string, never>;
  /**
   * A chat message with 6 digits or more while an approval waits whose budget of compared numbers
   * is spent: it is kept from the model, uncompared, until that approval is answered.
   */
  'numbers-held-for-approval': Record<string, never>;
  /**
   * A chat message that is a number alone (4 to 8 digits), not the code, while an approval waits:
   * WeChat takes it for a try at the code (a digit off), so it is kept from the model as well.
   */
  'near-code-in-chat': Record<string, never>;
  /**
   * A chat message sent while iAs has no model it can use (none set up, or a setting that cannot
   * be used): refused before anything is stored. `message` and `messageCode` are the turn line
   * that says why (in English, and its code).
   */
  'no-usable-model': { message: string; messageCode: MessageCode };
  /** A chat message longer than a message may be (`max` characters): refused before anything is stored. */
  'message-too-long': { max: number };
  'wechat-unavailable': Record<string, never>;
  'no-task': { id: string };
  'task-no-run-left': { name: string };
  /** Resume, of a one-off already run (Run now): it is finished. */
  'task-ran-already': { name: string };
  /** Resume, of a one-off whose run was interrupted (iAs stopped during it): it may be run again now. */
  'task-run-interrupted': { name: string; id: string };
  /** Run now, while a run of the task is under way. */
  'task-running': { name: string };
  'not-a-time-zone': { value: string };
  /** A skill's setting (`name`) given a value longer than a setting may be (`max` characters): nothing saved. */
  'setting-too-long': { name: string; max: number };
  /** A provider's base URL that cannot be used: said as the same line a turn or `ias provider set` says. */
  'bad-base-url': TurnMessageParams['base-url-not-web-address'];
  /** A provider's API key that no request could carry (see ApiKeyFlaw); the key itself is never said. */
  'bad-api-key': { reason: ApiKeyFlaw };
  /**
   * The API key was not saved: a folder on the way to its file could be changed by another user.
   * `message` and `messageCode` are the turn line that says which and how to mend it.
   */
  'api-key-not-saved': { message: string; messageCode: MessageCode };
  /**
   * A skill's settings were not saved: a folder on the way to the file that would hold one of its
   * secrets could be changed by another user. `message` and `messageCode` say which and how to mend it.
   */
  'skill-secret-not-saved': { message: string; messageCode: SkillSecretCode };
  /** The link to iAs dropped while the call was under way (the web UI). */
  'connection-lost': Record<string, never>;
  /** The web UI was opened without a valid access token. */
  'not-signed-in': Record<string, never>;
}

/**
 * What makes an API key impossible to send in a request's header: a character other than printable
 * ASCII (a NUL, as a key file saved as UTF-16 has, or a letter of another script), or white space.
 */
export type ApiKeyFlaw = 'not-printable' | 'whitespace';

export type ApiErrorName = keyof ApiErrorParams;

/** An API error's code and parameters (one of {@link ApiErrorParams}). */
export type ApiErrorCode = { [C in ApiErrorName]: { code: C; params: ApiErrorParams[C] } }[ApiErrorName];

/** How each error (by its code) reads in a language. */
export type ApiErrorStrings = { [C in ApiErrorName]: (p: ApiErrorParams[C]) => string };

export const englishApiErrors: ApiErrorStrings = {
  'no-skill': (p) => `there is no skill "${p.name}"`,
  'already-user-skill': (p) => `${p.name} is already one of your skills`,
  'builtin-no-copy': (p) => `${p.name} is built into iAs and cannot be copied; write a script skill instead`,
  'user-skill-exists': (p) => `your skills folder already has ${p.name}`,
  'not-user-skill': (p) => `${p.name} is not one of your skills (system skills cannot be deleted)`,
  'skill-changed-since-shown': (p) =>
    `${p.name} has changed since it was shown to you: nothing was marked as reviewed. Review it again to see what it holds now.`,
  'skill-changing': (p) => `${p.name} kept changing while it was read; try again when its files are settled`,
  'skill-folder-unshowable': (p) =>
    `${p.name} cannot be shown for review: ${saySkillProblem(englishSkillProblems, '', p.problem)}`,
  'skill-md-unopenable': (p) => `${p.name} cannot be opened: ${saySkillProblem(englishSkillProblems, '', p.problem)}`,
  'skill-folder-outside': (p) =>
    p.reading
      ? `${p.name} cannot be opened: its ${p.link === 'skill-md' ? 'SKILL.md' : 'folder'} is a symbolic link to ${p.target}, outside your skills folder. Remove the link, or put the skill itself in your skills folder.`
      : `${p.name} was not saved: its folder is a symbolic link to ${p.target}, outside your skills folder. Remove the link, or save under another name.`,
  'no-conversation': (p) => `there is no conversation ${p.id}`,
  'reply-in-progress': () => 'a reply is still coming in this conversation; stop it or wait',
  'code-in-chat': () =>
    'That is an approval code: reply it in WeChat, where the request was sent. It was not sent to the model.',
  'maybe-code-in-chat': () =>
    'Another iAs (the app or the ias command) is waiting for an approval, and the 6 digits in this message may be its code, so it was not sent to the model. Answer that approval in WeChat first, or write the number another way.',
  'numbers-held-for-approval': () =>
    'An approval is waiting, and until it is answered, messages with numbers of 6 digits or more are held: this one was not sent to the model. Answer the approval first (reply its code in WeChat, or cancel it), then send this again.',
  'near-code-in-chat': () =>
    'An approval is waiting, and a number alone looks like a try at its code: approval codes are answered in WeChat, where the request was sent. This message was not sent to the model. To send the number itself, put it in a sentence, or send it once the approval is answered.',
  'no-usable-model': (p) => `The message was not sent. ${sayTurnLine(englishTurnMessages, p.message, p.messageCode)}`,
  'message-too-long': (p) =>
    `The message is too long: iAs sends at most ${p.max.toLocaleString('en')} characters in one message. It was not sent; shorten it, or split it into several messages.`,
  'wechat-unavailable': () => 'WeChat is not available in this mode',
  'no-task': (p) => `there is no scheduled task "${p.id}"`,
  'task-no-run-left': (p) => `"${p.name}" has no run left: its moment has passed`,
  'task-ran-already': (p) => `"${p.name}" has no run left: it has run already, so it is finished`,
  'task-run-interrupted': (p) =>
    `"${p.name}" has no run left: its run was interrupted before it finished (iAs stopped during it); run it again now with Try again, or \`ias tasks run ${p.id}\``,
  'task-running': (p) => `"${p.name}" is running now; wait until this run ends`,
  'not-a-time-zone': (p) =>
    `${JSON.stringify(p.value)} is not a time zone: use an IANA name such as Asia/Shanghai or Europe/London, or "system" to follow the computer's`,
  'setting-too-long': (p) =>
    `The value of ${p.name} is too long: a setting holds at most ${p.max.toLocaleString('en')} characters. Nothing was saved.`,
  'bad-base-url': englishTurnMessages['base-url-not-web-address'],
  'bad-api-key': (p) =>
    p.reason === 'whitespace'
      ? 'The API key has a space or line break in it, and an API key has none. Nothing was saved.'
      : 'The API key has characters a request cannot carry: an API key is letters, digits and punctuation (printable ASCII). Was it copied from a file saved as UTF-16? Nothing was saved.',
  'api-key-not-saved': (p) =>
    `The API key was not saved. ${sayTurnLine(englishTurnMessages, p.message, p.messageCode)}`,
  'skill-secret-not-saved': (p) =>
    `The settings were not saved. ${saySkillSecret(englishSkillSecrets, p.message, p.messageCode)}`,
  'connection-lost': () => 'connection lost',
  'not-signed-in': () => 'iAs: this page has no valid access token; open the link `ias serve` printed',
};

/** An error of `code` with `params`: its English message and its code. */
export function apiErrorText<C extends ApiErrorName>(
  code: C,
  params: ApiErrorParams[C],
): { message: string; messageCode: ApiErrorCode } {
  const english = englishApiErrors[code] as (p: ApiErrorParams[C]) => string;
  return { message: english(params), messageCode: { code, params } as ApiErrorCode };
}

/**
 * An error in a language: by its code when `strings` know it, else its English message (an older
 * core, a code newer than this table, or an error that has no code).
 */
export function sayApiError(strings: ApiErrorStrings, message: string, messageCode?: ApiErrorCode): string {
  return sayCoded(strings, message, messageCode);
}

/** How the desktop transport marks a message that carries a code: `<mark><code as JSON>\n<English>`. */
const MARK = 'ias-error:';

/** The message an error crosses Electron's IPC with: its code (when it has one) before its English. */
export function encodeApiError(message: string, messageCode?: ApiErrorCode): string {
  return messageCode ? `${MARK}${JSON.stringify(messageCode)}\n${message}` : message;
}

/** The English message and the code of an error that crossed Electron's IPC (see encodeApiError). */
export function decodeApiError(text: string): { message: string; messageCode?: ApiErrorCode } {
  if (!text.startsWith(MARK)) return { message: text };
  const end = text.indexOf('\n');
  if (end < 0) return { message: text };
  try {
    const messageCode = JSON.parse(text.slice(MARK.length, end)) as ApiErrorCode;
    if (typeof messageCode?.code !== 'string') return { message: text.slice(end + 1) };
    return { message: text.slice(end + 1), messageCode };
  } catch {
    return { message: text.slice(end + 1) };
  }
}
