/**
 * A SKILL.md the parser fails on (a fault of iAs's, not of the file) is that skill's problem: it is
 * reported with its file and the reason, and every other skill still loads. The parser is made to
 * fail on one skill here (no file is known to crash it): everything else is real.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSkillsRoot } from '../../../src/core/skills/load.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

vi.mock('../../../src/core/skills/parse.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/skills/parse.js')>();
  return {
    ...real,
    parseSkillFile: (...args: Parameters<typeof real.parseSkillFile>) => {
      if (args[2] === 'crashes') throw new TypeError("Cannot read properties of undefined (reading 'body')");
      return real.parseSkillFile(...args);
    },
  };
});

describe('loading a skills folder', () => {
  it('reports a skill the parser fails on, with its file and reason, and loads the rest', () => {
    const root = tempDir();
    writeSkill(root, 'before', scriptSkill({ script: 'echo a' }));
    writeSkill(root, 'crashes', scriptSkill({ script: 'echo b' }));
    writeSkill(root, 'later', scriptSkill({ script: 'echo c' }));
    const loaded = loadSkillsRoot(root, 'user');
    expect(loaded.skills.map((s) => s.name)).toEqual(['before', 'later']);
    expect(loaded.errors).toEqual([
      {
        path: path.join(root, 'crashes', 'SKILL.md'),
        message: expect.stringMatching(/could not read this SKILL\.md.*reading 'body'/),
        messageCode: {
          code: 'skill-md-unparsable',
          params: { detail: "Cannot read properties of undefined (reading 'body')" },
        },
      },
    ]);
    expect(saySkillProblem(chineseSkillProblems, '', loaded.errors[0]!.messageCode)).toMatch(/无法解析/);
  });
});
