/**
 * Marking a review at a version: only if the skill's files, read again, are that version, and the
 * version written is the one compared; the files shown for it are exactly the bytes it hashes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isReviewed, markReviewedIfAt } from '../../../src/core/approval/review.js';
import { readFolderVersion } from '../../../src/core/skills/folder-version.js';
import { hashSkillFolder } from '../../../src/core/skills/load.js';
import { SkillRegistry } from '../../../src/core/skills/registry.js';
import { openStore } from '../../../src/core/store/index.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

function world() {
  const home = tempDir('ias-review-');
  const user = path.join(home, 'skills');
  const dir = writeSkill(user, 'mine', scriptSkill({ script: 'bash run.sh' }), {
    'run.sh': 'echo hi\n',
    'lib/data.bin': '\0\x01\x02',
  });
  const registry = new SkillRegistry({ userDir: user });
  registry.loadAll();
  const store = openStore(path.join(home, 'ias.db'));
  onCleanup(() => store.close());
  return { user, dir, registry, settings: store.skillSettings };
}

describe('readFolderVersion', () => {
  it('hashes as the registry does, lists every file with its size, and keeps only the contents asked for', () => {
    const w = world();
    const version = readFolderVersion(w.dir, w.user, (rel) => rel === 'run.sh');
    expect(version.hash).toBe(w.registry.get('mine')!.hash);
    expect(version.hash).toBe(hashSkillFolder(w.dir, w.user));
    expect(version.files.map((f) => [f.path, f.size])).toEqual([
      ['SKILL.md', fs.statSync(path.join(w.dir, 'SKILL.md')).size],
      ['lib/data.bin', 3],
      ['run.sh', 8],
    ]);
    expect(version.files.filter((f) => f.content).map((f) => [f.path, Buffer.from(f.content!).toString()])).toEqual([
      ['run.sh', 'echo hi\n'],
    ]);
  });
});

describe('markReviewedIfAt', () => {
  it('marks the version named by its whole hash (in any case), never by a part of it', () => {
    const w = world();
    const hash = w.registry.get('mine')!.hash;
    for (const part of [hash.slice(0, 12), hash.slice(0, 63), '', `${hash}0`]) {
      expect(markReviewedIfAt(w.registry, 'mine', part, w.settings)).toBeUndefined();
    }
    expect(w.settings.get('mine')).toBeUndefined();
    expect(markReviewedIfAt(w.registry, 'mine', hash.toUpperCase(), w.settings)?.hash).toBe(hash);
    expect(w.settings.get('mine')?.reviewedHash).toBe(hash);
  });

  it('marks nothing when the files changed since the version was taken, even unseen by the registry', () => {
    const w = world();
    const shown = w.registry.get('mine')!.hash;
    fs.appendFileSync(path.join(w.dir, 'run.sh'), 'echo more\n'); // no watcher, no reload
    expect(markReviewedIfAt(w.registry, 'mine', shown, w.settings)).toBeUndefined();
    expect(w.settings.get('mine')).toBeUndefined();
    const now = w.registry.get('mine')!;
    expect(now.hash).not.toBe(shown);
    expect(isReviewed(now, w.settings)).toBe(false);
    expect(markReviewedIfAt(w.registry, 'mine', now.hash, w.settings)).toBe(now);
    expect(isReviewed(w.registry.current('mine')!, w.settings)).toBe(true);
  });
});
