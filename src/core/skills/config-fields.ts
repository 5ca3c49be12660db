/** Reads the `config:` declaration of a SKILL.md's front matter into ConfigFields. */
import { CONFIG_NAME_PATTERN, type ConfigField } from './types.js';

const KNOWN_KEYS = new Set(['name', 'description', 'secret', 'required', 'default']);

/**
 * Accepts a list of `{name, description, secret, required, default}` mappings, or a mapping from
 * names to the rest. Reports every problem at the `config:` line; returns the valid fields.
 */
export function parseConfigFields(
  value: unknown,
  line: number | undefined,
  error: (message: string, line?: number) => void,
): ConfigField[] | undefined {
  let entries: [string | undefined, unknown][];
  if (Array.isArray(value)) entries = value.map((v) => [undefined, v]);
  else if (value && typeof value === 'object') entries = Object.entries(value);
  else {
    error('front matter "config" must be a list of settings (name, description, secret, required)', line);
    return undefined;
  }
  const fields: ConfigField[] = [];
  const seen = new Set<string>();
  for (const [key, raw] of entries) {
    const spec = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const name = key ?? spec.name;
    if (typeof name !== 'string' || !CONFIG_NAME_PATTERN.test(name)) {
      error(
        `config setting ${JSON.stringify(name ?? null)} needs a name in capitals, digits and "_" (such as API_KEY)`,
        line,
      );
      continue;
    }
    if (seen.has(name)) {
      error(`config setting ${name} is declared twice`, line);
      continue;
    }
    seen.add(name);
    const unknown = Object.keys(spec).filter((k) => !KNOWN_KEYS.has(k));
    if (unknown.length > 0) {
      error(`config setting ${name} has unknown keys: ${unknown.join(', ')}`, line);
      continue;
    }
    if (spec.description !== undefined && typeof spec.description !== 'string') {
      error(`config setting ${name}: "description" must be text`, line);
      continue;
    }
    const required = spec.required ?? false;
    if (typeof required !== 'boolean' && (typeof required !== 'string' || required.trim() === '')) {
      error(`config setting ${name}: "required" must be true, false or the name of a group`, line);
      continue;
    }
    const secret = spec.secret ?? false;
    if (typeof secret !== 'boolean') {
      error(`config setting ${name}: "secret" must be true or false`, line);
      continue;
    }
    if (spec.default !== undefined && (secret || !['string', 'number', 'boolean'].includes(typeof spec.default))) {
      error(`config setting ${name}: only a setting that is not secret may have a text default`, line);
      continue;
    }
    const field: ConfigField = { name, description: (spec.description as string | undefined) ?? '', secret, required };
    if (spec.default !== undefined) field.default = String(spec.default);
    fields.push(field);
  }
  return fields;
}
