/**
 * The front matter mistakes a newcomer makes first, each said with its line and its fix rather than
 * as a YAML parser's words, a wrong problem, or nothing at all.
 */
import { describe, expect, it } from 'vitest';
import { parseSkillFile } from '../../../src/core/skills/parse.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';

const parse = (text: string, folder = 'greet') =>
  parseSkillFile(Buffer.from(text), `/skills/${folder}/SKILL.md`, folder);

const EXECUTE = '\n## Execute\n\n```bash\necho "Hello, $SKILL_PARAM_NAME"\n```\n';

describe('a value with ": " in it', () => {
  it('is said to need quotes, at its line, with the key; in Chinese too', () => {
    for (const description of ['Usage: greet someone', '用法: 问候某人']) {
      const { definition, errors } = parse(`---\nname: greet\ndescription: ${description}\nrisk: low\n---\n${EXECUTE}`);
      expect(definition).toBeUndefined();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        line: 3,
        messageCode: { code: 'front-matter-colon-in-value', params: { key: 'description' } },
      });
      expect(errors[0]!.message).toMatch(/^the front matter is not valid YAML: the value of "description" has a ": "/);
      expect(errors[0]!.message).toContain('description: "…"');
      expect(saySkillProblem(chineseSkillProblems, errors[0]!.message, errors[0]!.messageCode)).toMatch(
        /^front matter 不是有效的 YAML：“description”的值里有“: ”.*请给值加上引号/,
      );
    }
  });

  it('reads once quoted, or with a full-width colon', () => {
    for (const description of ['"Usage: greet someone"', "'Usage: greet someone'", '用法：问候某人']) {
      const { definition, errors } = parse(`---\nname: greet\ndescription: ${description}\nrisk: low\n---\n${EXECUTE}`);
      expect(errors).toEqual([]);
      expect(definition?.description).toMatch(/^(Usage: greet someone|用法：问候某人)$/);
    }
  });

  it('leaves other YAML mistakes to the YAML parser', () => {
    const { errors } = parse(`---\nname: greet\ndescription: [unclosed\nrisk: low\n---\n${EXECUTE}`);
    expect(errors[0]!.messageCode?.code).toBe('front-matter-bad-yaml');
  });
});

describe('front matter without its opening "---"', () => {
  it('is said at line 1, not as a missing risk, nor taken for the description', () => {
    const script = parse(`name: greet\ndescription: Greets someone.\nrisk: low\n${EXECUTE}`);
    expect(script.errors).toEqual([
      expect.objectContaining({ line: 1, messageCode: { code: 'front-matter-no-opening', params: { key: 'name' } } }),
    ]);
    expect(script.errors[0]!.message).toMatch(/begins with "name:" but has no "---" line above it/);
    // An instruction skill loaded before, with "description: … name: …" as its description.
    const guide = parse(`description: How to greet.\nname: greet\n\nSay hello first.\n`);
    expect(guide.definition).toBeUndefined();
    expect(guide.errors).toMatchObject([{ line: 1, messageCode: { code: 'front-matter-no-opening' } }]);
  });

  it('is said when blank lines come before it: front matter starts on line 1', () => {
    const { definition, errors } = parse(`\n\n---\nname: greet\ndescription: Greets.\nrisk: low\n---\n${EXECUTE}`);
    expect(definition).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({ line: 3, messageCode: { code: 'front-matter-not-first-line', params: { line: 3 } } }),
    ]);
    expect(saySkillProblem(chineseSkillProblems, errors[0]!.message, errors[0]!.messageCode)).toContain('第 3 行');
  });

  it('leaves the seed shape and a description that only mentions a name alone', () => {
    expect(parse(`# Greet\n\nname: the person to greet.\n\n## Risk Level\n\nLow\n${EXECUTE}`).errors).toEqual([]);
    expect(parse(`# Greet\n\nGreets someone.\n\n---\n\nMore.\n`).errors).toEqual([]);
  });
});
