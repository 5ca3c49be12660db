/**
 * email, action "read": the newest messages of a folder over IMAP, unread ones only when asked.
 * The folder is opened read-only (EXAMINE) and bodies are fetched with BODY.PEEK, so reading
 * marks nothing as read.
 */
import type { ImapFlow, ListResponse, SearchObject } from 'imapflow';
import type { BuiltinContext } from './index.js';
import { describeMailError } from './email-errors.js';
import { fetchMessages } from './email-fetch.js';
import { summarize, type MessageSummary } from './email-message.js';
import { CONNECT_TIMEOUT_MS, SOCKET_TIMEOUT_MS, serverSettings, type ServerSettings } from './email-settings.js';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

export interface ReadResult {
  folder: string;
  /** Messages in the folder. */
  total: number;
  /** Messages that match (unread ones, or those since the date). */
  matching: number;
  messages: MessageSummary[];
}

/** Everyday names of special folders, as their RFC 6154 flags. */
const SPECIAL: Record<string, string> = {
  sent: '\\Sent',
  'sent mail': '\\Sent',
  'sent items': '\\Sent',
  drafts: '\\Drafts',
  trash: '\\Trash',
  'deleted items': '\\Trash',
  junk: '\\Junk',
  spam: '\\Junk',
  archive: '\\Archive',
  'all mail': '\\All',
  starred: '\\Flagged',
  flagged: '\\Flagged',
};

/** The folder's path on the server: exact, then ignoring case, then by special use ("Sent"). */
export function resolveFolder(wanted: string, folders: ListResponse[]): string {
  const lower = wanted.toLowerCase();
  const found =
    folders.find((f) => f.path === wanted) ??
    folders.find((f) => f.path.toLowerCase() === lower || f.name.toLowerCase() === lower) ??
    folders.find((f) => SPECIAL[lower] !== undefined && f.specialUse === SPECIAL[lower]);
  if (found) return found.path;
  const names = folders.filter((f) => !f.flags.has('\\Noselect')).map((f) => f.path);
  const shown = names.length > 40 ? [...names.slice(0, 40), '…'] : names;
  throw new Error(`there is no folder "${wanted}" in this mailbox; its folders are: ${shown.join(', ')}`);
}

/** A day as the schema asks for it, optionally with a time (and zone) after it, which SINCE has no use for. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The day `since` names, as written (IMAP's SINCE compares days; a time with a zone must not move
 * it to the day before). A day that does not exist, or anything else after it, is refused: Date
 * would read "2026-02-31" as March 3 and "2026-05-01junk" as June 5.
 */
export function sinceDate(value: unknown): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const m = typeof value === 'string' ? DAY.exec(value.trim()) : null;
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : [NaN, NaN, NaN];
  const date = new Date(Date.UTC(year, month, day));
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() !== month || date.getUTCDate() !== day) {
    throw new Error(`since is "${String(value)}": give a date such as 2026-05-01`);
  }
  return date;
}

function clampLimit(value: unknown): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, n));
}

async function client(s: ServerSettings): Promise<ImapFlow> {
  const { ImapFlow } = await import('imapflow');
  const imap = new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    doSTARTTLS: s.security === 'starttls' ? true : s.security === 'none' ? false : undefined,
    auth: { user: s.user, pass: s.password },
    tls: { rejectUnauthorized: !s.allowSelfSigned },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  // Errors also reach the pending command; without a listener an 'error' event would throw.
  imap.on('error', () => {});
  return imap;
}

export async function readEmail(params: Record<string, unknown>, context: BuiltinContext): Promise<ReadResult> {
  const s = serverSettings(context.skill, context.env, 'IMAP');
  const wanted = typeof params.folder === 'string' && params.folder.trim() ? params.folder.trim() : 'INBOX';
  const limit = clampLimit(params.limit);
  const since = sinceDate(params.since);
  const query: SearchObject = {};
  if (params.unread_only === true) query.seen = false;
  if (since) query.since = since;

  const imap = await client(s);
  const stop = () => imap.close();
  context.signal.addEventListener('abort', stop, { once: true });
  let stage = 'connect';
  try {
    if (context.signal.aborted) throw new Error('stopped');
    await imap.connect();
    stage = 'folder';
    const folder = resolveFolder(wanted, await imap.list());
    const mailbox = await imap.mailboxOpen(folder, { readOnly: true });
    stage = 'messages';
    const uids =
      mailbox.exists === 0
        ? []
        : (await imap.search(Object.keys(query).length > 0 ? query : { all: true }, { uid: true })) || [];
    const chosen = [...uids].sort((a, b) => a - b).slice(-limit);
    const messages: MessageSummary[] = [];
    for (const message of await fetchMessages(imap, chosen)) messages.push(await summarize(message));
    messages.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.uid - a.uid);
    await imap.logout();
    return { folder, total: mailbox.exists, matching: uids.length, messages };
  } catch (err) {
    if (context.signal.aborted) throw new Error('reading mail was stopped', { cause: err });
    if (stage === 'folder' && (err as Error).message.startsWith('there is no folder')) throw err;
    const said = (err as { responseText?: string }).responseText;
    if (stage !== 'connect' && said) {
      const what = stage === 'folder' ? `open the folder "${wanted}"` : 'list the messages';
      throw new Error(`the IMAP server ${s.host} could not ${what}: ${said}`, { cause: err });
    }
    throw new Error(describeMailError(err, s), { cause: err });
  } finally {
    context.signal.removeEventListener('abort', stop);
    if (imap.usable) imap.close();
  }
}
