/**
 * The API follows what other iAs processes write to the same data folder (`ias chat` beside the app
 * or `ias serve`): their conversations, turns, approvals, tasks and background calls are told as
 * this process's own writes are, its own writes once.
 */
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { followOutsideChanges } from '../../../src/core/api/outside-changes.js';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { openStore, type Store } from '../../../src/core/store/index.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { iasAsync } from '../../helpers/cli.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup } from '../../helpers/temp.js';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/** The same database, through a connection of its own: what another iAs process writes. */
function otherProcess(world: ApiWorld): Store {
  const store = openStore(world.runtime.paths.database);
  onCleanup(() => store.close());
  return store;
}

const changesOf = (events: IasEvent[], id: string) =>
  events.filter((e) => e.type === 'conversations-changed' && e.conversationId === id).length;

/** Waits (a second's look or two) until `check` passes. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

it('a turn `ias chat` adds is told as a change of its conversation, new or continued, and read with the rest', async () => {
  w = await apiWorld();
  const model = await startModelServer();
  onCleanup(() => void model.close());
  const env = { IAS_LLM_BASE_URL: model.url, IAS_LLM_MODEL: 'test-model', IAS_LLM_API_KEY: 'sk-test' };
  const args = ['--json', '--home', w.home, '--system-skills', path.join(w.home, 'system')];

  model.enqueue({ content: 'Answered at the terminal.' });
  const first = await iasAsync(['chat', 'asked at the terminal', ...args], env);
  expect(first.status).toBe(0);
  const id = (JSON.parse(first.stdout) as { conversationId: string }).conversationId;
  await eventually(() => expect(changesOf(w!.events, id)).toBeGreaterThan(0));
  expect((await w.core.api.listConversations()).map((c) => c.id)).toContain(id);
  expect((await w.core.api.getMessages(id, 50)).map((m) => m.content)).toEqual([
    'asked at the terminal',
    'Answered at the terminal.',
  ]);

  const told = changesOf(w.events, id);
  model.enqueue({ content: 'Still at the terminal.' });
  const next = await iasAsync(['chat', 'and again', '--conversation', id, ...args], env);
  expect(next.status).toBe(0);
  await eventually(() => expect(changesOf(w!.events, id)).toBeGreaterThan(told));
  expect((await w.core.api.getMessages(id, 50)).map((m) => m.content).slice(2)).toEqual([
    'and again',
    'Still at the terminal.',
  ]);
});

it("tells another process's conversations and ended background calls; this process's own writes once", async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  w.runtime.store.conversations.create('mine', 'Made here');
  await eventually(() => expect(changesOf(w!.events, 'mine')).toBe(1));

  other.atomically(() => {
    other.conversations.create('theirs', 'Made elsewhere');
    other.conversations.append('theirs', 'user', 'hello from elsewhere');
  });
  await eventually(() => expect(changesOf(w!.events, 'theirs')).toBe(1));
  // Its own write was told when it was made, not again with the other process's.
  expect(changesOf(w.events, 'mine')).toBe(1);

  // A call that goes on in the background, with its tool message (one commit, as the loop writes it)…
  other.atomically(() => {
    other.jobs.start('call_slow', 'tool', 'theirs', 'slow');
    other.conversations.append('theirs', 'tool', '{"status":"running in background"}', { toolCallId: 'call_slow' });
  });
  await eventually(() => expect(changesOf(w!.events, 'theirs')).toBe(2));
  // …and its end, which touches only the job: the card of the call shows how it ended.
  other.jobs.finish('call_slow', { success: true, data: 'slow but done' }, 'done');
  await eventually(() => expect(changesOf(w!.events, 'theirs')).toBe(3));

  other.conversations.delete('theirs');
  await eventually(() => expect(changesOf(w!.events, 'theirs')).toBe(4));
  expect(changesOf(w.events, 'mine')).toBe(1);
});

it("tells another process's approvals as they move on, which cannot be decided here", async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  const now = Date.now();
  other.approvals.insert({
    id: 'approval-elsewhere',
    createdAt: now,
    expiresAt: now + 300_000,
    userId: 'owner',
    skillName: 'send_mail',
    params: '{"to":"a@example.com"}',
    paramsHash: 'h',
    skillHash: 's',
    status: 'pending',
    runId: 'another-run',
    channel: 'terminal',
  });
  const approvals = () => w!.events.flatMap((e) => (e.type === 'approval' ? [e.approval] : []));
  await eventually(() =>
    expect(approvals()).toContainEqual(
      expect.objectContaining({ id: 'approval-elsewhere', status: 'pending', decidableHere: false }),
    ),
  );
  other.approvals.transition('approval-elsewhere', ['pending'], 'rejected', { decidedAt: Date.now() });
  await eventually(() => expect(approvals().map((a) => a.status)).toEqual(['pending', 'rejected']));
  expect((await w.core.api.listApprovals()).map((a) => [a.id, a.status])).toEqual([['approval-elsewhere', 'rejected']]);
});

it('tells a task another process made, and runs it at its moment rather than at the next look at the table', async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  const ran = new Promise<string>((resolve) => w!.runtime.scheduler.once('ran', (task) => resolve(task.id)));
  const now = Date.now();
  // As `ias chat` makes it when the model schedules a one-off: due in a moment.
  other.tasks.insert({
    id: 'soon',
    name: 'In a moment',
    cron: null,
    runAt: now + 1500,
    nextRunAt: now + 1500,
    prompt: 'Say hello.',
    allowlist: [],
    enabled: true,
    timeZone: 'UTC',
    createdBy: 'cli',
    createdAt: now,
  });
  await eventually(() => expect(w!.events).toContainEqual({ type: 'tasks-changed' }));
  // The scheduler's own look at the table comes once a minute: past this test's time.
  expect(await ran).toBe('soon');
});

it('marks the last message of a turn still under way, and not once it ended', async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  other.conversations.create('busy', 'A turn under way');
  other.conversations.append('busy', 'user', 'look it up', {}, Date.now(), 'begins');
  other.conversations.append('busy', 'assistant', '', { toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{}' }] });
  const read = await w.core.api.getMessages('busy', 50);
  expect(read.map((m) => m.underWay ?? false)).toEqual([false, true]);
  // An earlier page is not the end of the conversation: nothing is marked there.
  expect((await w.core.api.getMessages('busy', { limit: 50, before: read[1]!.id })).some((m) => m.underWay)).toBe(
    false,
  );

  other.conversations.append('busy', 'tool', '{"success":true}', { toolCallId: 'c1' });
  other.conversations.append('busy', 'assistant', 'Found it.', {}, Date.now(), 'ends');
  expect((await w.core.api.getMessages('busy', 50)).some((m) => m.underWay)).toBe(false);
});

const auditNews = (events: IasEvent[]) => events.filter((e) => e.type === 'audit-changed').length;

it("tells skill calls another process adds to the audit log or ends; this process's own once, a burst as one", async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  const mine = w.runtime.store.audit;
  const call = { skill: 'read_only', source: 'chat' as const, risk: 'low' as const, params: {} };
  /** A commit of the other process that is not the audit log's: once it is told, its look is over. */
  let looks = 0;
  const lookedAgain = async () => {
    const id = `look-${++looks}`;
    other.conversations.create(id, 'A look');
    await eventually(() => expect(changesOf(w!.events, id)).toBe(1));
  };

  // This process's own calls: a burst (a turn's rows, started and ended) told once.
  const started = mine.start(call);
  mine.record(call, { status: 'done', durationMs: 1 });
  mine.record(call, { status: 'failed', durationMs: 2, error: 'no' });
  await eventually(() => expect(auditNews(w!.events)).toBe(1));
  await lookedAgain();
  expect(auditNews(w.events)).toBe(1);

  // Another process's call, running (as one awaiting its approval is)…
  const theirs = other.audit.start({ ...call, risk: 'high' });
  await eventually(() => expect(auditNews(w!.events)).toBe(2));
  await lookedAgain();
  expect(auditNews(w.events)).toBe(2);
  // …the end of this process's own, told once more…
  mine.finish(started, { status: 'done', durationMs: 3 });
  await eventually(() => expect(auditNews(w!.events)).toBe(3));
  await lookedAgain();
  expect(auditNews(w.events)).toBe(3);
  // …and the end of the other's, which adds no row.
  other.audit.finish(theirs, { status: 'refused', durationMs: 4, approvalOutcome: 'rejected' });
  await eventually(() => expect(auditNews(w!.events)).toBe(4));
  const page = await w.core.api.queryAudit({ limit: 10 });
  expect(page.rows.map((r) => r.status)).toEqual(['refused', 'failed', 'done', 'done']);
});

it('a commit another process makes while the first reads are taken is told, not counted as seen unread', async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  const { conversations } = w.runtime.store;
  // Right after the conversations are first read (once), the other process commits one: between
  // that read and, before the fix, the count of commits, which then counted it as seen.
  const read = conversations.updatedTimes.bind(conversations);
  conversations.updatedTimes = () => {
    Reflect.deleteProperty(conversations, 'updatedTimes');
    const times = read();
    other.conversations.create('meanwhile', 'Made during the first reads');
    return times;
  };
  const told: string[] = [];
  const stop = followOutsideChanges(
    w.runtime,
    {
      conversation: (id) => told.push(id),
      approval() {},
      tasks() {},
      audit() {},
      provider() {},
      settings() {},
      skills() {},
    },
    // The poll alone (every platform alike), often: the commit is told at its first read.
    { watch: false, pollMs: 50 },
  );
  onCleanup(stop);
  expect(Object.hasOwn(conversations, 'updatedTimes')).toBe(false);
  await vi.waitFor(() => expect(told).toEqual(['meanwhile']), { timeout: 3000, interval: 20 });
});

const providerNews = (events: IasEvent[]) => events.filter((e) => e.type === 'provider-changed').length;

it("tells the provider `ias provider` saves, and its key cleared, in another process; this process's own save once", async () => {
  w = await apiWorld();
  const args = ['--home', w.home, '--system-skills', path.join(w.home, 'system')];
  /** A commit of the other process that is not the provider's: once it is told, its look is over. */
  let looks = 0;
  const lookedAgain = async () => {
    const id = `look-${++looks}`;
    otherProcess(w!).conversations.create(id, 'A look');
    await eventually(() => expect(changesOf(w!.events, id)).toBe(1));
  };

  // Saved here (the key with it: two writes), told once.
  await w.core.api.saveProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'mine', apiKey: 'sk-mine' });
  await eventually(() => expect(providerNews(w!.events)).toBe(1));
  await lookedAgain();
  expect(providerNews(w.events)).toBe(1);

  // Saved by `ias provider set` in its own process: told, and read anew.
  const set = await iasAsync(['provider', 'set', '--model', 'theirs', ...args]);
  expect(set.status).toBe(0);
  await eventually(() => expect(providerNews(w!.events)).toBe(2));
  expect((await w.core.api.getProvider()).saved).toEqual({
    baseUrl: 'http://127.0.0.1:9/v1',
    model: 'theirs',
    hasKey: true,
  });

  // The key alone cleared there: it lives outside the database, yet is told too.
  const cleared = await iasAsync(['provider', 'clear-key', ...args]);
  expect(cleared.status).toBe(0);
  await eventually(() => expect(providerNews(w!.events)).toBe(3));
  expect((await w.core.api.getProvider()).saved.hasKey).toBe(false);
  // Nothing of the key in what is told.
  expect(JSON.stringify(w.events)).not.toContain('sk-mine');

  // Other settings are not the provider.
  await w.core.api.saveSettings({ theme: 'dark' });
  await lookedAgain();
  expect(providerNews(w.events)).toBe(3);
});

const settingsNews = (events: IasEvent[]) => events.filter((e) => e.type === 'settings-changed').length;

it("tells the general settings another process saves (language, time zone, the pause); this process's own save once", async () => {
  w = await apiWorld();
  const other = otherProcess(w);
  let looks = 0;
  const lookedAgain = async () => {
    const id = `look-${++looks}`;
    other.conversations.create(id, 'A look');
    await eventually(() => expect(changesOf(w!.events, id)).toBe(1));
  };

  // Saved here (the settings and the time zone: two writes), told once.
  await w.core.api.saveSettings({ theme: 'dark', timeZone: 'Europe/Paris' });
  await eventually(() => expect(settingsNews(w!.events)).toBe(1));
  await lookedAgain();
  expect(settingsNews(w.events)).toBe(1);

  // Saved by another process (another app's Settings page): told, and read anew.
  const theirs = settingsApi({ ...w.runtime, store: other });
  await theirs.saveSettings({ language: 'zh-CN' });
  await eventually(() => expect(settingsNews(w!.events)).toBe(2));
  expect(await w.core.api.getSettings()).toMatchObject({ language: 'zh-CN', theme: 'dark', timeZone: 'Europe/Paris' });
  await theirs.saveSettings({ timeZone: 'system' });
  await eventually(() => expect(settingsNews(w!.events)).toBe(3));
  expect((await w.core.api.getSettings()).timeZone).toBe('system');
  await theirs.setHighRiskPaused(true);
  await eventually(() => expect(settingsNews(w!.events)).toBe(4));
  expect((await w.core.api.getSettings()).highRiskPaused).toBe(true);

  // The provider is not a general setting, nor the other way round.
  const providerBefore = providerNews(w.events);
  await w.core.api.saveProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'mine' });
  await eventually(() => expect(providerNews(w!.events)).toBe(providerBefore + 1));
  await lookedAgain();
  expect(settingsNews(w.events)).toBe(4);
  expect(providerNews(w.events)).toBe(providerBefore + 1);
});

const skillNews = (events: IasEvent[]) => events.filter((e) => e.type === 'skills-changed').length;

it('tells a skill `ias skills disable` or `enable` switches in another process, so the skills page shows it as it is', async () => {
  w = await apiWorld();
  const args = ['--home', w.home, '--system-skills', path.join(w.home, 'system')];
  const enabled = async () => (await w!.core.api.listSkills()).skills.find((s) => s.name === 'read_only')?.enabled;
  expect(await enabled()).toBe(true);
  const before = skillNews(w.events);

  const off = await iasAsync(['skills', 'disable', 'read_only', ...args]);
  expect(off.status).toBe(0);
  await eventually(() => expect(skillNews(w!.events)).toBe(before + 1));
  expect(await enabled()).toBe(false);

  const on = await iasAsync(['skills', 'enable', 'read_only', ...args]);
  expect(on.status).toBe(0);
  await eventually(() => expect(skillNews(w!.events)).toBe(before + 2));
  expect(await enabled()).toBe(true);

  // Switched here: told once, not again at the next look at another process's commit.
  await w.core.api.setSkillEnabled('read_only', false);
  expect(skillNews(w.events)).toBe(before + 3);
  otherProcess(w).conversations.create('look', 'A look');
  await eventually(() => expect(changesOf(w!.events, 'look')).toBe(1));
  expect(skillNews(w.events)).toBe(before + 3);
});
