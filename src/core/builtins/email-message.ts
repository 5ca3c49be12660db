/** One fetched message as the model sees it: who, what, when, unread, and its text, capped. */
import type { FetchMessageObject, MessageAddressObject } from 'imapflow';
import { cap } from '../store/audit-rows.js';

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
  /** Why the text is missing: the parser gave up on this message (the others are read as usual). */
  note?: string;
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

/**
 * `html` without its style, script and head elements (an element never closed is left, as text).
 * In one pass: a regex that looks for each opening tag's end would scan the rest of a stranger's
 * mail once per unclosed tag, and this runs in the app's own process, where nothing can stop it.
 */
function withoutHiddenElements(html: string): string {
  const open = /<(style|script|head)\b/gi;
  const unclosed = new Set<string>();
  let out = '';
  let at = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const name = m[1]!.toLowerCase();
    if (unclosed.has(name)) continue;
    const close = new RegExp(`<\\/${name}\\s*>`, 'gi');
    close.lastIndex = open.lastIndex;
    const end = close.exec(html);
    if (!end) {
      unclosed.add(name);
      continue;
    }
    out += html.slice(at, m.index);
    at = open.lastIndex = end.index + end[0].length;
  }
  return out + html.slice(at);
}

/** `html` without its tags; what follows the last `>` holds none (and is not scanned once per `<`). */
function withoutTags(html: string): string {
  const last = html.lastIndexOf('>');
  return html.slice(0, last + 1).replace(/<[^>]*>/g, '') + html.slice(last + 1);
}

/** Text of HTML that mailparser leaves without (HTML beside attachments, no text part): tags out, breaks kept. */
export function htmlText(html: string): string {
  return withoutTags(
    withoutHiddenElements(html)
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|table|blockquote)\s*>/gi, '\n'),
  )
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
  let content: { text: string; attachments: string[] } = { text: '', attachments: [] };
  let note: string | undefined;
  try {
    if (message.source) content = await bodyOf(message.source);
  } catch (err) {
    note = `the text of this email could not be read: ${(err as Error).message}`;
  }
  const { text, attachments } = content;
  const summary: MessageSummary = {
    uid: message.uid,
    messageId: envelope.messageId,
    from: addresses(envelope.from).join(', '),
    to: addresses(envelope.to),
    subject: envelope.subject ?? '',
    date: isoDate(envelope.date) ?? isoDate(message.internalDate),
    unread: !message.flags?.has('\\Seen'),
    // Cut between characters (an emoji is two UTF-16 units), with "…" after the cut.
    body: cap(text, BODY_CHARS + 1),
  };
  const cc = addresses(envelope.cc);
  if (cc.length > 0) summary.cc = cc;
  if (summary.body !== text) summary.truncated = true;
  if (attachments.length > 0) summary.attachments = attachments;
  if (note) summary.note = note;
  if (!summary.messageId) delete summary.messageId;
  return summary;
}
