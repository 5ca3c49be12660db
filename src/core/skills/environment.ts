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

/** `SKILL_PARAM_<NAME>` for each top-level scalar argument. */
export function paramEnv(params: Record<string, unknown>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const name = key.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
    env[`SKILL_PARAM_${name}`] = String(value);
  }
  return env;
}
