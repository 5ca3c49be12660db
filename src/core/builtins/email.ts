/**
 * email: send mail over SMTP, or read recent or unread mail over IMAP, with the owner's account.
 * nodemailer, imapflow and mailparser are imported on first use, not at start-up: together they
 * take about a second to load, which every `ias` command and the app's start would pay.
 */
import type { BuiltinContext } from './index.js';
import { readEmail } from './email-read.js';
import { sendEmail } from './email-send.js';

export async function email(params: Record<string, unknown>, context: BuiltinContext): Promise<unknown> {
  if (params.action === 'send') return sendEmail(params, context);
  if (params.action === 'read') return readEmail(params, context);
  throw new Error(`unknown action ${JSON.stringify(params.action)}: use "send" or "read"`);
}
