/**
 * The front matter keys iAs reads, and which of them a key it does not read was most likely meant
 * to be: `Parameters:`, `params:` or `desciption:` would otherwise be dropped without a word (the
 * tool then takes no arguments, or has another description). Keys of other tools (`version`,
 * `author`, `model`…) are left alone: only a key close to one of ours is a likely slip.
 */
import { editsBetween } from '../../shared/edit-distance.js';

/** Every key `parseSkillFile` reads (the Agent Skills standard's, then ours). */
export const FRONT_MATTER_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'risk',
  'timeout',
  'parameters',
  'config',
  'locales',
  'builtin',
] as const;

/** Other words for our keys (compared without case, "-", "_" or spaces). */
const ALIASES: Record<string, (typeof FRONT_MATTER_KEYS)[number]> = {
  params: 'parameters',
  param: 'parameters',
  arguments: 'parameters',
  args: 'parameters',
  inputs: 'parameters',
  input: 'parameters',
  inputschema: 'parameters',
  schema: 'parameters',
  risklevel: 'risk',
  level: 'risk',
  timeoutsecs: 'timeout',
  timeoutseconds: 'timeout',
  settings: 'config',
  env: 'config',
  secrets: 'config',
  tools: 'allowed-tools',
  i18n: 'locales',
  l10n: 'locales',
  translations: 'locales',
  translation: 'locales',
  localizations: 'locales',
  localization: 'locales',
};

const plain = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

/**
 * The key of ours that `key` (one iAs does not read) was likely meant to be, or undefined when it
 * looks like a key of its own: the same key in other case or with "_" for "-", another word for
 * it, a start of it (`desc`), or a slip of one or two letters in a longer key (not a key that
 * only adds to it, as `description_zh` does).
 */
export function meantKey(key: string): string | undefined {
  if ((FRONT_MATTER_KEYS as readonly string[]).includes(key)) return undefined;
  const given = plain(key);
  if (given === '') return undefined;
  const alias = ALIASES[given];
  if (alias) return alias;
  for (const known of FRONT_MATTER_KEYS) {
    const ours = plain(known);
    if (given === ours) return known;
    if (given.length >= 4 && ours.startsWith(given)) return known;
    // `description_zh` adds to a key rather than misspells it: a key of its own.
    if (ours.length >= 5 && !given.startsWith(ours) && editsBetween(given, ours, 2) <= 2) return known;
  }
  return undefined;
}
