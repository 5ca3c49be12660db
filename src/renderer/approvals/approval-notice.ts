/**
 * What the approval gate tells the owner (a call waits; it was approved, refused, cancelled or
 * expired) in the UI's language: by its code when the UI knows it, else the bilingual text that
 * came with it (an older server, or a code newer than this UI).
 */
import type { ApprovalMessageCode } from '../../shared/contract.js';
import { sayApprovalMessage, type Notice } from '../../shared/approval-notice.js';
import type { Strings } from '../i18n/en.js';

export function approvalNotice(t: Strings, sent: Notice, messageCode?: ApprovalMessageCode): Notice {
  return sayApprovalMessage(t.approvalMessage, sent, messageCode);
}
