/** One fetched message as the model sees it: who, what, when, unread, and its text, capped. */
import type { FetchMessageObject, MessageAddressObject } from 'imapflow';

/** Characters of body text per message. */
export const BODY_CHARS = 2000;

export interface MessageSummary {
  uid: number;
  messageId?: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  date?: string;
  unread: boolean;
  body: string;
  /** The body was longer than shown. */
  truncated?: boolean;
  attachments?: string[];
}

const address = (a: MessageAddressObject) =>
  a.name && a.address ? `${a.name} <${a.address}>` : (a.address ?? a.name ?? '');

const addresses = (list: MessageAddressObject[] | undefined) => (list ?? []).map(address).filter(Boolean);

function isoDate(value: Date | string | undefined): string | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** Text of HTML that mailparser leaves without (HTML beside attachments, no text part): tags out, breaks kept. */
export function htmlText(html: string): string {
  return html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|table|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');
}

/** The plain text of a message (its text part, else its HTML as text), and its attachments' names. */
async function bodyOf(source: Buffer): Promise<{ text: string; attachments: string[] }> {
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const text = (parsed.text || (parsed.html ? htmlText(parsed.html) : ''))
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const attachments = parsed.attachments.map((a) => a.filename ?? a.contentType);
  return { text, attachments };
}

export async function summarize(message: FetchMessageObject): Promise<MessageSummary> {
  const envelope = message.envelope ?? {};
  const { text, attachments } = message.source ? await bodyOf(message.source) : { text: '', attachments: [] };
  const summary: MessageSummary = {
    uid: message.uid,
    messageId: envelope.messageId,
    from: addresses(envelope.from).join(', '),
    to: addresses(envelope.to),
    subject: envelope.subject ?? '',
    date: isoDate(envelope.date) ?? isoDate(message.internalDate),
    unread: !message.flags?.has('\\Seen'),
    body: text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}…` : text,
  };
  const cc = addresses(envelope.cc);
  if (cc.length > 0) summary.cc = cc;
  if (text.length > BODY_CHARS) summary.truncated = true;
  if (attachments.length > 0) summary.attachments = attachments;
  if (!summary.messageId) delete summary.messageId;
  return summary;
}
