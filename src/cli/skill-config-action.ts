/** `ias skills config NAME [KEY=VALUE…]`: show or set a skill's own settings (keys, accounts, addresses). */
import fs from 'node:fs';
import type { Command } from 'commander';
import { secretPlaces, type SecretStore } from '../core/approval/key-store.js';
import { configSecretName, isSecretSetting, type ConfigFieldState } from '../core/skills/skill-config.js';
import { SkillSecretRefusedError } from '../core/skills/skill-secret-refusal.js';
import type { Skill } from '../core/skills/types.js';
import { alternatives } from '../shared/name-lists.js';
import { saySkillSecret } from '../shared/skill-secrets.js';
import { localText } from '../shared/skill-text.js';
import { MAX_SETTING_CHARS } from '../shared/text-limits.js';
import { withControlsShown } from '../shared/visible-text.js';
import { printError, saidUsageError } from './chat-output.js';
import { commandLocale } from './cli-locale.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { cell, color, jsonText, table } from './format.js';
import { needsConfigJson } from './needs-config-json.js';
import { readSecret, saidPromptEnd } from './secret-input.js';
import { skillConfigWords, type SkillConfigWords } from './skill-config-words.js';
import { unknownSkill } from './unknown-skill.js';
import { UsageError } from './usage-error.js';

/**
 * The values to set. A secret setting's value is never taken from the command line: `KEY=-` asks
 * for it unseen on a terminal, or reads it from piped stdin.
 */
async function parseAssignments(
  skill: Skill,
  assignments: string[],
  words: SkillConfigWords,
): Promise<Record<string, string | null>> {
  const values: Record<string, string | null> = {};
  const secret = (key: string) => isSecretSetting(skill, key);
  const parsed = assignments.map((a) => {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(words.notAssignment(a));
    const key = a.slice(0, eq);
    const value = a.slice(eq + 1);
    // Refused before anything is read or asked for.
    if (value !== '' && value !== '-' && secret(key)) throw new UsageError(words.secretNotFromArgv(skill.name, key));
    return [key, value] as const;
  });
  const known = (skill.config ?? []).map((f) => f.name);
  const unknown = parsed.map(([key]) => key).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new UsageError(words.unknownSettings(skill.name, unknown, known));
  if (parsed.filter(([, value]) => value === '-').length > 1) throw new UsageError(words.twoFromStdin);
  for (const [key, value] of parsed) {
    values[key] = value === '-' ? await readValue(key, secret(key), words) : value === '' ? null : value;
    // As long as the app takes (it saves the value trimmed, as here): nothing saved past it.
    if ((values[key]?.trim().length ?? 0) > MAX_SETTING_CHARS)
      throw new UsageError(words.tooLong(key, MAX_SETTING_CHARS));
  }
  return values;
}

/**
 * A value from stdin: a secret's typed unseen on a terminal, or piped (at most 16 KiB). An empty
 * one is refused: an empty pipe, or Enter alone, must not clear what is saved (`KEY=` clears).
 */
async function readValue(key: string, secret: boolean, words: SkillConfigWords): Promise<string> {
  const value = secret
    ? await readSecret(words.secretPrompt(key), words.secretTooLong(key))
    : fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
  if (value === '') throw new UsageError(words.nothingFromStdin(key));
  return value;
}

/** A setting as shown here: a secret also says whether the desktop app keeps a sealed copy of it. */
type FieldView = ConfigFieldState & { sealedByApp?: boolean; appUsesSealed?: boolean };

/**
 * The settings with, for each secret, the copy the desktop app sealed with the OS keychain: only
 * the app can open it, so a secret set there alone is set, but not for what runs from `ias`.
 */
function withSealedCopies(skill: string, fields: ConfigFieldState[], secrets: SecretStore): FieldView[] {
  return fields.map((f) => {
    if (!f.secret) return f;
    const { sealedByApp, appUsesSealed } = secretPlaces(secrets, configSecretName(skill, f.name));
    return { ...f, sealedByApp, appUsesSealed };
  });
}

function secretState(f: FieldView, words: SkillConfigWords): string {
  if (f.set && f.appUsesSealed) return words.secret.setAppNewer;
  if (f.set) return words.secret.set;
  if (f.sealedByApp) return words.secret.sealedByApp;
  return words.secret.notSet;
}

export async function configureSkill(
  name: string,
  assignments: string[],
  opts: { json?: boolean },
  cmd: Command,
): Promise<void> {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const locale = commandLocale(context.paths.database);
  const words = skillConfigWords[locale];
  const skill = context.registry.get(name);
  if (!skill) {
    printError(words, unknownSkill(context, name, locale).message);
    process.exitCode = 2;
    return;
  }
  let values;
  try {
    values = await parseAssignments(skill, assignments, words);
  } catch (err) {
    if (saidUsageError(err, words) || saidPromptEnd(err, words)) return;
    throw err;
  }
  const runtime = await contextRuntime(context);
  try {
    if (assignments.length > 0) {
      try {
        runtime.skillConfig.set(skill, values);
      } catch (err) {
        if (err instanceof SkillSecretRefusedError) {
          printError(words, words.notSaved(saySkillSecret(words.refused, err.message, err.messageCode)));
          process.exitCode = 1;
          return;
        }
        throw new UsageError((err as Error).message);
      }
    }
    const fields = withSealedCopies(name, runtime.skillConfig.view(skill), runtime.secrets);
    const missing = runtime.skillConfig.missing(skill);
    if (opts.json) {
      process.stdout.write(`${jsonText({ name, settings: fields, needsConfig: needsConfigJson(missing) }, 2)}\n`);
      return;
    }
    if (fields.length === 0) {
      process.stdout.write(`${words.noSettings(name)}\n`);
      return;
    }
    const rows = fields.map((f) => [
      color.bold(f.name),
      f.refused
        ? words.secretNotUsed
        : f.secret
          ? secretState(f, words)
          : cell(f.value ?? (f.default ? words.byDefault(f.default) : words.notSet)),
      f.required === true
        ? words.required
        : typeof f.required === 'string'
          ? cell(words.oneOf(f.required))
          : words.optional,
      // In the owner's language where the skill gives it (`locales:`), else its English.
      cell(localText(f, 'description', locale)),
    ]);
    process.stdout.write(`${table([words.headers.map((h) => color.dim(h)), ...rows])}\n`);
    for (const f of fields) {
      if (f.refused) {
        const said = saySkillSecret(words.refused, f.refused.message, f.refused.messageCode);
        process.stdout.write(`${color.yellow(f.name)}${words.separator}${withControlsShown(said)}\n`);
      }
    }
    const onlyInApp = fields.filter((f) => !f.set && f.sealedByApp).map((f) => f.name);
    if (onlyInApp.length > 0) {
      process.stdout.write(`${color.yellow(words.note)}${words.separator}${words.sealedOnly(name, onlyInApp)}\n`);
    }
    if (missing.length > 0) {
      const label = onlyInApp.length > 0 ? words.stillToSetFromIas : words.stillToSet;
      process.stdout.write(
        `${color.yellow(label)}${words.separator}${missing.map((names) => alternatives(names, locale)).join(words.listSeparator)}\n`,
      );
    } else if (assignments.length > 0) {
      process.stdout.write(`${color.green(words.saved)} ${words.hasWhatItNeeds(name)}\n`);
      if (!runtime.store.skillSettings.isEnabled(skill)) process.stdout.write(`${words.switchedOff(name)}\n`);
    }
  } finally {
    await runtime.close();
  }
}
