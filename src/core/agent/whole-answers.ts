/**
 * Answers that come whole rather than as a stream of Chat Completions chunks, as servers give them:
 * one JSON completion (a server that ignores `stream: true`, or one asked without it) is read as
 * the reply; a web page (a web UI or a network's login page at that address) or JSON without
 * `choices` (a server that says something else with a 200) is a failure that says what came.
 */

/** What a server answered with a 200 that holds no reply. */
export class NotACompletionError extends Error {
  constructor(
    readonly kind: 'web-page' | 'no-reply',
    /** What it said: a page's title, or the start of the body. */
    readonly detail: string,
  ) {
    super(`the server answered without a chat completion (${kind})${detail ? `: ${detail}` : ''}`);
  }
}

/** A whole completion as the one chunk a stream would have carried (what streamCompletion reads). */
export interface CompletionAsChunk {
  choices: { delta: unknown; finish_reason: string | null }[];
}

/** The body of a whole answer (text, or JSON the client parsed) as one chunk; throws when it holds no reply. */
export function completionChunk(body: unknown, contentType: string): CompletionAsChunk {
  let parsed = body;
  if (typeof body === 'string') {
    if (/html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(body)) {
      throw new NotACompletionError('web-page', pageTitle(body));
    }
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new NotACompletionError('no-reply', excerpt(body));
    }
  }
  const choice = (parsed as { choices?: unknown } | null)?.choices;
  const first = Array.isArray(choice) ? (choice[0] as { message?: unknown; finish_reason?: unknown }) : undefined;
  if (typeof first?.message !== 'object' || first.message === null) {
    throw new NotACompletionError('no-reply', excerpt(typeof body === 'string' ? body : JSON.stringify(body)));
  }
  const finish = typeof first.finish_reason === 'string' ? first.finish_reason : null;
  return { choices: [{ delta: first.message, finish_reason: finish }] };
}

/**
 * The events of a stream sent under another content type (`data: {…}` lines as JSON, which some
 * proxies label it), else undefined.
 */
export function eventsIn(body: string): unknown[] | undefined {
  if (!/^\s*(data|event|id|:)/.test(body)) return undefined;
  const events: unknown[] = [];
  for (const line of body.split(/\r?\n/)) {
    const data = /^data:\s?(.*)$/.exec(line)?.[1];
    if (data === undefined || data.trim() === '[DONE]') continue;
    try {
      events.push(JSON.parse(data));
    } catch {
      // Not an event of a reply: what the server said comes out below if nothing else did.
    }
  }
  return events;
}

/** What a web page is called: its title (else its first heading), as a person reads it. */
export function pageTitle(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  return excerpt((title ?? '').replace(/<[^>]*>/g, ' '));
}

/** The start of a text, on one line, for a message. */
export function excerpt(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
