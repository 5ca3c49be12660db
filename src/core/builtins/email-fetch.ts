/**
 * Fetches chosen messages of the open folder: envelope, flags and date first, then the source
 * with BODY.PEEK (never marking anything read). Messages up to SOURCE_BYTES come whole in one
 * command; a larger one (attachments, usually) only its first SOURCE_BYTES, enough for the text.
 */
import type { FetchMessageObject, ImapFlow } from 'imapflow';

/** Bytes of a message's source fetched at most. */
export const SOURCE_BYTES = 256 * 1024;

export async function fetchMessages(imap: ImapFlow, uids: number[]): Promise<FetchMessageObject[]> {
  if (uids.length === 0) return [];
  const messages: FetchMessageObject[] = [];
  const heads = imap.fetch(
    uids.join(','),
    { uid: true, envelope: true, flags: true, internalDate: true, size: true },
    { uid: true },
  );
  for await (const message of heads) messages.push(message);

  const small = messages.filter((m) => (m.size ?? 0) <= SOURCE_BYTES).map((m) => m.uid);
  const sources = new Map<number, Buffer>();
  if (small.length > 0) {
    for await (const m of imap.fetch(small.join(','), { uid: true, source: true }, { uid: true })) {
      if (m.source) sources.set(m.uid, m.source);
    }
  }
  for (const m of messages) {
    if (sources.has(m.uid)) continue;
    const part = await imap.fetchOne(String(m.uid), { uid: true, source: { maxLength: SOURCE_BYTES } }, { uid: true });
    if (part && part.source) sources.set(m.uid, part.source);
  }
  for (const m of messages) m.source = sources.get(m.uid);
  return messages;
}
