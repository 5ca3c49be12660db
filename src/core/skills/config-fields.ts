/** Reads the `config:` declaration of a SKILL.md's front matter into ConfigFields. */
import type { ReportProblem } from './problem.js';
import { CONFIG_NAME_PATTERN, type ConfigField } from './types.js';

const KNOWN_KEYS = new Set(['name', 'description', 'secret', 'required', 'default']);

/**
 * Accepts a list of `{name, description, secret, required, default}` mappings, or a mapping from
 * names to the rest. Reports every problem at the `config:` line; returns the valid fields.
 */
export function parseConfigFields(
  value: unknown,
  line: number | undefined,
  error: ReportProblem,
): ConfigField[] | undefined {
  let entries: [string | undefined, unknown][];
  if (Array.isArray(value)) entries = value.map((v) => [undefined, v]);
  else if (value && typeof value === 'object') entries = Object.entries(value);
  else {
    error('config-not-list', {}, line);
    return undefined;
  }
  const fields: ConfigField[] = [];
  const seen = new Set<string>();
  for (const [key, raw] of entries) {
    const spec = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const name = key ?? spec.name;
    if (typeof name !== 'string' || !CONFIG_NAME_PATTERN.test(name)) {
      error('config-bad-name', { name: JSON.stringify(name ?? null) }, line);
      continue;
    }
    if (seen.has(name)) {
      error('config-twice', { name }, line);
      continue;
    }
    seen.add(name);
    const unknown = Object.keys(spec).filter((k) => !KNOWN_KEYS.has(k));
    if (unknown.length > 0) {
      error('config-unknown-keys', { name, keys: unknown.join(', ') }, line);
      continue;
    }
    if (spec.description !== undefined && typeof spec.description !== 'string') {
      error('config-description-not-text', { name }, line);
      continue;
    }
    const required = spec.required ?? false;
    if (typeof required !== 'boolean' && (typeof required !== 'string' || required.trim() === '')) {
      error('config-required-invalid', { name }, line);
      continue;
    }
    const secret = spec.secret ?? false;
    if (typeof secret !== 'boolean') {
      error('config-secret-invalid', { name }, line);
      continue;
    }
    if (spec.default !== undefined && (secret || !['string', 'number', 'boolean'].includes(typeof spec.default))) {
      error('config-default-invalid', { name }, line);
      continue;
    }
    const field: ConfigField = { name, description: (spec.description as string | undefined) ?? '', secret, required };
    if (spec.default !== undefined) field.default = String(spec.default);
    fields.push(field);
  }
  return fields;
}
