/**
 * Every skill shipped with iAs (the system skills and the example skills) speaks to a Chinese
 * owner in 简体中文: a title, a description and every setting's description under `locales: zh-CN`,
 * read without a warning, quoted with “” (never 「」).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSkillFile } from '../../../src/core/skills/parse.js';

const ROOT = path.join(import.meta.dirname, '../../..');
const shipped = ['resources/skills', 'skills'].flatMap((folder) =>
  fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(folder, entry.name)),
);

describe('the skills shipped with iAs', () => {
  it('are all found', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(10);
  });

  it.each(shipped)('%s has its title, description and settings in 简体中文', (folder) => {
    const file = path.join(ROOT, folder, 'SKILL.md');
    const text = fs.readFileSync(file, 'utf8');
    const { definition, errors, warnings } = parseSkillFile(Buffer.from(text), file, path.basename(folder));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    const zh = definition!.locales?.['zh-CN'];
    const chinese = expect.stringMatching(/\p{Script=Han}/u);
    expect(zh).toMatchObject({ title: chinese, description: chinese });
    for (const field of definition!.config ?? [])
      expect([field.name, zh?.config?.[field.name]]).toEqual([field.name, chinese]);
    expect(text).not.toMatch(/[「」『』]/);
  });
});
