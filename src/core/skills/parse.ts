/**
 * Parses one SKILL.md in any of DESIGN.md's three shapes (seed sections, Agent Skills front
 * matter, instruction skills, or a mix) into a SkillDefinition, with every problem located.
 */
import matter from 'gray-matter';
import type { SkillPlace } from '../../shared/skill-problems.js';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parseConfigFields } from './config-fields.js';
import { expandsPast } from './front-matter-size.js';
import { keyPathLine } from './front-matter-key-path.js';
import { meantKey } from './front-matter-keys.js';
import { valueLines } from './front-matter-value-lines.js';
import { firstTextLine, outlineMarkdown, type FencedBlock, type Section } from './markdown-sections.js';
import { interpreterForLanguage, interpreterForShebang, SUPPORTED_LANGUAGES } from './interpreters.js';
import { parseLocales } from './locales.js';
import { checkParamVariables, type SchemaText } from './param-variables.js';
import { problemOf, skillProblem, type ReportProblem } from './problem.js';
import { compileProblem, schemaProblem } from './schema.js';
import {
  DEFAULT_TIMEOUT_SECS,
  MAX_SKILL_FILE_BYTES,
  MAX_TIMEOUT_SECS,
  MIN_TIMEOUT_SECS,
  RESERVED_TOOL_NAMES,
  SKILL_NAME_PATTERN,
  type Risk,
  type ScriptSpec,
  type SkillDefinition,
  type SkillProblem,
} from './types.js';

export interface ParseResult {
  /** Present when the file has no errors. */
  definition?: SkillDefinition;
  /** The line of the front matter's `builtin:`, when the definition names a built-in handler. */
  builtinLine?: number;
  errors: SkillProblem[];
  warnings: SkillProblem[];
}

const SECTION_ALIASES: Record<string, string> = {
  'risk level': 'risk',
  risk: 'risk',
  parameters: 'parameters',
  execute: 'execute',
  timeout: 'timeout',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseSkillFile(bytes: Uint8Array, path: string, folderName: string): ParseResult {
  const errors: SkillProblem[] = [];
  const warnings: SkillProblem[] = [];
  const error: ReportProblem = (code, params, line) => errors.push(skillProblem(path, code, params, line));
  const warn: ReportProblem = (code, params, line) => warnings.push(skillProblem(path, code, params, line));

  if (!SKILL_NAME_PATTERN.test(folderName)) error('bad-folder-name', { name: folderName });
  if (bytes.length > MAX_SKILL_FILE_BYTES) {
    error('file-too-large', { kb: Math.ceil(bytes.length / 1024), limitKb: MAX_SKILL_FILE_BYTES / 1024 });
    return { errors, warnings };
  }
  // Its NUL bytes would read as a binary file's: it is text, in another encoding.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    error('file-utf16', {});
    return { errors, warnings };
  }
  if (bytes.includes(0)) {
    error('file-binary', {});
    return { errors, warnings };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    error('file-not-utf8', {}, lineOfFirstNonUtf8(bytes));
    return { errors, warnings };
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') {
    error('file-empty', {});
    return { errors, warnings };
  }

  // Front matter.
  const lines = text.split('\n');
  let data: Record<string, unknown> = {};
  let bodyStart = 0;
  const fmLines: string[] = [];
  // Front matter is read from the very first line only: otherwise its lines would quietly become
  // the description, and the risk or parameters in them would be missing.
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first > 0 && lines[first]!.trim() === '---') {
    error('front-matter-not-first-line', { line: first + 1 }, first + 1);
    return { errors, warnings };
  }
  const bare = lines[first]!.match(/^(name|description)\s*:/);
  if (bare) {
    error('front-matter-no-opening', { key: bare[1]! }, first + 1);
    return { errors, warnings };
  }
  if (lines[0]!.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (end < 0) {
      error('front-matter-unclosed', {}, 1);
      return { errors, warnings };
    }
    fmLines.push(...lines.slice(1, end));
    bodyStart = end + 1;
    try {
      const parsed = matter(text, {}).data as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        error('front-matter-not-mapping', {}, 2);
        return { errors, warnings };
      }
      data = parsed as Record<string, unknown>;
    } catch (err) {
      const e = err as { mark?: { line?: number }; reason?: string; message: string };
      // gray-matter hands YAML the text from the end of the opening "---": its line 0 is file line 1.
      const line = typeof e.mark?.line === 'number' ? e.mark.line + 1 : undefined;
      const detail = e.reason ?? e.message.split('\n')[0]!;
      const colon = line === undefined ? undefined : colonInValue(fmLines[line - 2]);
      if (colon) error('front-matter-colon-in-value', { key: colon, detail }, line);
      else error('front-matter-bad-yaml', { detail }, line);
      return { errors, warnings };
    }
    // Aliases may make a few hundred bytes stand for more values than memory holds (see front-matter-size.ts).
    if (expandsPast(data, MAX_SKILL_FILE_BYTES)) {
      error('front-matter-too-large', { limitKb: MAX_SKILL_FILE_BYTES / 1024 }, 1);
      return { errors, warnings };
    }
  }
  const keyLine = (key: string) => {
    const i = fmLines.findIndex((l) => l.startsWith(key) && /^\s*:/.test(l.slice(key.length)));
    return i < 0 ? undefined : i + 2;
  };
  // A key iAs does not read is dropped; one that looks like a slip for one of ours is said.
  for (const key of Object.keys(data)) {
    const meant = meantKey(key);
    if (meant) warn('front-matter-key-unknown', { key, meant }, keyLine(key));
  }

  const outline = outlineMarkdown(lines.slice(bodyStart), bodyStart + 1);
  if (outline.unclosedFence) {
    error('code-block-unclosed', {}, outline.unclosedFence);
  }
  const sections = new Map<string, Section>();
  for (const section of outline.sections) {
    const key =
      SECTION_ALIASES[
        section.heading
          .toLowerCase()
          .replace(/[:：]\s*$/, '')
          .trim()
      ];
    if (!key) continue;
    const earlier = sections.get(key);
    if (earlier) {
      error('section-twice', { heading: section.heading, firstLine: earlier.line }, section.line);
      continue;
    }
    sections.set(key, section);
  }

  // Names and descriptions.
  const fmString = (key: string): string | undefined => {
    const value = data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      error('front-matter-not-text', { key }, keyLine(key));
      return undefined;
    }
    return value.trim();
  };
  const fmName = fmString('name');
  if (RESERVED_TOOL_NAMES.has(folderName)) {
    error('reserved-tool-name', { name: folderName }, fmName === folderName ? keyLine('name') : undefined);
  }
  if (fmName !== undefined && fmName !== folderName) {
    warn('name-differs', { name: fmName, folder: folderName }, keyLine('name'));
  }
  const description = fmString('description') || outline.paragraph?.text || '';
  if (description === '') {
    error('no-description', {}, outline.title?.line);
  } else if (description.length > 1024) {
    warn('description-long', { length: description.length }, keyLine('description'));
  }
  const title = outline.title?.text.trim() || fmName || folderName;
  const compatibility = fmString('compatibility');
  if (compatibility !== undefined && compatibility.length > 500) {
    warn('compatibility-long', {}, keyLine('compatibility'));
  }
  let metadata: Record<string, string> | undefined;
  if (data.metadata !== undefined) {
    if (typeof data.metadata !== 'object' || data.metadata === null || Array.isArray(data.metadata)) {
      error('metadata-not-mapping', {}, keyLine('metadata'));
    } else {
      metadata = Object.fromEntries(
        Object.entries(data.metadata).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
    }
  }
  const config = data.config === undefined ? undefined : parseConfigFields(data.config, keyLine('config'), error);
  // Words for the skills manager in the UI's other languages: a mistake in them is a warning.
  const locales =
    data.locales === undefined
      ? undefined
      : parseLocales(
          data.locales,
          (config ?? []).map((f) => f.name),
          (keys) => keyPathLine(fmLines, keys),
          warn,
        );
  const allowed = data['allowed-tools'];
  const allowedTools = Array.isArray(allowed) ? allowed.map(String).join(' ') : fmString('allowed-tools');

  // Risk.
  const parseRisk = (word: string, line: number | undefined, place: SkillPlace): Risk | undefined => {
    const w = word.trim().toLowerCase();
    if (w === 'low' || w === 'high') return w;
    error('risk-unknown', { word: word.trim(), place }, line);
    return undefined;
  };
  let fmRisk: Risk | undefined;
  if (data.risk !== undefined) {
    fmRisk = parseRisk(String(data.risk), keyLine('risk'), { frontMatter: 'risk' });
  }
  let sectionRisk: Risk | undefined;
  const riskSection = sections.get('risk');
  if (riskSection) {
    const first = firstTextLine(riskSection);
    if (!first) error('risk-empty', { heading: riskSection.heading }, riskSection.line);
    else sectionRisk = parseRisk(first.text.split(/[\s—–\-:,(（]/)[0]!, first.line, { section: riskSection.heading });
  }
  if (fmRisk && sectionRisk && fmRisk !== sectionRisk) {
    error(
      'risk-disagree',
      { frontMatter: fmRisk, heading: riskSection!.heading, section: sectionRisk },
      riskSection!.line,
    );
  }
  const declaredRisk = sectionRisk ?? fmRisk;

  // Timeout.
  let timeoutSecs = DEFAULT_TIMEOUT_SECS;
  const checkTimeout = (value: unknown, line: number | undefined) => {
    const n =
      typeof value === 'number'
        ? value
        : Number(
            String(value)
              .trim()
              .replace(/\s*(s|sec|secs|seconds)$/i, ''),
          );
    if (!Number.isFinite(n) || n < MIN_TIMEOUT_SECS || n > MAX_TIMEOUT_SECS) {
      error('timeout-invalid', { max: MAX_TIMEOUT_SECS, found: JSON.stringify(value) }, line);
      return;
    }
    timeoutSecs = n;
  };
  if (data.timeout !== undefined) checkTimeout(data.timeout, keyLine('timeout'));
  const timeoutSection = sections.get('timeout');
  if (timeoutSection) {
    const first = firstTextLine(timeoutSection);
    if (!first) error('timeout-empty', {}, timeoutSection.line);
    else checkTimeout(first.text, first.line);
  }

  // Parameters.
  let parameters: Record<string, unknown> = { type: 'object', properties: {} };
  let parametersLine: number | undefined;
  let parametersGiven: unknown;
  let parametersText: SchemaText | undefined;
  if (data.parameters !== undefined) {
    parametersLine = keyLine('parameters');
    parametersGiven = data.parameters;
    if (typeof parametersGiven === 'string') {
      const at = parametersLine === undefined ? undefined : valueLines(fmLines, parametersLine);
      if (at) parametersText = { text: at.source ?? parametersGiven, firstLine: at.line };
      parametersGiven = parseJson(parametersGiven, at?.line, { frontMatter: 'parameters' }, error, at?.source);
    }
  }
  const paramSection = sections.get('parameters');
  if (paramSection) {
    if (data.parameters !== undefined) {
      error('parameters-twice', {}, paramSection.line);
    }
    const block = paramSection.blocks[0];
    if (!block) {
      error('parameters-no-block', {}, paramSection.line);
    } else {
      parametersLine = block.line;
      parametersText = { text: block.body, firstLine: block.line + 1 };
      parametersGiven = parseJson(block.body, block.line + 1, { section: 'Parameters' }, error);
    }
  }
  if (parametersGiven !== undefined) {
    const problem = schemaProblem(parametersGiven) ?? compileProblem(parametersGiven as Record<string, unknown>);
    if (problem) errors.push(problemOf(path, problem, parametersLine));
    else parameters = parametersGiven as Record<string, unknown>;
  }

  // What it runs.
  const builtin = fmString('builtin');
  const executeSection = sections.get('execute');
  let script: ScriptSpec | undefined;
  if (executeSection) {
    if (builtin) error('builtin-and-script', {}, executeSection.line);
    const block = executeSection.blocks[0];
    if (!block) error('execute-no-block', {}, executeSection.line);
    else script = scriptSpec(block, error);
    // A second script (not an example of output) would be taken for part of what runs: only the first does.
    const more = executeSection.blocks.slice(1).find((b) => b.language && interpreterForLanguage(b.language));
    if (block && more) warn('execute-more-scripts', { line: block.line }, more.line);
  }
  const kind = builtin ? 'builtin' : executeSection ? 'script' : 'instructions';
  const riskGiven = data.risk !== undefined || riskSection !== undefined; // a wrong word is reported above
  if (kind !== 'instructions' && !declaredRisk && !riskGiven) {
    error('no-risk', {}, executeSection?.line ?? keyLine('builtin'));
  }
  // Only a script gets its arguments as variables.
  if (kind === 'script') checkParamVariables(parameters, parametersLine, warn, parametersText);

  if (errors.length > 0) return { errors, warnings };
  const definition: SkillDefinition = {
    name: folderName,
    title,
    description,
    risk: declaredRisk ?? 'low',
    kind,
    timeoutSecs,
    parameters,
  };
  if (script) definition.script = script;
  if (builtin) definition.builtin = builtin;
  if (kind === 'instructions') definition.instructions = lines.slice(bodyStart).join('\n').trim();
  if (fmString('license')) definition.license = fmString('license');
  if (compatibility) definition.compatibility = compatibility;
  if (metadata) definition.metadata = metadata;
  if (allowedTools) definition.allowedTools = allowedTools;
  if (config && config.length > 0) definition.config = config;
  if (locales) definition.locales = locales;
  const builtinLine = builtin ? keyLine('builtin') : undefined;
  return { definition, errors, warnings, ...(builtinLine !== undefined ? { builtinLine } : {}) };
}

/**
 * The line of the first byte that is not UTF-8: up to it, the text decoded with replacement
 * characters encodes back to the same bytes (a byte order mark kept, as the file has it).
 */
function lineOfFirstNonUtf8(bytes: Uint8Array): number {
  const again = Buffer.from(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), 'utf8');
  let at = 0;
  while (at < bytes.length && bytes[at] === again[at]) at++;
  let line = 1;
  for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/**
 * The key of a front matter line whose plain (unquoted) value holds ": " or ends with ":", which
 * YAML reads as a second key on the line (`description: Usage: ask me`); undefined for other lines.
 */
function colonInValue(line: string | undefined): string | undefined {
  if (line === undefined) return undefined;
  const rest = line.trimStart();
  // `- key: value` in a list, else the whole line as `key: value` (a key may begin with "-").
  const entries = /^-\s/.test(rest) ? [rest.slice(1).trimStart(), rest] : [rest];
  for (const entry of entries) {
    const found = plainKeyValue(entry);
    if (found) return /:(\s|$)/.test(found.value) ? found.key : undefined;
  }
  return undefined;
}

/**
 * `key: value` with a plain key and a plain value (neither quoted nor a flow, block, anchor, tag
 * or comment), read by string operations: a pattern for it backtracks over a long line.
 */
function plainKeyValue(text: string): { key: string; value: string } | undefined {
  if (text === '' || /[\s:#'"]/.test(text[0]!)) return undefined;
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  const after = text.slice(colon + 1);
  const value = after.trimStart();
  if (value.length === after.length || value === '') return undefined;
  if (/^['"[{|>&*!%@`#]/.test(value) || /[\n\r\u2028\u2029]/.test(value)) return undefined;
  return { key: text.slice(0, colon).trimEnd(), value };
}

/**
 * `text` as JSON, or undefined with its first error reported at its line: counted from `firstLine`
 * in `source`, the text as the file has it there (a block scalar's indented lines), else in `text`.
 */
function parseJson(
  text: string,
  firstLine: number | undefined,
  place: SkillPlace,
  error: ReportProblem,
  source = text,
): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // JSON.parse does not always say where; jsonc-parser does.
    const first = firstJsonProblem(text);
    const reason = first
      ? printParseErrorCode(first.error)
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase()
      : 'unexpected end of text';
    const at = source === text ? first : firstJsonProblem(source);
    const line =
      firstLine !== undefined && at ? firstLine + (source.slice(0, at.offset).match(/\n/g)?.length ?? 0) : firstLine;
    error('json-invalid', { place, reason }, line);
    return undefined;
  }
}

function firstJsonProblem(text: string): ParseError | undefined {
  const problems: ParseError[] = [];
  parseJsonc(text, problems, { allowTrailingComma: false, disallowComments: true });
  return problems[0];
}

function scriptSpec(block: FencedBlock, error: ReportProblem): ScriptSpec | undefined {
  const firstLine = block.body.split('\n', 1)[0] ?? '';
  const fromShebang = firstLine.startsWith('#!') ? interpreterForShebang(firstLine) : undefined;
  const fromLanguage = block.language ? interpreterForLanguage(block.language) : undefined;
  const interpreter = fromShebang ?? fromLanguage;
  if (block.body.trim() === '') {
    error('execute-empty', {}, block.line);
    return undefined;
  }
  if (!interpreter) {
    if (block.language) {
      error(
        'script-language-unknown',
        { language: block.language, supported: SUPPORTED_LANGUAGES.join(', ') },
        block.line,
      );
    } else error('script-no-interpreter', {}, block.line);
    return undefined;
  }
  return {
    language: block.language,
    body: block.body,
    command: interpreter.command,
    extension: interpreter.extension,
    line: block.line + 1,
  };
}
