/**
 * email: send mail over SMTP, or read recent or unread mail over IMAP, with the owner's account.
 * nodemailer, imapflow and mailparser are imported on first use, not at start-up: together they
 * take about a second to load, which every `ias` command and the app's start would pay.
 */
import type { BuiltinContext } from './index.js';
import { readEmail, sinceDate } from './email-read.js';
import { outgoing, sendEmail } from './email-send.js';
import { serverSettings } from './email-settings.js';
import type { BuiltinCheck } from './index.js';

export async function email(params: Record<string, unknown>, context: BuiltinContext): Promise<unknown> {
  if (params.action === 'send') return sendEmail(params, context);
  if (params.action === 'read') return readEmail(params, context);
  throw new Error(`unknown action ${JSON.stringify(params.action)}: use "send" or "read"`);
}

/** Before the owner is asked: a message that could not be sent, or a server not set up, is refused now. */
export const checkEmail: BuiltinCheck = async (params, context) => {
  if (params.action === 'send') await outgoing(params, context);
  else if (params.action === 'read') {
    serverSettings(context.skill, context.env, 'IMAP');
    sinceDate(params.since);
  }
};
