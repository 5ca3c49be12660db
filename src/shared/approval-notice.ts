/**
 * What the approval gate tells the owner (a call waits; it was approved, refused, cancelled or
 * expired) in a language: by its code when it is known, else the bilingual text that came with it
 * (an older server, or a code newer than this UI) in the app's toasts; by its code alone in the
 * desktop's native notifications. Plain types and functions: no Node, no DOM.
 */
import type { ApprovalMessageCode, ApprovalMessageStrings } from './approval-messages.js';
import { englishApprovalMessages } from './approval-words.js';
import { chineseApprovalMessages } from './approval-words-zh-CN.js';
import type { Locale } from './locale.js';

export interface Notice {
  title: string;
  body?: string;
}

export const approvalMessages: Record<Locale, ApprovalMessageStrings> = {
  en: englishApprovalMessages,
  'zh-CN': chineseApprovalMessages,
};

/** `sent` (the gate's own text) said with `strings` by its code, when they have it. */
export function sayApprovalMessage(
  strings: ApprovalMessageStrings,
  sent: Notice,
  messageCode?: ApprovalMessageCode,
): Notice {
  if (!messageCode || !Object.hasOwn(strings, messageCode.code)) return sent;
  const say = strings[messageCode.code] as (params: ApprovalMessageCode['params']) => Notice;
  return say(messageCode.params);
}

/** What a native notification says of a message whose code it does not know (none reaches it today). */
const unknownNews: Record<Locale, Notice> = {
  en: { title: 'iAs', body: 'Open iAs to see what it says.' },
  'zh-CN': { title: 'iAs', body: '请打开 iAs 查看详情。' },
};

/**
 * An approval message as the desktop's native notification says it, in `locale`: from its code
 * alone, never from the gate's text, so that no code can reach the notification even if a text
 * that holds one were sent this way (the gate makes none for the desktop, answered in the app).
 */
export function approvalNotification(locale: Locale, messageCode?: ApprovalMessageCode): Notice {
  return sayApprovalMessage(approvalMessages[locale], unknownNews[locale], messageCode);
}
