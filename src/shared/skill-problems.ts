/**
 * What is wrong with a SKILL.md (or its folder), as a stable code with its parameters, so that a
 * UI can say it in its own language; and how each reads in English (what `ias skills check`
 * prints, and a UI shows for a code it does not know). A `detail` is another program's own words
 * (YAML, JSON Schema, the file system): shown as they came. Plain types and functions: no Node, no DOM.
 */
import { sayCoded } from './coded-text.js';

/** Where in the file a value was given: a front matter key, or a `## Heading` section. */
export type SkillPlace = { frontMatter: string } | { section: string };

export interface SkillProblemParams {
  'bad-folder-name': { name: string };
  /** The folder's name is a tool iAs itself gives the model (`find_skills`): two tools would share it. */
  'reserved-tool-name': { name: string };
  /** A warning: some providers refuse tool names that do not begin with a letter or "_". */
  'file-too-large': { kb: number; limitKb: number };
  'file-binary': Record<string, never>;
  /** The file begins with a UTF-16 byte order mark (Notepad's "Unicode", Windows PowerShell's `>`). */
  'file-utf16': Record<string, never>;
  'file-not-utf8': Record<string, never>;
  'file-empty': Record<string, never>;
  'front-matter-unclosed': Record<string, never>;
  'front-matter-not-mapping': Record<string, never>;
  /** The first "---" comes after blank lines: front matter is read from line 1 only. */
  'front-matter-not-first-line': { line: number };
  /** The file begins with a front matter line (`name:` or `description:`) and no "---" above it. */
  'front-matter-no-opening': { key: string };
  'front-matter-bad-yaml': { detail: string };
  /** The YAML error of a line whose unquoted value holds ": " (read as a second key): `key` is the line's key. */
  'front-matter-colon-in-value': { key: string; detail: string };
  /** A warning: a key iAs does not read, and the key of ours it likely meant. */
  'front-matter-key-unknown': { key: string; meant: string };
  /** Its YAML aliases expanded, the front matter is larger than a SKILL.md may be. */
  'front-matter-too-large': { limitKb: number };
  'code-block-unclosed': Record<string, never>;
  'section-twice': { heading: string; firstLine: number };
  'front-matter-not-text': { key: string };
  /** A warning. */
  'name-differs': { name: string; folder: string };
  'no-description': Record<string, never>;
  /** A warning. */
  'description-long': { length: number };
  'execute-more-scripts': { line: number };
  /** A warning. */
  'compatibility-long': Record<string, never>;
  'metadata-not-mapping': Record<string, never>;
  'risk-unknown': { word: string; place: SkillPlace };
  'risk-empty': { heading: string };
  'risk-disagree': { frontMatter: string; heading: string; section: string };
  /** `found`: the value as written, in JSON. */
  'timeout-invalid': { max: number; found: string };
  'timeout-empty': Record<string, never>;
  'parameters-twice': Record<string, never>;
  'parameters-no-block': Record<string, never>;
  'json-invalid': { place: SkillPlace; reason: string };
  'schema-not-object': Record<string, never>;
  /** `has`: the "type" it has, in JSON; absent when it has none. */
  'schema-not-type-object': { has?: string };
  'schema-invalid': { detail: string };
  /** One "type" names no JSON type: where (`schema/properties/n/type`), the words (in JSON), the types there are. */
  'schema-unknown-type': { at: string; given: string; types: string };
  /** Objects and lists nested deeper than `max` levels. */
  'schema-too-deep': { max: number };
  /** The schema's `$schema` names a JSON Schema version the checker does not know (2020-12, draft-04…): as JSON. */
  'schema-version-unknown': { given: string };
  /** The schema says `$async`: its check would answer later, as a promise. */
  'schema-async': Record<string, never>;
  'schema-uncompilable': { detail: string };
  /** A warning: two parameter names (in JSON) that would reach a script as one variable, `SKILL_PARAM_…`: neither gets it. */
  'parameter-variable-clash': { first: string; second: string; variable: string };
  /** A warning: a parameter name (in JSON) without a letter or digit gets no variable (one would not name it). */
  'parameter-variable-unnamed': { name: string; variable: string };
  /** A warning: the first spots, and how many more there are. */
  'builtin-and-script': Record<string, never>;
  'execute-no-block': Record<string, never>;
  'no-risk': Record<string, never>;
  'execute-empty': Record<string, never>;
  'script-language-unknown': { language: string; supported: string };
  'script-no-interpreter': Record<string, never>;
  /**
   * A warning: the script runs a file of the skill folder as a program (`file` as written, `rel`
   * its path in the folder) that has no execute permission; `interpreter`: what runs it, when known.
   */
  'script-not-executable': { file: string; rel: string; interpreter?: string };
  'config-not-list': Record<string, never>;
  /** `name`: the name as written, in JSON. */
  'config-bad-name': { name: string };
  'config-twice': { name: string };
  'config-unknown-keys': { name: string; keys: string };
  'config-description-not-text': { name: string };
  'config-required-invalid': { name: string };
  'config-secret-invalid': { name: string };
  'config-default-invalid': { name: string };
  /** A warning: `at` (`locales`, `locales.zh-CN`, `locales.zh-CN.config`) is not a mapping; it is ignored. */
  'locales-not-mapping': { at: string };
  /** A warning: `locales` names a language tag the UI does not speak besides English; `known`: those it does. */
  'locale-unknown': { tag: string; known: string };
  /** A warning: a key other than title, description and config under `at` (`locales.zh-CN`). */
  'locale-unknown-key': { at: string; key: string };
  /** A warning: the value at `at` (`locales.zh-CN.title`) is not text. */
  'locale-not-text': { at: string };
  /** A warning: the text at `at` is `length` characters, past `max`. */
  'locale-text-long': { at: string; length: number; max: number };
  /** A warning: `at` (`locales.zh-CN.config`) names `name`, which the skill's `config` does not declare. */
  'locale-config-unknown': { at: string; name: string };
  'folder-link-broken': Record<string, never>;
  'folder-link-outside': { target: string };
  'folder-unreadable': { detail: string };
  'skill-md-folder': Record<string, never>;
  /** The folder's skill file is named in other capitals (`skill.md`): `found` is its name. */
  'skill-md-name': { found: string };
  'skill-md-unreadable': { detail: string };
  /** SKILL.md is a named pipe, a socket or a device: it is not read (a pipe would block loading). */
  'skill-md-not-regular': { kind: 'fifo' | 'socket' | 'device' | 'other' };
  /** The parser failed on the file (a fault of iAs's, reported instead of stopping all loading). */
  'skill-md-unparsable': { detail: string };
  'skills-folder-unreadable': { detail: string };
  /** A user skill names a built-in handler. */
  'builtin-user-skill': Record<string, never>;
  /** A warning: a system skill whose handler acts outside iAs declared a lower risk than high. */
  'builtin-risk-raised': { handler: string };
  /** The name a skill is saved under in the app. */
  'bad-skill-name': Record<string, never>;
  'file-link-broken': { file: string };
  'file-link-outside': { file: string; target: string };
  'too-many-files': { max: number };
  'folder-too-large': { maxMb: number };
  /** `ias skills check` was given a path that is not there. */
  'check-path-missing': Record<string, never>;
  /** `ias skills check` was given a file other than SKILL.md. */
  'check-path-not-skill': Record<string, never>;
  /** A warning: `ias skills check` was given a folder with no skill folder in it. */
  'check-path-no-skills': Record<string, never>;
}

export type SkillProblemName = keyof SkillProblemParams;

/** A skill problem's code and parameters (one of {@link SkillProblemParams}). */
export type SkillProblemCode = {
  [C in SkillProblemName]: { code: C; params: SkillProblemParams[C] };
}[SkillProblemName];

/** How each problem (by its code) reads in a language. */
export type SkillProblemStrings = { [C in SkillProblemName]: (p: SkillProblemParams[C]) => string };

const IRREGULAR_EN: Record<SkillProblemParams['skill-md-not-regular']['kind'], string> = {
  fifo: 'a named pipe (FIFO)',
  socket: 'a socket',
  device: 'a device',
  other: 'a special file',
};

const place = (p: SkillPlace) => ('section' in p ? `"## ${p.section}"` : `front matter "${p.frontMatter}"`);

export const englishSkillProblems: SkillProblemStrings = {
  'bad-folder-name': (p) =>
    `the folder name "${p.name}" is not a valid skill name: use 1 to 64 lower-case letters, digits, "_" or "-"`,
  'reserved-tool-name': (p) =>
    `"${p.name}" is the name of a tool iAs itself gives the model; a skill of that name would be hidden by it: rename the skill's folder (and its "name:")`,
  'file-too-large': (p) => `SKILL.md is ${p.kb} KB; the limit is ${p.limitKb} KB`,
  'file-binary': () => 'SKILL.md is a binary file, not markdown text',
  'file-utf16': () => 'SKILL.md is saved as UTF-16 text: save it as UTF-8',
  'file-not-utf8': () => 'SKILL.md is not valid UTF-8 text',
  'file-empty': () => 'SKILL.md is empty: it needs at least a title and a description',
  'front-matter-unclosed': () => 'the front matter opened by "---" on line 1 is never closed by a "---" line',
  'front-matter-not-mapping': () => 'the front matter must be a YAML mapping of "key: value" lines',
  'front-matter-not-first-line': (p) =>
    `the front matter's "---" must be the file's very first line (here it is line ${p.line}): remove the lines above it`,
  'front-matter-no-opening': (p) =>
    `the file begins with "${p.key}:" but has no "---" line above it: front matter goes between two "---" lines, the first of them the file's very first line`,
  'front-matter-bad-yaml': (p) => `the front matter is not valid YAML: ${p.detail}`,
  'front-matter-colon-in-value': (p) =>
    `the front matter is not valid YAML: the value of "${p.key}" has a ": " in it, which YAML reads as another key; put the value in quotes: ${p.key}: "…" (YAML says: ${p.detail})`,
  'front-matter-key-unknown': (p) =>
    `iAs does not read front matter "${p.key}", so it is ignored: did you mean "${p.meant}"?`,
  'front-matter-too-large': (p) =>
    `the front matter, its YAML aliases (*name) expanded, is larger than the ${p.limitKb} KB a SKILL.md may be: write the values out instead of repeating aliases`,
  'code-block-unclosed': () => 'a code block opened here is never closed',
  'section-twice': (p) => `"## ${p.heading}" appears twice (first on line ${p.firstLine})`,
  'front-matter-not-text': (p) => `front matter "${p.key}" must be text`,
  'name-differs': (p) =>
    `front matter name "${p.name}" differs from the folder name "${p.folder}"; the tool is called "${p.folder}" (rename one so they match)`,
  'no-description': () =>
    'the skill has no description: add a paragraph under the "# Title" line or a "description:" in front matter',
  'description-long': (p) => `the description is ${p.length} characters; keep it under 1,024`,
  'execute-more-scripts': (p) =>
    `"## Execute" has more than one script: only the first (line ${p.line}) runs; put the rest in it, or in a file beside SKILL.md`,
  'compatibility-long': () => 'front matter "compatibility" is longer than 500 characters',
  'metadata-not-mapping': () => 'front matter "metadata" must be a mapping of keys to text values',
  'risk-unknown': (p) => `unknown risk level "${p.word}" in ${place(p.place)}: write Low or High`,
  'risk-empty': (p) => `"## ${p.heading}" is empty: write Low or High`,
  'risk-disagree': (p) =>
    `the risk is declared twice and they disagree: front matter says ${p.frontMatter}, "## ${p.heading}" says ${p.section}`,
  'timeout-invalid': (p) => `timeout must be a number of seconds between 1 and ${p.max} (found ${p.found})`,
  'timeout-empty': () => '"## Timeout" is empty: write a number of seconds',
  'parameters-twice': () => 'parameters are given twice: in front matter and in "## Parameters"; keep one',
  'parameters-no-block': () => '"## Parameters" has no ```json code block with the JSON Schema',
  'json-invalid': (p) => `${place(p.place)} is not valid JSON: ${p.reason}`,
  'schema-not-object': () => 'the parameter schema must be a JSON object',
  'schema-not-type-object': (p) =>
    `the parameter schema must have "type": "object" (it has ${p.has === undefined ? 'no type' : p.has})`,
  'schema-invalid': (p) => `the parameter schema is not valid JSON Schema: ${p.detail}`,
  'schema-unknown-type': (p) =>
    `the parameter schema is not valid JSON Schema: ${p.at} ${p.given} is not a type: use ${p.types}`,
  'schema-too-deep': (p) => `the parameter schema nests objects and lists deeper than ${p.max} levels`,
  'schema-async': () =>
    'the parameter schema says "$async": iAs checks the arguments of a call at once, before it runs: remove "$async"',
  'schema-version-unknown': (p) =>
    `the parameter schema's "$schema" is ${p.given}, a JSON Schema version iAs does not know: remove that line (iAs checks parameters as JSON Schema draft-07)`,
  'schema-uncompilable': (p) => `the parameter schema cannot be compiled: ${p.detail}`,
  'parameter-variable-clash': (p) =>
    `parameters ${p.first} and ${p.second} would both reach the script as the variable ${p.variable}, so neither gets it: the script finds them in SKILL_PARAMS or on stdin, or rename one (a name's variable has it in capitals, every character other than A-Z, 0-9 and "_" as "_")`,
  'parameter-variable-unnamed': (p) =>
    `parameter ${p.name} has no letter or digit, so it gets no variable (${p.variable} would not name it): the script finds it in SKILL_PARAMS or on stdin, or give it a name with letters or digits`,
  'builtin-and-script': () => 'a skill runs either a built-in handler or a script, not both',
  'execute-no-block': () => '"## Execute" has no fenced code block with the script',
  'no-risk': () =>
    'this skill runs something but declares no risk: add "## Risk Level" with Low or High (or "risk:" in front matter)',
  'execute-empty': () => 'the "## Execute" code block is empty',
  'script-language-unknown': (p) =>
    `unknown script language "${p.language}": use ${p.supported}, or start the script with a #! line`,
  'script-no-interpreter': () =>
    'the "## Execute" code block names no interpreter: write ```bash, ```node, ```python or ```powershell, or start it with a #! line',
  'script-not-executable': (p) =>
    `the script runs "${p.file}", but that file is not executable, so the call fails with "Permission denied": make it executable (run \`chmod +x ${p.rel}\` in the skill folder)${p.interpreter ? ` or run it through its interpreter (\`${p.interpreter} ${p.file}\`)` : ''}`,
  'config-not-list': () => 'front matter "config" must be a list of settings (name, description, secret, required)',
  'config-bad-name': (p) =>
    `config setting ${p.name} needs a name of 1 to 64 capitals, digits and "_", starting with a capital (such as API_KEY)`,
  'config-twice': (p) => `config setting ${p.name} is declared twice`,
  'config-unknown-keys': (p) => `config setting ${p.name} has unknown keys: ${p.keys}`,
  'config-description-not-text': (p) => `config setting ${p.name}: "description" must be text`,
  'config-required-invalid': (p) => `config setting ${p.name}: "required" must be true, false or the name of a group`,
  'config-secret-invalid': (p) => `config setting ${p.name}: "secret" must be true or false`,
  'config-default-invalid': (p) =>
    `config setting ${p.name}: only a setting that is not secret may have a text default`,
  'locales-not-mapping': (p) =>
    `front matter "${p.at}" must be a mapping of "key: value" lines, so it is ignored (the skill shows its English text)`,
  'locale-unknown': (p) =>
    `front matter "locales" names "${p.tag}", which is not a language iAs shows besides English, so it is ignored: write ${p.known}`,
  'locale-unknown-key': (p) =>
    `front matter "${p.at}" has "${p.key}", which iAs does not read there, so it is ignored: it reads title, description and config`,
  'locale-not-text': (p) => `front matter "${p.at}" must be text, so it is ignored (the skill shows its English text)`,
  'locale-text-long': (p) =>
    `front matter "${p.at}" is ${p.length} characters, more than the ${p.max} it may have, so it is ignored (the skill shows its English text)`,
  'locale-config-unknown': (p) =>
    `front matter "${p.at}" names ${p.name}, which is not one of this skill's settings under "config", so it is ignored`,
  'folder-link-broken': () => 'the skill folder is a broken symbolic link',
  'folder-link-outside': (p) =>
    `the skill folder is a symbolic link to ${p.target}, outside the skills folder; it is refused`,
  'folder-unreadable': (p) => `the skill folder cannot be read: ${p.detail}`,
  'skill-md-folder': () => 'SKILL.md is a folder, not a file',
  'skill-md-name': (p) => `the skill file is named "${p.found}": iAs reads only SKILL.md, in capitals: rename it`,
  'skill-md-unreadable': (p) => `SKILL.md cannot be read: ${p.detail}`,
  'skill-md-not-regular': (p) =>
    `SKILL.md is ${IRREGULAR_EN[p.kind]}, not a regular file: it is not read (make it a plain text file)`,
  'skill-md-unparsable': (p) => `iAs could not read this SKILL.md (the skill is skipped): ${p.detail}`,
  'skills-folder-unreadable': (p) => `the skills folder cannot be read: ${p.detail}`,
  'builtin-user-skill': () =>
    '"builtin:" names a handler built into iAs, which only the system skills shipped with iAs may use; write a "## Execute" script instead',
  'builtin-risk-raised': (p) =>
    `the built-in handler "${p.handler}" acts outside iAs, so this skill is high risk whatever its risk level says`,
  'bad-skill-name': () => 'the name must be 1 to 64 of a-z, 0-9, "_" and "-"',
  'file-link-broken': (p) => `"${p.file}" is a broken symbolic link`,
  'file-link-outside': (p) =>
    `"${p.file}" is a symbolic link to ${p.target}, outside the skills folder; links may only point inside it`,
  'too-many-files': (p) => `the skill folder holds more than ${p.max} files`,
  'folder-too-large': (p) =>
    `the skill folder holds more than ${p.maxMb} MB; a skill must be small enough to check in full before it runs`,
  'check-path-missing': () => 'no such file or folder',
  'check-path-not-skill': () => 'not a SKILL.md file, a skill folder or a folder of skill folders',
  'check-path-no-skills': () => 'no skill folders (folders with a SKILL.md) found here',
};

/** A problem of `code` with `params`, in English, with its code. */
export function skillProblemText<C extends SkillProblemName>(
  code: C,
  params: SkillProblemParams[C],
): { message: string; messageCode: SkillProblemCode } {
  const english = englishSkillProblems[code] as (p: SkillProblemParams[C]) => string;
  return { message: english(params), messageCode: { code, params } as SkillProblemCode };
}

/**
 * A problem in a language: by its code when `strings` know it, else the English sentence that
 * came with it (an older core, or a code newer than this table).
 */
export function saySkillProblem(strings: SkillProblemStrings, message: string, messageCode?: SkillProblemCode): string {
  return sayCoded(strings, message, messageCode);
}
