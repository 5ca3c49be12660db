/**
 * Each skill keeps its own on/off switch as skill folders come and go, in the app or outside it:
 * a copy of a system skill deleted by hand, a system skill a new iAs ships (or drops) under the
 * name of one of the owner's own skills. Real folders, a real database, the real runtime (with its
 * watcher where a folder changes while it runs) and the skills manager's API over it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { dataPaths } from '../../../src/core/paths.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import type { SkillRegistry } from '../../../src/core/skills/registry.js';
import { openStore } from '../../../src/core/store/index.js';
import { holdWriteLock } from '../../helpers/held-lock.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

interface App {
  runtime: Runtime;
  api: CoreApi['api'];
  close(): Promise<void>;
}

let running: App | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** One run of iAs on `home`, its system skills shipped in `system`. */
async function start(home: string, system: string, watch = false): Promise<App> {
  const runtime = await openRuntime({ home, systemSkills: system, watch });
  const core = createCoreApi(runtime, { version: '9.9.9' });
  running = {
    runtime,
    api: core.api,
    async close() {
      await core.close();
      await runtime.close();
    },
  };
  return running;
}

async function stop(): Promise<void> {
  await running?.close();
  running = undefined;
}

/** Resolves once `check` holds, looked at after each change the registry reports. */
function once(registry: SkillRegistry, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      if (!check()) return;
      registry.off('change', look);
      resolve();
    };
    registry.on('change', look);
    look();
  });
}

const MAIL = scriptSkill({ title: 'Send mail', risk: 'High', script: 'echo sent' });
const NOTES = scriptSkill({ title: 'Notes', script: 'echo noted' });

function world() {
  const home = tempDir('ias-switches-');
  const system = path.join(home, 'system');
  writeSkill(system, 'send_mail', MAIL);
  return { home, system, user: path.join(home, 'skills') };
}

async function shown(app: App, name: string) {
  const skill = (await app.api.listSkills()).skills.find((s) => s.name === name);
  return (
    skill && { source: skill.source, overrides: skill.overrides, enabled: skill.enabled, reviewed: skill.reviewed }
  );
}

const offered = (app: App, name: string) => app.runtime.enabledSkills().some((s) => s.name === name);

describe('a copy of a system skill deleted outside the app takes its switch (and review) with it', () => {
  it('seen by hot reload: the system skill is as set at once, and a copy put back later starts as it', async () => {
    const { home, system, user } = world();
    const app = await start(home, system, true);
    const { registry } = app.runtime;
    // The owner switched the shipped high-risk skill off, copied it, and switched the copy on.
    await app.api.setSkillEnabled('send_mail', false);
    let changes = 0;
    registry.on('change', () => changes++);
    await app.api.copySkillToUser('send_mail');
    // The copy reloads the registry itself; the watcher's own reload of the new folder comes after
    // (a folder gone before the watcher has looked at it is never reported by it).
    await once(registry, () => changes >= 2);
    await app.api.setSkillEnabled('send_mail', true);
    expect(await shown(app, 'send_mail')).toEqual({ source: 'user', overrides: true, enabled: true, reviewed: true });

    // The copy's folder is deleted by hand.
    fs.rmSync(path.join(user, 'send_mail'), { recursive: true });
    await once(registry, () => registry.get('send_mail')?.source === 'system');
    expect(await shown(app, 'send_mail')).toMatchObject({ source: 'system', enabled: false });
    expect(offered(app, 'send_mail')).toBe(false);

    // The same copy put back by hand starts as the system skill is (off), and unreviewed.
    fs.cpSync(path.join(system, 'send_mail'), path.join(user, 'send_mail'), { recursive: true });
    await once(registry, () => registry.get('send_mail')?.source === 'user');
    expect(await shown(app, 'send_mail')).toEqual({ source: 'user', overrides: true, enabled: false, reviewed: false });
    expect(offered(app, 'send_mail')).toBe(false);
  });

  it('seen at the next start when deleted while iAs was closed', async () => {
    const { home, system, user } = world();
    let app = await start(home, system);
    await app.api.copySkillToUser('send_mail');
    await app.api.setSkillEnabled('send_mail', false);
    await stop();
    fs.rmSync(path.join(user, 'send_mail'), { recursive: true });
    app = await start(home, system);
    expect(await shown(app, 'send_mail')).toMatchObject({ source: 'system', enabled: true });
    await stop();
    // Put back by hand while closed: a copy as the system skill is (on), unreviewed.
    fs.cpSync(path.join(system, 'send_mail'), path.join(user, 'send_mail'), { recursive: true });
    app = await start(home, system);
    expect(await shown(app, 'send_mail')).toEqual({ source: 'user', overrides: true, enabled: true, reviewed: false });
  });

  it('a copy whose SKILL.md is broken for a while keeps its switch (its folder is still there)', async () => {
    const { home, system, user } = world();
    const app = await start(home, system);
    await app.api.copySkillToUser('send_mail');
    await app.api.setSkillEnabled('send_mail', false);
    await app.api.saveSkill('send_mail', MAIL.replace('High', 'Maybe'));
    expect(await shown(app, 'send_mail')).toMatchObject({ source: 'system', enabled: true });
    await app.api.saveSkill('send_mail', MAIL);
    expect(await shown(app, 'send_mail')).toMatchObject({ source: 'user', enabled: false });
    expect(fs.existsSync(path.join(user, 'send_mail'))).toBe(true);
  });
});

describe("the owner's own skill and a system skill of its name shipped later have a switch each", () => {
  it("an own skill switched off stays off; the new system skill is on once the owner's skill is deleted", async () => {
    const { home, system, user } = world();
    // This version ships no `notes`: the owner writes one and switches it off.
    writeSkill(user, 'notes', NOTES);
    let app = await start(home, system);
    await app.api.setSkillEnabled('notes', false);
    expect(await shown(app, 'notes')).toMatchObject({ source: 'user', overrides: false, enabled: false });
    await stop();

    // The next version ships a system skill `notes`.
    writeSkill(system, 'notes', scriptSkill({ title: 'Notes (shipped)', script: 'echo shipped' }));
    app = await start(home, system);
    expect(await shown(app, 'notes')).toMatchObject({ source: 'user', overrides: true, enabled: false });
    expect(offered(app, 'notes')).toBe(false);

    // Deleting their own skill shows the shipped one as it ships: on (the owner never switched it off).
    await app.api.deleteSkill('notes');
    expect(await shown(app, 'notes')).toMatchObject({ source: 'system', enabled: true });
    expect(offered(app, 'notes')).toBe(true);
  });

  it('also for a skill an earlier iAs switched off by its name alone', async () => {
    const { home, system, user } = world();
    writeSkill(user, 'notes', NOTES);
    // As an earlier iAs kept it: one switch for the name.
    const store = openStore(dataPaths(home).database);
    store.skillSettings.setEnabled('notes', false);
    store.close();
    let app = await start(home, system);
    expect(await shown(app, 'notes')).toMatchObject({ source: 'user', enabled: false });
    await stop();
    writeSkill(system, 'notes', scriptSkill({ title: 'Notes (shipped)', script: 'echo shipped' }));
    app = await start(home, system);
    expect(await shown(app, 'notes')).toMatchObject({ source: 'user', overrides: true, enabled: false });
    await app.api.deleteSkill('notes');
    expect(await shown(app, 'notes')).toMatchObject({ source: 'system', enabled: true });
  });

  it("the same when the owner's skill is deleted by hand while iAs runs", async () => {
    const { home, system, user } = world();
    writeSkill(user, 'notes', NOTES);
    let app = await start(home, system);
    await app.api.setSkillEnabled('notes', false);
    await stop();
    writeSkill(system, 'notes', scriptSkill({ title: 'Notes (shipped)', script: 'echo shipped' }));
    app = await start(home, system, true);
    const { registry } = app.runtime;
    fs.rmSync(path.join(user, 'notes'), { recursive: true });
    await once(registry, () => registry.get('notes')?.source === 'system');
    expect(await shown(app, 'notes')).toMatchObject({ source: 'system', enabled: true });
  });

  it('a copy keeps its own switch when a later version no longer ships the system skill', async () => {
    const { home, system } = world();
    let app = await start(home, system);
    await app.api.setSkillEnabled('send_mail', false);
    await app.api.copySkillToUser('send_mail');
    await app.api.setSkillEnabled('send_mail', true);
    await stop();
    fs.rmSync(path.join(system, 'send_mail'), { recursive: true });
    app = await start(home, system);
    expect(await shown(app, 'send_mail')).toMatchObject({ source: 'user', overrides: false, enabled: true });
    expect(offered(app, 'send_mail')).toBe(true);
  });
});

describe('skills with nothing of theirs to move cost no write', () => {
  it('a start and a hot reload go on while another process holds the database', async () => {
    const { home, system, user } = world();
    writeSkill(user, 'notes', NOTES);
    writeSkill(system, 'weather', scriptSkill({ title: 'Weather', script: 'echo sunny' }));
    // Saved settings with nothing to move: a system skill switched off, the owner's skill with its own switch.
    const app = await start(home, system);
    await app.api.setSkillEnabled('send_mail', false);
    await app.api.setSkillEnabled('notes', false);
    await stop();

    // Another connection holds the write lock (a long write of another iAs) through the whole run.
    const lock = holdWriteLock(dataPaths(home).database);
    let failed!: (err: Error) => void;
    const watchError = new Promise<never>((_, reject) => (failed = reject));
    const runtime = await openRuntime({ home, systemSkills: system, watch: true, onWatchError: (err) => failed(err) });
    try {
      expect(runtime.registry.list().map((s) => s.name)).toEqual(['notes', 'send_mail', 'weather']);
      writeSkill(user, 'fresh_skill', NOTES);
      const { registry } = runtime;
      await Promise.race([once(registry, () => registry.get('fresh_skill') !== undefined), watchError]);
      expect(runtime.enabledSkills().map((s) => s.name)).toEqual(['fresh_skill', 'weather']);
    } finally {
      lock.release();
      await runtime.close();
    }
  });
});
