/** Real temp folders for tests, removed after each file's tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';

const made: string[] = [];

export function tempDir(prefix = 'ias-test-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

const cleanups: (() => void)[] = [];
const removeAll = () => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
};

if (process.env.VITEST) {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  afterAll(removeAll);
} else {
  // Benchmarks borrow these helpers outside the test runner.
  process.on('exit', removeAll);
}

/** Runs `cleanup` after the current test (closing a database, say). */
export function onCleanup(cleanup: () => void): void {
  cleanups.push(cleanup);
}

/** Writes `<root>/<name>/SKILL.md` (and any other files, by relative path). */
export function writeSkill(root: string, name: string, skillMd: string, files: Record<string, string> = {}): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), skillMd);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

/** A seed-shape script skill. */
export function scriptSkill(opts: {
  title?: string;
  description?: string;
  risk?: string;
  language?: string;
  script: string;
  parameters?: object;
  timeout?: number;
}): string {
  const parts = [
    `# ${opts.title ?? 'Test skill'}`,
    '',
    opts.description ?? 'A skill used by the tests.',
    '',
    `## Risk Level`,
    '',
    opts.risk ?? 'Low',
    '',
  ];
  if (opts.parameters) parts.push('## Parameters', '', '```json', JSON.stringify(opts.parameters, null, 2), '```', '');
  if (opts.timeout) parts.push('## Timeout', '', String(opts.timeout), '');
  parts.push('## Execute', '', '```' + (opts.language ?? 'bash'), opts.script, '```', '');
  return parts.join('\n');
}

/** One setting of a skill's `config` front matter. */
export interface SettingSpec {
  name: string;
  description: string;
  secret?: boolean;
  required?: boolean;
}

/** The low-risk `city_weather` skill with `settings` as its config, running `script` (bash). */
export function cityWeatherSkill(settings: SettingSpec[], script = 'echo "weather"'): string {
  const config = settings.flatMap((s) => [
    `  - name: ${s.name}`,
    `    description: ${s.description}`,
    ...(s.secret ? ['    secret: true'] : []),
    ...(s.required ? ['    required: true'] : []),
  ]);
  return [
    '---',
    'name: city_weather',
    'description: Tells the weather of a city.',
    'risk: low',
    'config:',
    ...config,
    '---',
    '',
    '# City weather',
    '',
    'Tells the weather of a city.',
    '',
    '## Execute',
    '',
    '```bash',
    script,
    '```',
    '',
  ].join('\n');
}

/**
 * The low-risk `lookup` skill, which looks a word up in the owner's dictionary service (settings:
 * the secret DICT_API_KEY, required, and DICT_URL, with a default), in parts for tests of
 * `locales:`: `head`, its front matter up to where `locales:` goes (12 lines, so a block put there
 * starts at line 13); `locales`, giving its title (查词典), its description and DICT_API_KEY's in
 * 简体中文, not DICT_URL's; `body`, the end of the front matter and the `# Dictionary lookup` body.
 */
export const DICTIONARY = {
  head: `---
name: lookup
description: Looks a word up in the owner's dictionary service.
risk: low
config:
  - name: DICT_API_KEY
    description: The dictionary service's API key
    secret: true
    required: true
  - name: DICT_URL
    description: The service's address
    default: https://dict.example.com
`,
  locales: `locales:
  zh-CN:
    title: 查词典
    description: 在你的词典服务里查一个词。
    config:
      DICT_API_KEY: 词典服务的 API Key
`,
  body: `---

# Dictionary lookup

## Parameters

\`\`\`json
{ "type": "object", "properties": { "word": { "type": "string", "description": "the word" } }, "required": ["word"] }
\`\`\`

## Execute

\`\`\`bash
echo "$SKILL_PARAM_WORD"
\`\`\`
`,
};

/** The `lookup` skill's SKILL.md (see DICTIONARY), with `locales` as its `locales:` block. */
export const dictionarySkill = (locales = DICTIONARY.locales): string => DICTIONARY.head + locales + DICTIONARY.body;
