/**
 * `ias skills check` on paths that are neither a SKILL.md nor a folder (a device, a named pipe):
 * each is a problem of its own, said in words, and the other paths are still checked.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { checkPaths } from '../../../src/core/skills/check.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

it.skipIf(process.platform === 'win32')(
  'says a device or a named pipe is not a skill, and still checks the rest',
  () => {
    const root = tempDir('ias-check-');
    writeSkill(root, 'fine', scriptSkill({ script: 'echo fine' }));
    const pipe = path.join(tempDir('ias-check-pipe-'), 'pipe');
    execFileSync('mkfifo', [pipe]);
    const report = checkPaths(['/dev/null', pipe, root]);
    expect(report.skills.map((s) => s.name)).toEqual(['fine']);
    expect(report.errors).toEqual([
      expect.objectContaining({ path: '/dev/null', messageCode: { code: 'check-path-not-skill', params: {} } }),
      expect.objectContaining({ path: pipe, messageCode: { code: 'check-path-not-skill', params: {} } }),
    ]);
  },
);
