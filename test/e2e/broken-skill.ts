/** The SKILL.md of a user skill that does not load (an unknown risk level, line 3), for the skills page to report. */
import fs from 'node:fs';
import path from 'node:path';

export const BROKEN_SKILL = `---
description: Says hello.
risk: medium
---
## Execute

\`\`\`bash
echo hello
\`\`\`
`;

/** Writes it as `<home>/skills/greet/SKILL.md` and returns that path. */
export function writeBrokenSkill(home: string): string {
  const file = path.join(home, 'skills', 'greet', 'SKILL.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, BROKEN_SKILL);
  return file;
}
