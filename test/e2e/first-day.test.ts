/**
 * What an owner meets on a first day with the app, in Chromium against the real `ias serve`: the
 * message box, a narrow window, the audit log's words and the approval's, in English and 简体中文.
 */
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp, screenshot, serve, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

/** Calls as the audit log keeps them, one per way an approval can end (oldest first). */
const OUTCOMES = [
  { skill: 'get_current_datetime', risk: 'low', approvalOutcome: 'none', status: 'done' },
  { skill: 'send_mail', risk: 'high', approvalOutcome: 'approved', status: 'done' },
  { skill: 'send_mail', risk: 'high', approvalOutcome: 'rejected', status: 'refused' },
  { skill: 'send_mail', risk: 'high', approvalOutcome: 'paused', status: 'refused' },
  { skill: 'execute_shell', risk: 'high', approvalOutcome: 'owner-at-terminal', status: 'done' },
] as const;

const TASK_NAME = 'Renew the domain name ias-example.com before it expires next month, and tell me the price first';

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const now = Date.now();
    for (const [i, { skill, risk, approvalOutcome, status }] of OUTCOMES.entries()) {
      const startedAt = now - (10 - i) * 60_000;
      store.audit.record(
        { skill, source: 'chat', risk, params: {}, approvalOutcome, startedAt },
        { status, durationMs: 5, finishedAt: startedAt + 5 },
      );
    }
    store.conversations.create('plans', 'Holiday plans', now - 3_600_000);
    store.conversations.append('plans', 'user', 'Where shall we go?', {}, now - 3_600_000);
    store.tasks.insert({
      id: 'renewal',
      name: TASK_NAME,
      prompt: 'Remind me to renew the domain',
      cron: null,
      runAt: now + 30 * 86_400_000,
      nextRunAt: now + 30 * 86_400_000,
      timeZone: 'UTC',
      allowlist: [],
      enabled: true,
      createdBy: 'cli',
      createdAt: now,
    });
  } finally {
    store.close();
  }
}

const world = servedWorld({ serve: { setup: seed }, page: openApp });

describe('a first day with the app', () => {
  it('the message box shows no scroll bar until its text is taller than the box may grow', async () => {
    const input = world.page.locator('[data-testid="message-input"]');
    const box = () =>
      input.evaluate((el) => ({ overflows: el.scrollHeight > el.clientHeight, height: el.offsetHeight }));
    await expect.poll(box).toMatchObject({ overflows: false });
    const empty = (await box()).height;

    await input.fill('one\ntwo\nthree');
    await expect.poll(box).toMatchObject({ overflows: false });
    expect((await box()).height).toBeGreaterThan(empty);

    // Past its tallest (200 px) the box scrolls.
    await input.fill(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'));
    await expect.poll(box).toEqual({ overflows: true, height: 200 });
    await input.fill('');
    await expect.poll(box).toEqual({ overflows: false, height: empty });
  });

  it('in a window as narrow as the app allows (640 px), the chat keeps room to write', async () => {
    await world.page.setViewportSize({ width: 640, height: 700 });
    try {
      await world.page.goto(`${world.app.origin}/#/chat`);
      const input = world.page.locator('[data-testid="message-input"]');
      await input.waitFor();
      // The sidebar keeps its icons, each link its name; the message box gets most of the width.
      await expect.poll(async () => (await input.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
      const sidebar = world.page.getByTestId('sidebar');
      expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(64);
      for (const name of ['Chat', 'Skills', 'Scheduled tasks', 'Audit log', 'Approvals', 'Settings'])
        expect(await sidebar.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      // Wide again, the labels are back.
      await world.page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeGreaterThan(150);
      expect(await sidebar.getByText('Scheduled tasks').isVisible()).toBe(true);
    } finally {
      await world.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('the audit log says how each approval ended in words of the UI’s language, not the stored value', async () => {
    const approvals = () => world.page.locator('[data-testid="audit-row"] .col-approval').allTextContents();
    await world.page.goto(`${world.app.origin}/#/audit`);
    // Newest first.
    await expect.poll(approvals).toEqual(['At the terminal', 'Paused', 'Rejected', 'Approved', '—']);
    await world.page.locator('[data-testid="audit-row"]').nth(3).click();
    const drawer = world.page.locator('[data-testid="audit-drawer"]');
    await expect.poll(async () => (await drawer.textContent()) ?? '').toContain('ApprovalApproved');

    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      await world.page.goto(`${world.app.origin}/#/audit`);
      await expect.poll(approvals).toEqual(['在终端确认', '已暂停', '已拒绝', '已批准', '—']);
      await world.page.locator('[data-testid="audit-row"]').nth(2).click();
      await expect.poll(async () => (await drawer.textContent()) ?? '').toContain('审批已拒绝');
    } finally {
      await world.page.goto(`${world.app.origin}/#/settings`);
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
    }
  });

  it('a wide table in a reply scrolls sideways in a narrow window rather than cutting its words', async () => {
    const words = ['Temperature', 'Humidity', 'Precipitation', 'Visibility', 'Description', 'Recommendation'];
    const table = [`| ${words.join(' | ')} |`, `|${' --- |'.repeat(words.length)}`, `| ${words.join(' | ')} |`];
    world.app.model.enqueue({ content: ['Here it is:', '', ...table].join('\n') });
    await world.page.setViewportSize({ width: 640, height: 700 });
    try {
      await world.page.goto(`${world.app.origin}/#/chat`);
      await world.page.fill('[data-testid="message-input"]', 'The weather as a table, please');
      await world.page.keyboard.press('Enter');
      const shown = world.page.locator('[data-testid="assistant-message"] .md-table').last();
      await shown.waitFor();
      // Each word on one line: a range over a cell's text makes one box.
      const lines = () =>
        shown.locator('th, td').evaluateAll((cells) =>
          cells.map((cell) => {
            const range = cell.ownerDocument.createRange();
            range.selectNodeContents(cell);
            return range.getClientRects().length;
          }),
        );
      await expect.poll(lines).toEqual(Array.from({ length: words.length * 2 }, () => 1));
      expect(await shown.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    } finally {
      await world.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('in 简体中文, where an approval was sent reads with Chinese punctuation', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      await world.page.goto(`${world.app.origin}/#/chat`);
      world.app.model.enqueue(
        { toolCalls: [{ name: 'execute_shell', arguments: '{"command":"echo hello"}' }] },
        { content: 'Not run.' },
      );
      await world.page.fill('[data-testid="message-input"]', 'Say hello in the shell');
      await world.page.keyboard.press('Enter');
      const card = world.page.locator('[data-testid="approval-card"]').last();
      await card.waitFor();
      expect(await card.locator('[data-testid="approval-channel"]').textContent()).toBe('发送至：本机');
      await world.page.goto(`${world.app.origin}/#/approvals`);
      const item = world.page.locator('[data-testid="approval-channel"]').first();
      await expect.poll(() => item.textContent()).toBe('发送至：本机');
      await world.page.getByTestId('reject-button').first().click();
      await expect.poll(() => world.page.getByTestId('reject-button').count()).toBe(0);
      // The model told of the refusal: the answers a later test scripts are not taken by this turn.
      await turnsEnded(world.app);
    } finally {
      await world.page.goto(`${world.app.origin}/#/settings`);
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
    }
  });

  it('a task’s name too long for its card can still be read whole', async () => {
    await world.page.goto(`${world.app.origin}/#/tasks`);
    const name = world.page.locator('.task-name', { hasText: 'Renew the domain' });
    await name.waitFor();
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await name.getAttribute('title')).toBe(TASK_NAME);
  });

  it('in 简体中文, the model providers to choose from read in Chinese', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      const options = () => world.page.locator('[data-testid="provider-preset"] option').allTextContents();
      await expect
        .poll(options)
        .toEqual([
          'OpenAI',
          'DeepSeek',
          '通义千问（DashScope 兼容模式）',
          'Moonshot（Kimi）',
          'OpenRouter',
          'Ollama（本地）',
          '自定义（兼容 OpenAI）',
        ]);
    } finally {
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
    }
    await expect
      .poll(() => world.page.locator('[data-testid="provider-preset"] option').allTextContents())
      .toContain('Ollama (local)');
  });

  it('in the browser, Launch at login says it is the desktop app’s, since ias serve does not start so', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    const row = world.page.locator('.switch-row', { has: world.page.getByTestId('settings-launch-at-login') });
    await expect
      .poll(async () => (await row.count()) && (await row.textContent()))
      .toBe(
        'Launch at loginStarts the desktop app when you log in. iAs in a browser (ias serve) does not start by itself.',
      );
  });

  it('renaming or deleting a conversation from the keyboard, then leaving, keeps the focus on it', async () => {
    await world.page.goto(`${world.app.origin}/#/chat`);
    const link = world.page.locator('[data-testid="conversation-item"][data-id="plans"] a.conv-link');
    /** The focused element: its conversation's id and its test id (or tag). */
    const focused = () =>
      world.page.evaluate<string>(`(() => {
        const el = document.activeElement;
        return el?.closest('[data-id]')?.getAttribute('data-id') + ' ' + (el?.getAttribute('data-testid') ?? el?.tagName);
      })()`);
    await link.focus();
    // Its rename button, then Esc: back on the conversation.
    await world.page.keyboard.press('Tab');
    expect(await focused()).toBe('plans conversation-rename');
    await world.page.keyboard.press('Enter');
    await world.page.getByTestId('conversation-rename-input').waitFor();
    await world.page.keyboard.press('Escape');
    await expect.poll(focused).toBe('plans A');
    // F2, a new name, Enter: the same.
    await world.page.keyboard.press('F2');
    await world.page.getByTestId('conversation-rename-input').fill('Summer plans');
    await world.page.keyboard.press('Enter');
    await expect.poll(focused).toBe('plans A');
    await expect.poll(() => link.textContent()).toContain('Summer plans');
    // Its delete button, then Esc on the confirmation: back on the conversation.
    await world.page.keyboard.press('Tab');
    await world.page.keyboard.press('Tab');
    expect(await focused()).toBe('plans conversation-delete');
    await world.page.keyboard.press('Enter');
    await world.page.getByRole('dialog').waitFor();
    await world.page.keyboard.press('Escape');
    await world.page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('plans A');
  });

  it('an approval decided with buttons in the app counts no tries: those are for a code sent to WeChat', async () => {
    await world.page.goto(`${world.app.origin}/#/chat`);
    world.app.model.enqueue(
      { toolCalls: [{ name: 'execute_shell', arguments: '{"command":"echo tries"}' }] },
      { content: 'Not run.' },
    );
    await world.page.fill('[data-testid="message-input"]', 'Run it in the shell');
    await world.page.keyboard.press('Enter');
    await world.page.locator('[data-testid="approval-card"]').last().waitFor();
    await world.page.goto(`${world.app.origin}/#/approvals`);
    const item = world.page.locator('.approval-item', { has: world.page.getByTestId('approve-button') });
    await item.waitFor();
    expect(await item.textContent()).toContain('echo tries');
    expect(await item.textContent()).not.toMatch(/tries? left/);
    await item.getByTestId('reject-button').click();
    await expect.poll(() => world.page.getByTestId('reject-button').count()).toBe(0);
  });

  it('an audit log with no calls yet says what it will hold; one filtered to nothing says nothing matches', async () => {
    const fresh = await serve({ noModel: true });
    const other = await world.browser.newPage();
    try {
      // Signed in by its link, then to the audit log.
      await other.goto(fresh.url);
      await other.getByTestId('sidebar').waitFor();
      await other.goto(`${fresh.origin}/#/audit`);
      const empty = other.getByTestId('audit-empty');
      await expect
        .poll(async () => (await empty.count()) && (await empty.textContent()))
        .toBe(
          'No skill calls yet. Every call a skill makes, from the chat, a scheduled task or the terminal, is written here.',
        );
      await other.fill('[data-testid="audit-search"]', 'nothing like it');
      await expect.poll(async () => await empty.textContent()).toBe('No skill calls match.');
    } finally {
      await other.close();
      await fresh.stop();
    }
  });

  it('with no model set up, a window as small as the app allows shows the setup card from its heading', async () => {
    const fresh = await serve({ noModel: true });
    const context = await world.browser.newContext({ viewport: { width: 640, height: 480 }, locale: 'en-US' });
    try {
      const other = await context.newPage();
      await other.goto(fresh.url);
      const card = other.getByTestId('setup-card');
      await card.locator('[data-testid="provider-save"]').waitFor();
      await screenshot(other, 'setup-card-640x480');
      // Taller than the room it has: it scrolls, and opens at its top, under the chat's header.
      const scroller = other.locator('.message-scroller');
      expect(await scroller.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
      const [heading, room] = [await card.locator('h2').boundingBox(), await scroller.boundingBox()];
      expect(heading!.y).toBeGreaterThanOrEqual(room!.y);
      expect(await scroller.evaluate((e) => e.scrollTop)).toBe(0);
    } finally {
      await context.close();
      await fresh.stop();
    }
  });

  it('the audit log opened while iAs cannot be reached says it is loading, not a count of "0+" entries', async () => {
    const fresh = await serve({ noModel: true });
    const context = await world.browser.newContext({ locale: 'zh-CN' });
    let running = true;
    try {
      const other = await context.newPage();
      await other.goto(fresh.url);
      await other.getByTestId('sidebar').waitFor();
      await fresh.stop();
      running = false;
      await other.getByTestId('connection-banner').waitFor({ timeout: 15_000 });
      await other.evaluate("window.location.hash = '#/audit'");
      const loading = other.locator('.audit-more-cell');
      await expect.poll(async () => (await loading.textContent())?.trim()).toBe('正在加载…');
      expect(await other.getByTestId('audit-count').textContent()).toBe('');
    } finally {
      await context.close();
      if (running) await fresh.stop();
    }
  });

  it('a new skill made from the keyboard opens its template with the focus in it, to write at once', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    await world.page.getByTestId('skill-new').focus();
    await world.page.keyboard.press('Enter');
    await world.page.getByTestId('skill-new-name').waitFor();
    await world.page.keyboard.type('first_skill');
    await world.page.keyboard.press('Enter');
    const editor = world.page.locator('[data-testid="skill-editor"] .cm-content');
    await editor.waitFor();
    await expect.poll(() => editor.evaluate((e) => e.contains(e.ownerDocument.activeElement))).toBe(true);
    await world.page.keyboard.type('Typed at once. ');
    expect(await editor.textContent()).toMatch(/^Typed at once\. /);
    // Not saved: closing it asks first, and Discard leaves no skill behind.
    await world.page.locator('.editor-head').getByRole('button', { name: 'Close' }).click();
    await world.page.getByTestId('confirm-ok').click();
    await expect.poll(() => world.page.locator('[data-testid="skill-row"][data-name="first_skill"]').count()).toBe(0);
  });

  it('filtering the skills to none says so, rather than showing an empty table', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    await world.page.locator('[data-testid="skill-row"]').first().waitFor();
    await world.page.fill('[data-testid="skills-filter"]', 'no such thing');
    const none = world.page.getByTestId('skills-no-match');
    await expect
      .poll(async () => (await none.count()) && (await none.textContent()))
      .toBe('No skill matches “no such thing”.');
    expect(await world.page.locator('[data-testid="skill-row"]').count()).toBe(0);
    await world.page.fill('[data-testid="skills-filter"]', 'shell');
    await expect.poll(() => world.page.locator('[data-testid="skill-row"]').count()).toBe(1);
    expect(await none.count()).toBe(0);
  });

  it('in the compact window, the conversations pop-over takes the focus, and Esc or a click elsewhere closes it', async () => {
    await world.page.setViewportSize({ width: 420, height: 620 });
    try {
      await world.page.goto(`${world.app.origin}/?compact=1#/chat`);
      const toggle = world.page.getByRole('button', { name: 'Conversations' });
      const popover = world.page.locator('.conv-popover');
      const focusedInPopover = () => popover.evaluate((el) => el.contains(el.ownerDocument.activeElement));
      await toggle.click();
      await popover.waitFor();
      await expect.poll(focusedInPopover).toBe(true);
      await world.page.keyboard.press('Escape');
      await popover.waitFor({ state: 'detached' });
      expect(await toggle.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      await world.page.keyboard.press('Enter');
      await popover.waitFor();
      await world.page.locator('.chat-title').click();
      await popover.waitFor({ state: 'detached' });
    } finally {
      await world.page.setViewportSize({ width: 1280, height: 800 });
      await world.page.goto(`${world.app.origin}/#/chat`);
    }
  });
});
