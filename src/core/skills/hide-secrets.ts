/**
 * A skill's secret settings, kept out of what its call answers. A skill gets its secrets to use,
 * but what it answers goes to the model (a server elsewhere), the conversation and the audit log:
 * an error that quotes the URL it called (Python's requests does, query string and key included),
 * a script that echoes its key or prints its Basic auth header would hand the secret to all three.
 * Each secret, in each form it takes (secret-forms.ts), is replaced wherever it appears in the
 * answer; where the executor cut the output (a capped stdout, an error's tail), the part of a
 * secret left at the cut is replaced too.
 */
import { secretForms } from './secret-forms.js';
import type { Skill } from './types.js';

export const SECRET_HIDDEN = '[secret hidden]';

/** Shorter values are too likely to be ordinary words of an answer (and are no real secrets). */
const SHORTEST_HIDDEN = 6;

/** The values of the skill's secret settings among the variables its run gets. */
export function secretValues(skill: Skill, env: Record<string, string>): string[] {
  return (skill.config ?? []).flatMap((field) => {
    const value = field.secret ? env[field.name] : undefined;
    return value !== undefined && value.length >= SHORTEST_HIDDEN ? [value] : [];
  });
}

/** `value` (a call's result: text, or JSON) with every secret in it replaced by SECRET_HIDDEN. */
export function hideSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const forms = secretForms(secrets);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return hideForms(v, forms);
    // A secret of digits, read as a number (a built-in's result, a parsed answer).
    if (typeof v === 'number') {
      const text = String(v);
      return forms.some((form) => text.includes(form)) ? hideForms(text, forms) : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [walk(k) as string, walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * `text`, cut from a longer output at its start, its end or both, with the part of a secret the cut
 * left there (at least SHORTEST_HIDDEN characters of it) replaced by SECRET_HIDDEN.
 */
export function hideCutSecrets(
  text: string,
  secrets: readonly string[],
  cut: { start?: boolean; end?: boolean },
): string {
  if (secrets.length === 0 || !(cut.start || cut.end)) return text;
  const forms = secretForms(secrets);
  let hidden = text;
  if (cut.start) {
    const length = Math.max(0, ...forms.map((form) => leadingPart(hidden, form)));
    if (length > 0) hidden = SECRET_HIDDEN + hidden.slice(length);
  }
  if (cut.end) {
    // A cap cuts bytes: a character it splits reads as U+FFFD after the secret's part.
    const body = hidden.replace(/\uFFFD+$/, '');
    const length = Math.max(0, ...forms.map((form) => trailingPart(body, form)));
    if (length > 0) hidden = body.slice(0, body.length - length) + SECRET_HIDDEN;
  }
  return hidden;
}

/**
 * How long the end of `form` is that `text` begins with (all of `text` if it lies inside that
 * end, as an error's tail can in a long key); 0 if shorter than SHORTEST_HIDDEN.
 */
function leadingPart(text: string, form: string): number {
  const head = text.slice(0, SHORTEST_HIDDEN);
  if (head.length < SHORTEST_HIDDEN) return 0;
  for (let at = form.indexOf(head); at !== -1; at = form.indexOf(head, at + 1)) {
    if (text.startsWith(form.slice(at))) return form.length - at;
    if (form.startsWith(text, at)) return text.length;
  }
  return 0;
}

/** How long the start of `form` is that `text` ends with (0 if shorter than SHORTEST_HIDDEN). */
function trailingPart(text: string, form: string): number {
  const tail = text.slice(-SHORTEST_HIDDEN);
  if (tail.length < SHORTEST_HIDDEN) return 0;
  for (let at = form.lastIndexOf(tail); at !== -1; at = at > 0 ? form.lastIndexOf(tail, at - 1) : -1) {
    if (text.endsWith(form.slice(0, at + SHORTEST_HIDDEN))) return at + SHORTEST_HIDDEN;
  }
  return 0;
}

type Span = readonly [start: number, end: number];

/**
 * `text` with each stretch where forms occur (overlapping or touching ones as one) replaced by one
 * SECRET_HIDDEN. Repeated until no form is found outside the markers: a marker next to text could
 * spell a form anew (a secret that ends in "hidden]12345", say).
 */
function hideForms(text: string, forms: readonly string[]): string {
  let markers: Span[] = [];
  for (;;) {
    const spans = merged([...markers, ...occurrences(text, forms)]);
    if (spans.length === markers.length && spans.every((s, i) => s[0] === markers[i]![0] && s[1] === markers[i]![1]))
      return text;
    let hidden = '';
    let at = 0;
    markers = spans.map(([start, end]) => {
      hidden += text.slice(at, start);
      at = end;
      const marker: Span = [hidden.length, hidden.length + SECRET_HIDDEN.length];
      hidden += SECRET_HIDDEN;
      return marker;
    });
    text = hidden + text.slice(at);
  }
}

/** Where each form occurs (its overlapping occurrences, as in "aaaaaaa", already joined). */
function occurrences(text: string, forms: readonly string[]): Span[] {
  const found: [number, number][] = [];
  for (const form of forms) {
    let last: [number, number] | undefined;
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      if (last && at <= last[1]) last[1] = at + form.length;
      else found.push((last = [at, at + form.length]));
    }
  }
  return found;
}

/** The spans sorted, overlapping or touching ones joined. */
function merged(spans: Span[]): Span[] {
  const joined: [number, number][] = [];
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    const last = joined[joined.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else joined.push([start, end]);
  }
  return joined;
}
