/** The clean environment a skill process gets: an allowlist of the app's variables plus its own. */

const POSIX_ALLOW = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XDG_RUNTIME_DIR',
];
const WINDOWS_ALLOW = [
  'PATH',
  'PATHEXT',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'COMMONPROGRAMFILES',
  'NUMBER_OF_PROCESSORS',
  'PROCESSOR_ARCHITECTURE',
  'OS',
  'USERNAME',
  'COMPUTERNAME',
  'PSMODULEPATH',
  'TZ',
  'LANG',
];

/** Variables of the parent that a skill may see; secrets and everything else stay behind. */
export function allowedParentEnv(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const windows = process.platform === 'win32';
  const allow = new Set(windows ? WINDOWS_ALLOW : POSIX_ALLOW);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const k = windows ? key.toUpperCase() : key;
    if (allow.has(k) || key.startsWith('LC_')) env[key] = value;
  }
  return env;
}

/**
 * The longest one variable may be, "NAME=value" with its final NUL: Linux refuses to start a
 * program given one of more than 128 KiB (MAX_ARG_STRLEN), Windows one of more than 32,767
 * characters.
 */
const LONGEST_VARIABLE_BYTES = process.platform === 'win32' ? 32_767 : 128 * 1024;
/** What the arguments' variables may take in all, well inside the usual 2 MiB for a program's arguments and environment together. */
const PARAM_VARIABLES_BYTES = 1024 * 1024;

/** The bytes of `NAME=value` with its final NUL, as a program's environment holds it. */
const variableBytes = (name: string, value: string) => Buffer.byteLength(name) + Buffer.byteLength(value) + 2;

/**
 * The variable a top-level argument reaches a script as: `SKILL_PARAM_` and its name in capitals,
 * every character other than A-Z, 0-9 and "_" made "_" (so `a-b` and `A_B` make the same one:
 * loading warns of parameter names that do, see param-variables.ts).
 */
export const paramVariable = (name: string) => `SKILL_PARAM_${name.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`;

/** Whether a name's variable says which it is: a name with no letter or digit gets none. */
export const namesItsVariable = (name: string) => /[\p{L}\p{N}]/u.test(name);

/**
 * The arguments as variables: `SKILL_PARAMS` (their JSON) and `SKILL_PARAM_<NAME>` for each
 * top-level scalar. One too long to be a variable, or past what they may take in all, is left
 * out: the whole JSON is on stdin. So is a name with no letter or digit, and so are arguments that
 * make one variable: a parameter the schema declares (`declared`) keeps its variable from any
 * argument it does not declare (the model cannot take a checked value's place, nor empty it), and
 * two declared ones, or two undeclared ones, that make one variable give it to neither.
 */
export function paramEnv(
  params: Record<string, unknown>,
  json = JSON.stringify(params),
  declared: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const env: Record<string, string> = {};
  let room = PARAM_VARIABLES_BYTES;
  const add = (name: string, value: string) => {
    const bytes = variableBytes(name, value);
    if (bytes > LONGEST_VARIABLE_BYTES || bytes > room) return;
    env[name] = value;
    room -= bytes;
  };
  const scalars = Object.entries(params).filter(
    ([key, value]) =>
      namesItsVariable(key) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
  );
  const byVariable = new Map<string, [string, unknown][]>();
  for (const entry of scalars) {
    const variable = paramVariable(entry[0]);
    byVariable.set(variable, [...(byVariable.get(variable) ?? []), entry]);
  }
  for (const [variable, entries] of byVariable) {
    const ofSchema = entries.filter(([key]) => declared.has(key));
    const claimants = ofSchema.length > 0 ? ofSchema : entries;
    if (claimants.length === 1) add(variable, String(claimants[0]![1]));
  }
  add('SKILL_PARAMS', json);
  return env;
}

/** Why `env` cannot be given to a program (no variable may hold a NUL character), or undefined. */
export function environmentProblem(env: Record<string, string>): string | undefined {
  const name = Object.keys(env).find((key) => key.includes('\0') || env[key]!.includes('\0'));
  if (name === undefined) return undefined;
  const what = name.startsWith('SKILL_PARAM_')
    ? `${name}, a string argument passed as a variable,`
    : `the variable ${name.replace(/\0/g, '\\0')}`;
  return `${what} contains a NUL character (\\u0000), which no program can be given in its environment; nothing ran`;
}
