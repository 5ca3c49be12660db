import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { SkillRegistry } from '../../../src/core/skills/registry.js';
import { SkillWatcher } from '../../../src/core/skills/watcher.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

let watcher: SkillWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
});

async function watched() {
  const user = path.join(tempDir(), 'skills');
  fs.mkdirSync(user);
  writeSkill(user, 'stable', scriptSkill({ script: 'echo stable' }));
  const registry = new SkillRegistry({ userDir: user });
  registry.loadAll();
  watcher = new SkillWatcher(registry);
  await watcher.start();
  return { user, registry };
}

/** Waits (at most a second: the promise of hot reload) until `check` holds. */
async function within1s(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not live within a second');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('hot reload of the user skills folder', () => {
  it('picks up added, changed, deleted and renamed skills within a second', async () => {
    const { user, registry } = await watched();
    writeSkill(user, 'fresh', scriptSkill({ script: 'echo 1', description: 'Version one.' }));
    await within1s(() => registry.get('fresh')?.description === 'Version one.');

    fs.writeFileSync(
      path.join(user, 'fresh', 'SKILL.md'),
      scriptSkill({ script: 'echo 2', description: 'Version two.' }),
    );
    await within1s(() => registry.get('fresh')?.description === 'Version two.');

    fs.renameSync(path.join(user, 'fresh'), path.join(user, 'renamed'));
    await within1s(() => !registry.get('fresh') && registry.get('renamed')?.description === 'Version two.');

    fs.rmSync(path.join(user, 'renamed'), { recursive: true });
    await within1s(() => !registry.get('renamed'));
    expect(registry.get('stable')).toBeDefined();
  });

  it('notices a change to any file in a skill folder (the version hash changes)', async () => {
    const { user, registry } = await watched();
    writeSkill(user, 'with_files', scriptSkill({ script: 'bash scripts/run.sh' }), { 'scripts/run.sh': 'echo a' });
    await within1s(() => registry.get('with_files') !== undefined);
    const before = registry.get('with_files')!.hash;
    fs.writeFileSync(path.join(user, 'with_files', 'scripts', 'run.sh'), 'echo b');
    await within1s(() => registry.get('with_files')!.hash !== before);
  });

  it('a broken edit reports its error and unloads that skill only', async () => {
    const { user, registry } = await watched();
    writeSkill(user, 'fragile', scriptSkill({ script: 'echo ok' }));
    await within1s(() => registry.get('fragile') !== undefined);
    fs.writeFileSync(path.join(user, 'fragile', 'SKILL.md'), '# Fragile\n\nNow broken.\n\n## Risk Level\n\nMaybe\n');
    await within1s(() => registry.get('fragile') === undefined);
    expect(registry.problems().errors).toEqual([
      expect.objectContaining({ path: path.join(user, 'fragile', 'SKILL.md'), line: 7 }),
    ]);
    expect(registry.get('stable')).toBeDefined();
    fs.writeFileSync(path.join(user, 'fragile', 'SKILL.md'), scriptSkill({ script: 'echo fixed' }));
    await within1s(() => registry.get('fragile') !== undefined && registry.problems().errors.length === 0);
  });

  it('debounces a burst of writes into one reload', async () => {
    const { user, registry } = await watched();
    const changes: string[][] = [];
    registry.on('change', (c) => changes.push(c.names));
    for (let i = 0; i < 20; i++) writeSkill(user, 'bursty', scriptSkill({ script: `echo ${i}`, description: `v${i}` }));
    await within1s(() => registry.get('bursty')?.description === 'v19');
    await new Promise((r) => setTimeout(r, 200));
    expect(changes.length).toBeLessThanOrEqual(2);
    expect(changes.flat().every((n) => n === 'bursty')).toBe(true);
  });

  it.skipIf(process.platform === 'win32')(
    'a chmod +x alone clears the warning of a program without its execute bit',
    async () => {
      const { user, registry } = await watched();
      const dir = writeSkill(user, 'runner', scriptSkill({ script: './run.sh' }), { 'run.sh': 'echo ran\n' });
      // As after the load read it: accessed since its last write, which chokidar takes for a read only.
      const program = path.join(dir, 'run.sh');
      const written = fs.statSync(program).mtime;
      fs.utimesSync(program, new Date(written.getTime() + 60_000), written);
      const notExecutable = () =>
        registry.problems().warnings.some((w) => w.messageCode?.code === 'script-not-executable');
      await within1s(() => registry.get('runner') !== undefined && notExecutable());

      fs.chmodSync(program, 0o755);
      await within1s(() => !notExecutable());
      expect(registry.get('runner')).toBeDefined();

      // And back: chmod -x alone says it again.
      fs.chmodSync(program, 0o644);
      await within1s(notExecutable);
    },
  );

  it('watches a user skills folder that is a link to a folder elsewhere (a dotfiles checkout)', async () => {
    const base = tempDir();
    const real = path.join(base, 'dotfiles-skills');
    fs.mkdirSync(real);
    writeSkill(real, 'kept', scriptSkill({ script: 'echo 1', description: 'Version one.' }));
    const user = path.join(base, 'skills');
    fs.symlinkSync(real, user);
    const registry = new SkillRegistry({ userDir: user });
    registry.loadAll();
    watcher = new SkillWatcher(registry);
    await watcher.start();

    fs.writeFileSync(
      path.join(real, 'kept', 'SKILL.md'),
      scriptSkill({ script: 'echo 2', description: 'Version two.' }),
    );
    writeSkill(real, 'added', scriptSkill({ script: 'echo added' }));
    await vi.waitFor(() => {
      expect(registry.get('kept')?.description).toBe('Version two.');
      expect(registry.get('added')?.dir).toBe(path.join(user, 'added'));
    }, 10_000);
    fs.rmSync(path.join(real, 'added'), { recursive: true });
    await vi.waitFor(() => expect(registry.get('added')).toBeUndefined(), 10_000);
  });

  it('watches a user skills folder again once it is removed and made anew (a backup restored)', async () => {
    const { user, registry } = await watched();
    fs.rmSync(user, { recursive: true });
    await vi.waitFor(() => expect(registry.get('stable')).toBeUndefined(), 10_000);
    fs.mkdirSync(user);
    writeSkill(user, 'restored', scriptSkill({ script: 'echo restored' }));
    await vi.waitFor(() => expect(registry.get('restored')?.dir).toBe(path.join(user, 'restored')), 10_000);
    // And watched as before: a skill added later is seen too.
    writeSkill(user, 'added_later', scriptSkill({ script: 'echo later' }));
    await vi.waitFor(() => expect(registry.get('added_later')).toBeDefined(), 10_000);
  });

  it('a call already running keeps the version it started with', async () => {
    const { user, registry } = await watched();
    writeSkill(user, 'versioned', scriptSkill({ script: 'sleep 0.5; echo version-one' }));
    await within1s(() => registry.get('versioned') !== undefined);
    const running = executeSkill(registry.get('versioned')!, {}, { scriptCacheDir: path.join(user, '..', 'cache') });
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(path.join(user, 'versioned', 'SKILL.md'), scriptSkill({ script: 'echo version-two' }));
    await within1s(() => registry.get('versioned')!.script!.body.includes('two'));
    expect((await running).data).toBe('version-one');
    const next = await executeSkill(registry.get('versioned')!, {}, { scriptCacheDir: path.join(user, '..', 'cache') });
    expect(next.data).toBe('version-two');
  });
});
