/** email, action "send": one plain-text message over SMTP, exactly as the params (and approval) say. */
import { Transform } from 'node:stream';
import type { BuiltinContext } from './index.js';
import { describeMailError, errorText } from './email-errors.js';
import {
  ADDRESS,
  CONNECT_TIMEOUT_MS,
  SOCKET_TIMEOUT_MS,
  serverSettings,
  type ServerSettings,
} from './email-settings.js';

interface Mailbox {
  name: string;
  address: string;
}

const ADDRESS_INSIDE = /[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+/g;

/**
 * An address written in `item` that is not among its recipients, or undefined. The parser takes
 * what is not in an address's place as a name: "a@x.com b@y.com" is b@y.com's name for a@x.com, and
 * a group's name ("a@x.com\r\nBcc: b@y.com" is the group "a@x.com Bcc") is shown, never mailed.
 * The owner would read a recipient who gets nothing, and maybe miss the one who does.
 */
function unmailedAddress(item: string, mailboxes: Mailbox[]): string | undefined {
  const mailed = new Set(mailboxes.map((m) => m.address.toLowerCase()));
  return (item.match(ADDRESS_INSIDE) ?? []).find((a) => !mailed.has(a.toLowerCase()));
}

/** The addresses of `to`/`cc`: a string (one address or a comma-separated list) or a list of them. */
export async function recipients(value: unknown, field: string): Promise<Mailbox[]> {
  const { default: addressparser } = await import('nodemailer/lib/addressparser');
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  const out: Mailbox[] = [];
  for (const item of items) {
    if (typeof item !== 'string') throw new Error(`${field} must be an email address or a list of them`);
    const parsed = addressparser(item, { flatten: true });
    if (item.trim() !== '' && parsed.length === 0) throw new Error(`"${item}" in ${field} is not an email address`);
    const mailboxes: Mailbox[] = [];
    for (const p of parsed) {
      if (!p.address || !ADDRESS.test(p.address)) {
        throw new Error(
          `"${p.address || p.name || item}" in ${field} is not an email address (such as name@example.com)`,
        );
      }
      mailboxes.push({ name: p.name, address: p.address });
    }
    const unmailed = unmailedAddress(item, mailboxes);
    if (unmailed) {
      throw new Error(
        `"${item}" in ${field} names ${unmailed}, who would not get the mail: there it is only a name. ` +
          'Separate addresses with commas (such as a@example.com, b@example.com)',
      );
    }
    out.push(...mailboxes);
  }
  return out;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`sending needs "${field}" (text)`);
  return value;
}

export interface SendResult {
  sent: true;
  messageId: string;
  from: string;
  accepted: string[];
  rejected: { address: string; reason: string }[];
  note?: string;
}

interface RejectedError {
  recipient?: string;
  response?: string;
  message?: string;
}

function rejectedList(addresses: unknown, errors: unknown): { address: string; reason: string }[] {
  const reasons = new Map(
    ((errors as RejectedError[] | undefined) ?? []).map((e) => [e.recipient, e.response ?? e.message ?? '']),
  );
  return ((addresses as string[] | undefined) ?? []).map((address) => ({
    address,
    reason: reasons.get(address) ?? 'refused by the server',
  }));
}

const STOPPED = 'sending was stopped before the SMTP server accepted the message';

const listed = (rejected: { address: string; reason: string }[]) =>
  rejected.map((r) => `${r.address} (${r.reason})`).join(', ');

/** What a failure while sending means; nothing is sent in any of these cases. */
function sendFailure(err: unknown, s: ServerSettings): string {
  const e = err as { code?: string; command?: string; rejected?: unknown; rejectedErrors?: unknown };
  if (e.code === 'EENVELOPE') {
    if (Array.isArray(e.rejected) && e.rejected.length > 0) {
      return `nothing was sent: the SMTP server refused every recipient: ${listed(rejectedList(e.rejected, e.rejectedErrors))}`;
    }
    if (e.command === 'MAIL FROM') {
      return `nothing was sent: the SMTP server refused the sender ${s.address} (${errorText(err)}); EMAIL_ADDRESS must be the account's own address`;
    }
    return `nothing was sent: the SMTP server refused the envelope (${errorText(err)})`;
  }
  if (e.code === 'EMESSAGE') return `nothing was sent: the SMTP server refused the message (${errorText(err)})`;
  if (e.code === 'EABORT') return STOPPED;
  return `nothing was sent: ${describeMailError(err, s)}`;
}

/** The message the params describe, checked: what the owner approves is what can be sent. */
export async function outgoing(params: Record<string, unknown>, context: Pick<BuiltinContext, 'skill' | 'env'>) {
  const settings = serverSettings(context.skill, context.env, 'SMTP');
  const to = await recipients(params.to, 'to');
  if (to.length === 0) throw new Error('sending needs at least one address in "to"');
  const cc = await recipients(params.cc, 'cc');
  return { settings, to, cc, subject: text(params.subject, 'subject'), body: text(params.body, 'body') };
}

export async function sendEmail(params: Record<string, unknown>, context: BuiltinContext): Promise<SendResult> {
  const { settings: s, to, cc, subject, body } = await outgoing(params, context);
  const inReplyTo =
    typeof params.in_reply_to === 'string' && params.in_reply_to.trim() ? params.in_reply_to.trim() : undefined;
  const from = { name: s.fromName ?? '', address: s.address };

  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    auth: { user: s.user, pass: s.password },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    tls: { rejectUnauthorized: !s.allowSelfSigned },
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  // Whether the whole message went to the server: a failure after that (a dropped connection, no
  // answer in time) cannot tell whether the server kept it, so "nothing was sent" would be a guess.
  let handedOver = false;
  transport.use('stream', (mail, done) => {
    mail.message.transform(
      () =>
        new Transform({
          transform: (chunk, _encoding, next) => next(null, chunk),
          flush(next) {
            handedOver = true;
            next();
          },
        }),
    );
    done();
  });
  try {
    const info = await transport.sendMail({
      from,
      to,
      cc: cc.length > 0 ? cc : undefined,
      subject,
      text: body,
      ...(inReplyTo ? { inReplyTo, references: inReplyTo } : {}),
      signal: context.signal,
    });
    const rejected = rejectedList(info.rejected, (info as { rejectedErrors?: unknown }).rejectedErrors);
    const result: SendResult = {
      sent: true,
      messageId: info.messageId,
      from: s.fromName ? `${s.fromName} <${s.address}>` : s.address,
      accepted: (info.accepted as (string | { address: string })[]).map((a) => (typeof a === 'string' ? a : a.address)),
      rejected,
    };
    if (rejected.length > 0) {
      result.note = `sent only to the accepted recipients; the server refused ${listed(rejected)}`;
    }
    return result;
  } catch (err) {
    if (context.signal.aborted) throw new Error(STOPPED);
    const code = (err as { code?: string }).code;
    if (handedOver && code !== 'EMESSAGE' && code !== 'EENVELOPE') {
      throw new Error(
        `the message may have been sent: the SMTP server ${s.host}:${s.port} received it but did not confirm it ` +
          `(${errorText(err)}). Check with the recipients (or the Sent folder) before sending it again`,
      );
    }
    throw new Error(sendFailure(err, s));
  } finally {
    transport.close();
  }
}
