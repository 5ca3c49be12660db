/**
 * A SKILL.md that is not a regular file (a named pipe, a link to one) is never read: reading a pipe
 * waits for a writer, and loading is synchronous, so one such file would freeze the app. It is that
 * skill's problem, reported with its file and the reason; every other skill still loads.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashFolderFiles, listFolderFiles } from '../../../src/core/skills/folder-files.js';
import { loadSkillsRoot } from '../../../src/core/skills/load.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { sayApiError, type ApiErrorCode } from '../../../src/shared/api-errors.js';
import { apiWorld } from '../../helpers/core-api.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const writers: ChildProcess[] = [];
afterEach(() => {
  for (const writer of writers.splice(0)) writer.kill('SIGKILL');
});

/** A named pipe at `file`, which a writer fills in a while: a read of it (the bug) returns a skill then, not a hang. */
function pipeAt(file: string, content = scriptSkill({ script: 'echo from-the-pipe' })): void {
  execFileSync('mkfifo', [file]);
  const text = content.replace(/'/g, '');
  writers.push(spawn('sh', ['-c', `sleep 1; printf '%s' '${text}' > '${file}'`], { stdio: 'ignore' }));
}

describe.skipIf(process.platform === 'win32')('a SKILL.md that is not a regular file', () => {
  it('a named pipe is reported, unread, with its file and reason; the other skills load', () => {
    const root = tempDir();
    writeSkill(root, 'before', scriptSkill({ script: 'echo a' }));
    fs.mkdirSync(path.join(root, 'piped'));
    pipeAt(path.join(root, 'piped', 'SKILL.md'));
    writeSkill(root, 'later', scriptSkill({ script: 'echo c' }));
    const loaded = loadSkillsRoot(root, 'user');
    expect(loaded.skills.map((s) => s.name)).toEqual(['before', 'later']);
    expect(loaded.errors).toEqual([
      {
        path: path.join(root, 'piped', 'SKILL.md'),
        message: 'SKILL.md is a named pipe (FIFO), not a regular file: it is not read (make it a plain text file)',
        messageCode: { code: 'skill-md-not-regular', params: { kind: 'fifo' } },
      },
    ]);
    expect(saySkillProblem(chineseSkillProblems, '', loaded.errors[0]!.messageCode!)).toBe(
      'SKILL.md 是命名管道（FIFO），不是普通文件，不会被读取（请改成普通文本文件）',
    );
  });

  it('a SKILL.md linked to a named pipe in its folder is not read either', () => {
    const root = tempDir();
    const dir = path.join(root, 'linked');
    fs.mkdirSync(dir);
    pipeAt(path.join(dir, 'pipe'));
    fs.symlinkSync('pipe', path.join(dir, 'SKILL.md'));
    const loaded = loadSkillsRoot(root, 'user');
    expect(loaded.skills).toEqual([]);
    expect(loaded.errors).toMatchObject([{ messageCode: { code: 'skill-md-not-regular', params: { kind: 'fifo' } } }]);
  });

  it('a file listed as regular and replaced by a pipe before it is hashed is not waited on', () => {
    const dir = writeSkill(tempDir(), 'swapped', scriptSkill({ script: 'bash helper.sh' }), {
      'helper.sh': 'echo helper',
    });
    const files = listFolderFiles(dir, dir);
    const before = hashFolderFiles(dir, files);
    fs.rmSync(path.join(dir, 'helper.sh'));
    pipeAt(path.join(dir, 'helper.sh'), 'echo helper');
    expect(hashFolderFiles(dir, files)).not.toBe(before);
  });

  it("the editor's read of a SKILL.md that is a named pipe is refused, unread, in both languages", async () => {
    const w = await apiWorld();
    try {
      const dir = path.join(w.runtime.paths.userSkills, 'piped');
      fs.mkdirSync(dir, { recursive: true });
      pipeAt(path.join(dir, 'SKILL.md'));
      const err = (await w.core.api.readSkill('piped').catch((e: unknown) => e)) as {
        message: string;
        messageCode: ApiErrorCode;
      };
      expect(err.messageCode).toEqual({
        code: 'skill-md-unopenable',
        params: { name: 'piped', problem: { code: 'skill-md-not-regular', params: { kind: 'fifo' } } },
      });
      expect(err.message).toBe(
        'piped cannot be opened: SKILL.md is a named pipe (FIFO), not a regular file: it is not read (make it a plain text file)',
      );
      expect(sayApiError(chineseApiErrors, err.message, err.messageCode)).toBe(
        '无法打开 piped：SKILL.md 是命名管道（FIFO），不是普通文件，不会被读取（请改成普通文本文件）',
      );
    } finally {
      await w.close();
    }
  });
});
