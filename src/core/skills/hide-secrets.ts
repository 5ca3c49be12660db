/**
 * A skill's secret settings, kept out of what its call answers. A skill gets its secrets to use,
 * but what it answers goes to the model (a server elsewhere), the conversation and the audit log:
 * an error that quotes the URL it called (Python's requests does, query string and key included)
 * or a script that echoes its key would hand the secret to all three. Each secret value, as it is
 * and as a URL encodes it, is replaced wherever it appears in the answer.
 */
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
  const forms = [...new Set(secrets.flatMap((s) => [s, encodeURIComponent(s)]))].sort((a, b) => b.length - a.length);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return forms.reduce((text, secret) => text.split(secret).join(SECRET_HIDDEN), v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [walk(k) as string, walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}
