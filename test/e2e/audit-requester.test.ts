/**
 * The audit log's entry panel, in Chromium against `ias serve`, says who asked for a call: a
 * conversation that still exists by its title, a link that opens it in the chat (one older than the
 * conversations listed too); a scheduled task by its name, a link to it on the tasks page (a run
 * now's calls as well); a conversation or task deleted since by the id as stored, marked deleted;
 * the terminal as it is. In English and in 简体中文.
 */
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp, otherClient, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** The audit row ids by what asked for the call. */
const rows: Record<string, number> = {};

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  const now = Date.now();
  try {
    store.conversations.create('conv-lisbon', 'Trip to Lisbon', now - 2000);
    store.conversations.append('conv-lisbon', 'user', 'Find flights to Lisbon', {}, now - 1000);
    // Older than the hundred conversations the chat lists: still there, with its messages.
    store.conversations.create('conv-old', 'Old notes', now - 90 * 86_400_000);
    store.conversations.append('conv-old', 'user', 'Note this', {}, now - 90 * 86_400_000);
    for (let i = 0; i < 100; i++) store.conversations.create(`conv-new-${i}`, `Newer ${i}`, now - 60_000 + i);
    store.tasks.insert({
      id: 'report01',
      name: 'Morning report',
      prompt: 'Write the morning report',
      cron: '0 8 * * *',
      runAt: null,
      timeZone: 'UTC',
      nextRunAt: now + 86_400_000,
      allowlist: [],
      enabled: true,
      createdBy: 'cli',
      createdAt: now - 86_400_000,
    });
    const requesters = [
      ['chat', 'conv-lisbon'],
      ['chat', 'conv-old'],
      ['chat', 'conv-gone'],
      ['schedule', 'task-report01'],
      ['schedule', 'task-report01/run-now'],
      ['schedule', 'task-gone01'],
      ['cli', 'terminal'],
    ] as const;
    requesters.forEach(([source, requestedBy], i) => {
      rows[requestedBy] = store.audit.record(
        { skill: 'lookup', source, requestedBy, risk: 'low', params: { i }, startedAt: now - 60_000 + i * 1000 },
        { status: 'done', durationMs: 5, resultSummary: 'found', finishedAt: now - 60_000 + i * 1000 + 5 },
      );
    });
  } finally {
    store.close();
  }
}

const world = servedWorld({ serve: { setup: seed }, page: openApp });

const requester = () => world.page.locator('[data-testid="audit-drawer"] [data-testid="audit-requested-by"]');
const link = () => requester().locator('[data-testid="audit-requester-link"]');

/** The Audit page with the entry of the call `requestedBy` asked for open; its requester once found. */
async function entryOf(requestedBy: string): Promise<string> {
  await world.page.goto(`${world.app.origin}/#/audit`);
  await world.page.locator(`[data-testid="audit-row"][data-id="${rows[requestedBy]}"]`).click();
  await world.page.locator('[data-testid="audit-drawer"] h2', { hasText: `#${rows[requestedBy]}` }).waitFor();
  await expect.poll(() => requester().getAttribute('data-kind')).not.toBe('unknown');
  return (await requester().getAttribute('data-kind'))!;
}

describe('Requested by in the audit entry panel', () => {
  it("is a conversation's title, a link that opens it in the chat", async () => {
    expect(await entryOf('conv-lisbon')).toBe('conversation');
    expect(await link().textContent()).toBe(' Trip to Lisbon');
    await screenshot(world.page, 'audit-requester-conversation');
    await link().click();
    await expect.poll(() => new URL(world.page.url()).hash).toBe('#/chat/conv-lisbon');
    await expect.poll(() => world.page.locator('.chat-title').textContent()).toBe('Trip to Lisbon');
    await world.page.getByText('Find flights to Lisbon').waitFor();

    // One older than those the chat lists is there too, by its title; the chat shows that title.
    expect(await entryOf('conv-old')).toBe('conversation');
    expect(await link().textContent()).toBe(' Old notes');
    expect(await link().getAttribute('href')).toBe('#/chat/conv-old');
    await link().click();
    await world.page.getByText('Note this').waitFor();
    await expect.poll(() => world.page.locator('.chat-title').textContent()).toBe('Old notes');
  });

  it("is a scheduled task's name, a link to it on the tasks page, for a run now's calls too", async () => {
    for (const requestedBy of ['task-report01', 'task-report01/run-now']) {
      expect(await entryOf(requestedBy)).toBe('task');
      expect(await link().textContent()).toBe(' Task “Morning report”');
    }
    await link().click();
    await expect.poll(() => new URL(world.page.url()).hash).toBe('#/tasks/report01');
    const task = world.page.locator('[data-testid="task-item"][data-id="report01"]');
    await expect.poll(() => task.getAttribute('data-selected')).toBe('true');
    await screenshot(world.page, 'audit-requester-task');
  });

  it('is the id as stored, marked deleted, when the conversation or task is gone; the terminal as it is', async () => {
    expect(await entryOf('conv-gone')).toBe('deleted');
    expect(await requester().textContent()).toBe('conv-gone conversation deleted');
    expect(await link().count()).toBe(0);
    await screenshot(world.page, 'audit-requester-deleted');

    expect(await entryOf('task-gone01')).toBe('deleted');
    expect(await requester().textContent()).toBe('task-gone01 task deleted');

    expect(await entryOf('terminal')).toBe('other');
    expect(await requester().textContent()).toBe('terminal');
  });

  it('follows a conversation deleted while its entry is open', async () => {
    expect(await entryOf('conv-lisbon')).toBe('conversation');
    const other = await otherClient(world.app);
    try {
      await other.call('deleteConversation', 'conv-lisbon');
    } finally {
      other.socket.close();
    }
    await expect.poll(() => requester().getAttribute('data-kind')).toBe('deleted');
    expect(await requester().textContent()).toBe('conv-lisbon conversation deleted');
  });

  it('says it in 简体中文', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      expect(await entryOf('conv-gone')).toBe('deleted');
      expect(await requester().textContent()).toBe('conv-gone 对话已删除');
      expect(await entryOf('task-gone01')).toBe('deleted');
      expect(await requester().textContent()).toBe('task-gone01 任务已删除');
      expect(await entryOf('task-report01')).toBe('task');
      expect(await link().textContent()).toBe(' 任务“Morning report”');
      expect(await world.page.locator('[data-testid="audit-drawer"] dt', { hasText: '发起方' }).count()).toBe(1);
    } finally {
      await world.page.goto(`${world.app.origin}/#/settings`);
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
    }
  });
});
