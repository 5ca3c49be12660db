/**
 * A script that runs a file of its folder without the file's execute bit: a warning at the
 * SKILL.md line when the skill loads, and a call error that says why and how to fix it (real
 * files, real modes, a real bash).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { loadSkillFolder } from '../../../src/core/skills/load.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const posix = process.platform !== 'win32';

/** A skill whose script is `script`, with `files` beside it (`run.sh` without its execute bit). */
function load(script: string, files: Record<string, string> = { 'run.sh': 'echo ran\n' }) {
  const root = tempDir();
  const md = scriptSkill({ script });
  const dir = writeSkill(root, 'subject', md, files);
  const loaded = loadSkillFolder(root, 'subject', 'user')!;
  return { dir, md, loaded, lineOf: (text: string) => md.split('\n').indexOf(text) + 1 };
}

describe.skipIf(!posix)('a program of the skill folder without its execute bit', () => {
  it('is a warning at the SKILL.md line, with chmod and its interpreter as the fix', () => {
    const { dir, loaded, lineOf } = load('set -e\n./run.sh "$SKILL_PARAM_TEXT"', {
      'run.sh': '#!/bin/bash\necho ran\n',
    });
    expect(loaded.skill).toBeDefined();
    expect(loaded.errors).toEqual([]);
    expect(loaded.warnings).toEqual([
      {
        path: path.join(dir, 'SKILL.md'),
        line: lineOf('./run.sh "$SKILL_PARAM_TEXT"'),
        message:
          'the script runs "./run.sh", but that file is not executable, so the call fails with "Permission denied": make it executable (run `chmod +x run.sh` in the skill folder) or run it through its interpreter (`bash ./run.sh`)',
        messageCode: {
          code: 'script-not-executable',
          params: { file: './run.sh', rel: 'run.sh', interpreter: 'bash' },
        },
      },
    ]);
  });

  it('is found in command position only (past NAME=value), through $SKILL_DIR too, the interpreter by extension', () => {
    const script = [
      'echo ./run.sh',
      'bash ./run.sh',
      'source ./lib.sh',
      '# ./run.sh',
      'if MODE=fast ./check; then :; fi',
      'x=$("$SKILL_DIR/tools/go.py" --fast) && ./ok.sh',
    ].join('\n');
    const files = { 'run.sh': '', 'lib.sh': '', check: '', 'tools/go.py': 'print(1)\n', 'ok.sh': '' };
    const { dir, loaded, lineOf } = load(script, files);
    fs.chmodSync(path.join(dir, 'ok.sh'), 0o755);
    const again = loadSkillFolder(path.dirname(dir), 'subject', 'user')!;
    expect(again.warnings.map((w) => [w.line, w.messageCode])).toEqual([
      // No #! line and no extension: only chmod is said.
      [
        lineOf('if MODE=fast ./check; then :; fi'),
        { code: 'script-not-executable', params: { file: './check', rel: 'check' } },
      ],
      [
        lineOf('x=$("$SKILL_DIR/tools/go.py" --fast) && ./ok.sh'),
        {
          code: 'script-not-executable',
          params: { file: '$SKILL_DIR/tools/go.py', rel: 'tools/go.py', interpreter: 'python3' },
        },
      ],
    ]);
    // Before the chmod, ./ok.sh on the same line was said too.
    expect(loaded.warnings.map((w) => (w.messageCode?.params as { rel: string }).rel)).toEqual([
      'check',
      'tools/go.py',
      'ok.sh',
    ]);
  });

  it('is not said once the file is executable, nor for a file that is not there', () => {
    const { dir } = load('./run.sh\n./missing.sh');
    fs.chmodSync(path.join(dir, 'run.sh'), 0o755);
    expect(loadSkillFolder(path.dirname(dir), 'subject', 'user')!.warnings).toEqual([]);
  });

  it('fails a call with the same words and the fix, not a bare "Permission denied"', async () => {
    const { loaded } = load('./run.sh');
    const result = await executeSkill(loaded.skill!, {}, { scriptCacheDir: tempDir('ias-cache-') });
    expect(result.success).toBe(false);
    expect(result.exitCode).toBe(126);
    expect(result.error).toMatch(
      /^the script runs "\.\/run\.sh", but that file is not executable, .* \(run `chmod \+x run\.sh` in the skill folder\) or run it through its interpreter \(`bash \.\/run\.sh`\)\n.*Permission denied$/,
    );
  });
});
