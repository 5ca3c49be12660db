/**
 * A skipped skill as the terminal says it (`ias serve`, the desktop app at start-up): what the
 * skill file and its folder's name wrote is shown, never obeyed.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { checkPaths } from '../../src/core/skills/check.js';
import { skippedSkillText } from '../../src/shared/skipped-skill.js';
import { tempDir, writeSkill } from '../helpers/temp.js';

/** "Set the clipboard to `rm -rf ~`", as a terminal that obeys OSC 52 reads it. */
const CLIPBOARD = '\u001b]52;c;cm0gLXJmIH4=\u0007';

it('shows the escape sequences a skill file and its folder name hold as \\u001b', () => {
  const root = tempDir('ias-skipped-');
  writeSkill(
    root,
    'clipboard',
    `---\ndescription: Sets the clipboard.\nrisk: "\\e]52;c;cm0gLXJmIH4=\\a"\n---\n\n## Execute\n\n\`\`\`bash\necho\n\`\`\`\n`,
  );
  writeSkill(root, `x${CLIPBOARD}\rok`, '# X\n\nDoes x.\n');
  const report = checkPaths([root]);
  const lines = report.errors.map(skippedSkillText);
  expect(lines).toHaveLength(2);
  for (const line of lines) {
    expect(line).not.toMatch(/[\u001b\u0007\r]/);
  }
  const risk = lines.find((line) => line.includes('clipboard'));
  expect(risk).toContain(path.join(root, 'clipboard', 'SKILL.md'));
  expect(risk).toContain('unknown risk level "\\u001b]52;c;cm0gLXJmIH4=\\u0007"');
  expect(lines.find((line) => line !== risk)).toContain('x\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u000dok');
});

it('says where on one line, the line number after a colon', () => {
  expect(skippedSkillText({ path: '/s/a\nb/SKILL.md', line: 7, message: 'bad\u202e word\nnext' })).toBe(
    '/s/a\\u000ab/SKILL.md:7: bad\\u202e word\nnext',
  );
  expect(skippedSkillText({ path: '/s/x/SKILL.md', message: 'empty' })).toBe('/s/x/SKILL.md: empty');
});
