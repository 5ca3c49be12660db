/**
 * What the approval gate tells the owner (a call waits; it was approved, refused, cancelled or
 * expired) in the UI's language: by its code when the UI knows it, else the bilingual text that
 * came with it (an older server, or a code newer than this UI).
 */
import type { ApprovalMessageCode } from '../../shared/contract.js';
import type { Strings } from '../i18n/en.js';

export interface Notice {
  title: string;
  body?: string;
}

export function approvalNotice(t: Strings, sent: Notice, messageCode?: ApprovalMessageCode): Notice {
  if (!messageCode || !Object.hasOwn(t.approvalMessage, messageCode.code)) return sent;
  const say = t.approvalMessage[messageCode.code] as (params: ApprovalMessageCode['params']) => Notice;
  return say(messageCode.params);
}
