/**
 * A skill's version is the hash of every file in its folder. Hashing stops at 256 MB, so a folder
 * larger than that could not be pinned: a script past the limit could be edited after the owner's
 * review, unseen, and run at the reviewed (low) risk. Such a folder is refused when it is loaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { tempDir, writeSkill } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

describe('a skill folder too large to hash whole', () => {
  it('is refused with its reason, and its script never runs', async () => {
    const home = tempDir();
    const userSkills = path.join(home, 'skills');
    const ran = path.join(home, 'ran');
    // Hashed in name order: SKILL.md, big.bin (past the limit), then run.sh, which would go unhashed.
    const dir = writeSkill(
      userSkills,
      'bloat',
      '# Bloat\n\nRuns.\n\n## Risk Level\n\nLow\n\n## Execute\n\n```bash\nbash run.sh\n```\n',
      { 'run.sh': `touch '${ran}'` },
    );
    // Sparse: 256 MB and a byte, without writing them.
    fs.closeSync(fs.openSync(path.join(dir, 'big.bin'), 'w'));
    fs.truncateSync(path.join(dir, 'big.bin'), 256 * 1024 * 1024 + 1);

    runtime = await openRuntime({ home, systemSkills: tempDir() });
    expect(runtime.registry.get('bloat')).toBeUndefined();
    expect(runtime.registry.problems().errors).toContainEqual({
      path: dir,
      message: 'the skill folder holds more than 256 MB; a skill must be small enough to check in full before it runs',
      messageCode: { code: 'folder-too-large', params: { maxMb: 256 } },
    });
    const outcome = await runtime.caller.call({ name: 'bloat', params: {}, source: 'chat' });
    expect(outcome.status).toBe('error');
    expect(fs.existsSync(ran)).toBe(false);
  });

  it('one that grows past it after loading is reloaded before its next call, refused, and not run', async () => {
    const home = tempDir();
    const system = tempDir();
    const ran = path.join(home, 'ran');
    const dir = writeSkill(
      system,
      'grows',
      '# Grows\n\nRuns.\n\n## Risk Level\n\nLow\n\n## Execute\n\n```bash\nbash run.sh\n```\n',
      { 'run.sh': `touch '${ran}'` },
    );
    runtime = await openRuntime({ home, systemSkills: system });
    expect((await runtime.caller.call({ name: 'grows', params: {}, source: 'chat' })).status).toBe('done');
    fs.rmSync(ran);
    // Sparse: 256 MB and a byte, without writing them. The call reloads it, seen by a watcher or not.
    fs.closeSync(fs.openSync(path.join(dir, 'big.bin'), 'w'));
    fs.truncateSync(path.join(dir, 'big.bin'), 256 * 1024 * 1024 + 1);
    const outcome = await runtime.caller.call({ name: 'grows', params: {}, source: 'chat' });
    expect(outcome.status).toBe('error');
    expect(fs.existsSync(ran)).toBe(false);
    expect(runtime.registry.problems().errors).toContainEqual(
      expect.objectContaining({ path: dir, messageCode: { code: 'folder-too-large', params: { maxMb: 256 } } }),
    );
  });
});
