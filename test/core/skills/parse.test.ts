import { describe, expect, it } from 'vitest';
import { parseSkillFile } from '../../../src/core/skills/parse.js';
import { MAX_SKILL_FILE_BYTES } from '../../../src/core/skills/types.js';

const parse = (text: string | Buffer, folder = 'demo') =>
  parseSkillFile(typeof text === 'string' ? Buffer.from(text) : text, `/skills/${folder}/SKILL.md`, folder);

const SEED = `# Send mail

Send an email to someone.

## Risk Level

High

## Parameters

\`\`\`json
{
  "type": "object",
  "properties": { "to": { "type": "string" } },
  "required": ["to"]
}
\`\`\`

## Timeout

12

## Execute

\`\`\`bash
echo "sending to $SKILL_PARAM_TO"
\`\`\`
`;

describe('parseSkillFile: the seed shape', () => {
  it('reads title, description, risk, parameters, timeout and script', () => {
    const { definition, errors } = parse(SEED);
    expect(errors).toEqual([]);
    expect(definition).toMatchObject({
      name: 'demo',
      title: 'Send mail',
      description: 'Send an email to someone.',
      risk: 'high',
      kind: 'script',
      timeoutSecs: 12,
      parameters: { type: 'object', required: ['to'] },
    });
    expect(definition!.script).toMatchObject({ language: 'bash', command: ['bash'], extension: '.sh' });
    expect(definition!.script!.body).toBe('echo "sending to $SKILL_PARAM_TO"');
  });

  it('accepts risk words in any case, with a note after them', () => {
    expect(parse(SEED.replace('\nHigh\n', '\nlOw — only reads\n')).definition!.risk).toBe('low');
    expect(parse(SEED.replace('\nHigh\n', '\n**HIGH**\n')).definition!.risk).toBe('high');
  });

  it('takes the interpreter from a shebang before the fence language', () => {
    const text = SEED.replace('```bash\necho', '```\n#!/usr/bin/env python3\nprint');
    const { definition, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(definition!.script!.command[0]).toMatch(/^python/);
    expect(definition!.script!.extension).toBe('.py');
  });

  it('ignores headings inside code blocks', () => {
    const text = `# T\n\nDesc.\n\n## Risk Level\n\nLow\n\n## Execute\n\n\`\`\`bash\n# not a heading\n## Risk Level\necho hi\n\`\`\`\n`;
    const { definition, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(definition!.script!.body).toContain('## Risk Level');
  });
});

describe('parseSkillFile: Agent Skills front matter', () => {
  it('reads the standard fields and our extras', () => {
    const text = `---
name: demo
description: Says hello.
license: MIT
compatibility: Needs bash
metadata:
  author: someone
  version: 1
allowed-tools: Bash(echo:*) Read
risk: low
timeout: 3
parameters:
  type: object
  properties:
    who: { type: string }
---

## Execute

\`\`\`sh
echo hello
\`\`\`
`;
    const { definition, errors, warnings } = parse(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(definition).toMatchObject({
      description: 'Says hello.',
      license: 'MIT',
      compatibility: 'Needs bash',
      metadata: { author: 'someone', version: '1' },
      allowedTools: 'Bash(echo:*) Read',
      risk: 'low',
      timeoutSecs: 3,
      kind: 'script',
      parameters: { type: 'object', properties: { who: { type: 'string' } } },
    });
  });

  it('a file valid under both shapes: front matter with the seed sections below', () => {
    const text = `---\nname: demo\ndescription: From front matter.\n---\n${SEED}`;
    const { definition, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(definition!.description).toBe('From front matter.');
    expect(definition!.risk).toBe('high');
  });

  it('reports a front-matter name that differs from the folder', () => {
    const { definition, warnings } = parse(`---\nname: other\ndescription: x\n---\nbody`);
    expect(definition!.name).toBe('demo');
    expect(warnings).toEqual([expect.objectContaining({ line: 2, message: expect.stringContaining('"other"') })]);
  });

  it('reports the two risks disagreeing', () => {
    const { errors } = parse(`---\nrisk: low\n---\n${SEED}`);
    expect(errors[0]!.message).toMatch(/disagree/);
  });
});

describe('parseSkillFile: instruction skills', () => {
  it('returns the body and runs nothing', () => {
    const text = `---\nname: demo\ndescription: How to write a haiku.\n---\n\n# Haiku\n\nWrite 5-7-5.\n`;
    const { definition, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(definition).toMatchObject({ kind: 'instructions', risk: 'low' });
    expect(definition!.instructions).toBe('# Haiku\n\nWrite 5-7-5.');
    expect(definition!.script).toBeUndefined();
  });
});

describe('parseSkillFile: bad input, with file, line and reason', () => {
  const cases: [string, string, number | undefined, RegExp][] = [
    ['invalid JSON', SEED.replace('"required": ["to"]', '"required": ["to",]'), 15, /not valid JSON/],
    ['invalid YAML', `---\nname: demo\ndescription: [unclosed\n---\nbody`, undefined, /not valid YAML/],
    ['unknown risk word', SEED.replace('\nHigh\n', '\nMedium\n'), 7, /unknown risk level "Medium".*Low or High/],
    ['no risk on a script', SEED.replace('## Risk Level\n\nHigh\n', ''), 20, /declares no risk/],
    ['schema not type object', SEED.replace('"type": "object"', '"type": "array"'), 11, /"type": "object"/],
    ['schema not valid JSON Schema', SEED.replace('"type": "string"', '"type": "strng"'), 11, /not valid JSON Schema/],
    ['empty file', '', undefined, /empty/],
    ['whitespace only', '  \n\n ', undefined, /empty/],
    ['unclosed front matter', '---\nname: demo\n', 1, /never closed/],
    ['unknown language', SEED.replace('```bash', '```ruby'), 25, /unknown script language "ruby"/],
    ['no interpreter', SEED.replace('```bash', '```'), 25, /names no interpreter/],
    ['no description', '# Title only\n\n## Risk Level\n\nLow\n', 1, /no description/],
    ['bad timeout', SEED.replace('\n12\n', '\nsoon\n'), 21, /timeout must be a number/],
    // Under the one second the message names, every call would be ended before its program could answer.
    ['timeout under a second', SEED.replace('\n12\n', '\n0.001\n'), 21, /between 1 and 86400 \(found "0\.001"\)/],
    ['front matter timeout under a second', `---\ndescription: x\nrisk: low\ntimeout: 0.5\n---\nbody`, 4, /between 1/],
    ['section twice', SEED + '\n## Risk Level\n\nLow\n', 29, /appears twice/],
    ['front matter not a mapping', '---\n- a\n- b\n---\nbody', 2, /YAML mapping/],
  ];
  for (const [label, text, line, message] of cases) {
    it(label, () => {
      const { definition, errors } = parse(text);
      expect(definition).toBeUndefined();
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]!.path).toBe('/skills/demo/SKILL.md');
      expect(errors[0]!.message).toMatch(message);
      if (line !== undefined) expect(errors[0]!.line).toBe(line);
    });
  }

  it('gives the YAML error line inside the file', () => {
    const { errors } = parse(`---\nname: demo\ndescription: ok\nrisk: [low\n---\nbody`);
    expect(errors[0]!.line).toBeGreaterThanOrEqual(4);
  });

  it('gives the line of the YAML mistake itself', () => {
    const colon = parse(`---\nname: demo\ndescription: broken: here\nrisk: low\n---\nbody`);
    expect(colon.errors).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringMatching(/not valid YAML/) }),
    ]);
    const indent = parse(`---\nname: demo\n  oops: 1\nrisk: low\n---\nbody`);
    expect(indent.errors[0]!.line).toBe(3);
    const crlf = parse(`---\r\nname: demo\r\ndescription: ok\r\nrisk: a: b\r\n---\r\nbody`);
    expect(crlf.errors[0]!.line).toBe(4);
  });

  it('points at the bad JSON line of `parameters` in front matter, in each of its forms', () => {
    const head = '---\nname: demo\ndescription: x\nrisk: low\n';
    const body = '---\nSay hello.\n';
    const json = ['{', '  "type": "object",', '  "properties": { "a": { "type": "string" }, }', '}'];
    const block = (header: string) => `${head}parameters: ${header}\n${json.map((l) => `  ${l}`).join('\n')}\n${body}`;
    const lineOf = (text: string) => {
      const { errors } = parse(text);
      expect(errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/not valid JSON/) })]);
      return errors[0]!.line;
    };
    // The JSON begins on line 6, under `parameters: |` on line 5; its third line (8) is wrong.
    expect(lineOf(block('|'))).toBe(8);
    expect(lineOf(block('|- # the schema'))).toBe(8);
    expect(lineOf(block('>'))).toBe(8);
    expect(lineOf(`${head}parameters: |\n\n${json.map((l) => `  ${l}`).join('\n')}\n${body}`)).toBe(9);
    // On the key's own line.
    expect(lineOf(`${head}parameters: '{"type": "object",}'\n${body}`)).toBe(5);
    // In a "## Parameters" section: the line in its block.
    const section = `${head}${body}\n## Parameters\n\n\`\`\`json\n${json.join('\n')}\n\`\`\`\n`;
    expect(lineOf(section)).toBe(13);
  });

  it('a wrong risk word is one error, not also "declares no risk"', () => {
    const fm = parse(`---\ndescription: x\nrisk: medium\n---\n## Execute\n\n\`\`\`bash\necho\n\`\`\`\n`);
    expect(fm.errors).toEqual([expect.objectContaining({ line: 3, message: expect.stringMatching(/"medium"/) })]);
    const section = parse(SEED.replace('\nHigh\n', '\nMedium\n'));
    expect(section.errors.map((e) => e.message)).toEqual([expect.stringMatching(/unknown risk level "Medium"/)]);
  });

  it('names a misspelt schema type and the types there are', () => {
    const { errors } = parse(SEED.replace('"type": "string"', '"type": "strng"'));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe(
      'the parameter schema is not valid JSON Schema: schema/properties/to/type "strng" is not a type: use string, number, integer, boolean, array, object, null',
    );
    const listed = parse(SEED.replace('"type": "string"', '"type": ["string", "nul"], "minimum": "1"'));
    expect(listed.errors[0]!.message).toMatch(
      /\/type "nul" is not a type: use .*; schema\/properties\/to\/minimum must be number$/,
    );
  });

  it('says a parameter schema of another JSON Schema version is one, at its line; draft-07 loads', () => {
    const versioned = (uri: string) => SEED.replace('"type": "object",', `"$schema": "${uri}",\n  "type": "object",`);
    for (const uri of ['https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-04/schema#']) {
      const { definition, errors } = parse(versioned(uri));
      expect(definition).toBeUndefined();
      expect(errors).toEqual([
        expect.objectContaining({
          line: 11,
          message: `the parameter schema's "$schema" is "${uri}", a JSON Schema version iAs does not know: remove that line (iAs checks parameters as JSON Schema draft-07)`,
        }),
      ]);
    }
    // Not even a text: said the same way (the check threw on it too).
    expect(parse(SEED.replace('"type": "object",', '"$schema": 7, "type": "object",')).errors).toEqual([
      expect.objectContaining({
        line: 11,
        message: expect.stringMatching(/^the parameter schema's "\$schema" is 7, /),
      }),
    ]);
    expect(parse(versioned('http://json-schema.org/draft-07/schema#')).errors).toEqual([]);
  });

  it('refuses a parameter schema that cannot be compiled, at its line, as `ias skills check` does', () => {
    const broken = [
      [SEED.replace('"type": "string"', '"type": "string", "pattern": "("'), /Invalid regular expression/],
      [
        SEED.replace('"type": "string"', '"$ref": "#/definitions/address"'),
        /can't resolve reference #\/definitions\/address/,
      ],
    ] as const;
    for (const [text, detail] of broken) {
      const { definition, errors } = parse(text);
      expect(definition).toBeUndefined();
      expect(errors).toEqual([
        expect.objectContaining({
          line: 11,
          message: expect.stringMatching(/^the parameter schema cannot be compiled: /),
          messageCode: expect.objectContaining({ code: 'schema-uncompilable' }),
        }),
      ]);
      expect(errors[0]!.message).toMatch(detail);
    }
    const resolved = SEED.replace('"type": "string"', '"$ref": "#/definitions/address"').replace(
      '"required": ["to"]',
      '"required": ["to"], "definitions": { "address": { "type": "string", "pattern": "@" } }',
    );
    expect(parse(resolved).errors).toEqual([]);
  });

  it('refuses a parameter schema that says "$async", whose check would answer later, at its line', () => {
    // Its validator returns a promise: every call passed the check, and one with wrong arguments
    // then rejected it unhandled, which ended the whole process.
    const root = parse(SEED.replace('"type": "object",', '"$async": true, "type": "object",'));
    expect(root.definition).toBeUndefined();
    expect(root.errors).toEqual([
      expect.objectContaining({
        line: 11,
        message:
          'the parameter schema says "$async": iAs checks the arguments of a call at once, before it runs: remove "$async"',
      }),
    ]);
    const nested = parse(SEED.replace('"type": "string"', '"$async": true, "type": "string"'));
    expect(nested.definition).toBeUndefined();
    expect(nested.errors).toEqual([
      expect.objectContaining({ line: 11, message: expect.stringMatching(/cannot be compiled: async schema/) }),
    ]);
    expect(parse(SEED.replace('"type": "object",', '"$async": false, "type": "object",')).errors).toEqual([]);
  });

  it('refuses binary files and invalid UTF-8', () => {
    expect(parse(Buffer.from([0x23, 0x20, 0x00, 0x01, 0x02])).errors[0]!.message).toMatch(/binary/);
    expect(parse(Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x41])).errors[0]!.message).toMatch(/UTF-8/);
  });

  it('names the line of the first byte that is not UTF-8 (a word typed in a Latin-1 or GBK editor)', () => {
    const latin1 = Buffer.from(SEED.replace('Send an email to someone.', 'Send a café email.'), 'latin1');
    expect(parse(latin1).errors).toEqual([
      expect.objectContaining({ path: '/skills/demo/SKILL.md', line: 3, message: 'SKILL.md is not valid UTF-8 text' }),
    ]);
    // After a byte order mark and lines of UTF-8 beyond ASCII.
    const gbk = Buffer.concat([
      Buffer.from('\uFEFF# 发邮件\n\n'),
      Buffer.from([0xb7, 0xa2, 0xd3, 0xca, 0xbc, 0xfe, 0x0a]),
    ]);
    expect(parse(gbk).errors[0]).toMatchObject({ line: 3 });
  });

  it('says a file saved as UTF-16 (Notepad\'s "Unicode", Windows PowerShell\'s `>`) is text to save as UTF-8', () => {
    const le = Buffer.from(`\uFEFF${SEED}`, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const bytes of [le, be]) {
      const { definition, errors } = parse(bytes);
      expect(definition).toBeUndefined();
      expect(errors).toEqual([
        expect.objectContaining({
          path: '/skills/demo/SKILL.md',
          message: 'SKILL.md is saved as UTF-16 text: save it as UTF-8',
        }),
      ]);
    }
  });

  it('refuses files over 256 KB', () => {
    const big = SEED + `\n${'x'.repeat(256 * 1024)}\n`;
    expect(parse(big).errors[0]!.message).toMatch(/limit is 256 KB/);
  });

  it('refuses folder names that are not tool names', () => {
    for (const name of ['Has-Caps', 'with space', 'a'.repeat(65), 'dot.ted']) {
      expect(parse(SEED, name).errors[0]!.message).toMatch(/not a valid skill name/);
    }
    expect(parse(SEED, 'a'.repeat(64)).errors).toEqual([]);
  });

  it('warns of a second script in ## Execute (only the first runs), not of an example of output', () => {
    const withOutput = `${SEED}\nIt prints:\n\n\`\`\`json\n{"sent": true}\n\`\`\`\n`;
    expect(parse(withOutput).warnings).toEqual([]);
    const { definition, warnings } = parse(`${withOutput}\n\`\`\`python\nprint("more")\n\`\`\`\n`);
    expect(definition?.script?.body).toContain('sending to');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe(
      '"## Execute" has more than one script: only the first (line 25) runs; put the rest in it, or in a file beside SKILL.md',
    );
    expect(warnings[0]!.line).toBe(35);
  });

  it('handles CRLF line endings and a BOM', () => {
    const { definition, errors } = parse('\uFEFF' + SEED.replace(/\n/g, '\r\n'));
    expect(errors).toEqual([]);
    expect(definition!.risk).toBe('high');
  });

  it('a name not starting with a letter, or a schema Moonshot would refuse, loads without a warning (both are mended when sent)', () => {
    const properties = {
      to: { type: 'string' },
      body: { description: 'any' },
      view: { enum: ['a', 'b'] },
      when: { type: 'string', anyOf: [{ format: 'date' }, { type: 'integer' }] },
    };
    const text = SEED.replace('{ "to": { "type": "string" } }', JSON.stringify(properties));
    const { definition, errors, warnings } = parse(text, '1password');
    expect(errors).toEqual([]);
    expect(definition?.name).toBe('1password');
    expect(warnings).toEqual([]);
    expect(parse(SEED, 'send_mail').warnings).toEqual([]);
    expect(parse(SEED, '_private').warnings).toEqual([]);
  });
});

describe('parseSkillFile: front matter size', () => {
  it('takes front matter as long as the file may be when it repeats no alias', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `  - "${'x'.repeat(100)}${i}"`);
    const text = `---\ndescription: Many tools.\nrisk: low\nallowed-tools:\n${lines.join('\n')}\n---\n\nBody.\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(200 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_SKILL_FILE_BYTES);
    const { definition, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(definition?.allowedTools?.split(' ')).toHaveLength(2000);
  });

  it('refuses front matter whose aliases stand for more than the file may hold, on its first line', () => {
    const levels = Array.from(
      { length: 5 },
      (_, i) => `  l${i + 1}: &l${i + 1} [${Array(10).fill(`*l${i}`).join(', ')}]`,
    );
    const text = `---\ndescription: Laughs.\nrisk: low\nmetadata:\n  l0: &l0 "${'x'.repeat(10)}"\n${levels.join('\n')}\n---\n\nBody.\n`;
    const { definition, errors } = parse(text);
    expect(definition).toBeUndefined();
    expect(errors).toMatchObject([
      { line: 1, messageCode: { code: 'front-matter-too-large', params: { limitKb: 256 } } },
    ]);
  });
});

// Each of these lines took minutes or hours to read with a backtracking pattern (a 4,000-space
// title took 34 s), freezing the app while it loads skills: they must finish within the test's time.
describe('parseSkillFile: one long line', () => {
  const LONG = 200_000;

  it('a title or heading with a long run of spaces in it', () => {
    const title = `T${' '.repeat(LONG)}x`;
    const { definition, errors } = parse(
      `# ${title}  ##\n\nA description.\n\n## Risk Level${' '.repeat(LONG / 8)}##${' '.repeat(LONG / 8)}\n\nLow\n\n## Execute\n\n\`\`\`bash\necho hi\n\`\`\`\n`,
    );
    expect(errors).toEqual([]);
    expect(definition).toMatchObject({ title, risk: 'low', description: 'A description.' });
  });

  it('keeps what a heading was read as: closing #s and spaces around it dropped', () => {
    const { definition } = parse(
      `#   Send mail ##  \n\nSends mail.\n\n## Risk Level #\n\nHigh\n\n##\tExecute\n\n\`\`\`bash\necho hi\n\`\`\`\n`,
    );
    expect(definition).toMatchObject({ title: 'Send mail', risk: 'high', script: { body: 'echo hi' } });
  });

  it('a code fence line with a long word and a line separator', () => {
    const fence = `\`\`\`${'a'.repeat(LONG)}\u2028`;
    const { errors } = parse(`# T\n\nd\n\n## Risk Level\n\nLow\n\n## Execute\n\n${fence}\necho hi\n\`\`\`\n`);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 11,
        messageCode: expect.objectContaining({ code: 'script-language-unknown' }),
      }),
    ]);
  });

  it('a YAML mistake on a front matter line with a long run of spaces', () => {
    const key = `a${' '.repeat(LONG)}b`;
    const { errors } = parse(`---\nname: demo\n${key}: c: d\nrisk: low\n---\nbody`);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 3,
        messageCode: { code: 'front-matter-colon-in-value', params: expect.objectContaining({ key }) },
      }),
    ]);
  });
});
