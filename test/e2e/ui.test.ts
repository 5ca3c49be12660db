import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { launchBrowser, screenshot, serve, type Served } from './harness.js';

let browser: Browser;
let app: Served;
let page: Page;
let system: string;

const LONG = 'long-conversation';

/**
 * A conversation of 150 questions and answers from yesterday: more than its first screen loads.
 * Answer 50 called a tool first, so the first screen starts in the middle of its turn.
 */
function seedLongConversation(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const at = Date.now() - 86_400_000;
    store.conversations.create(LONG, 'A long one', at);
    for (let i = 0; i < 150; i++) {
      store.conversations.append(LONG, 'user', `Question ${i}`, {}, at + i);
      if (i === 50) {
        const call = { id: 'call_50', name: 'get_current_datetime', arguments: '{}' };
        store.conversations.append(LONG, 'assistant', '', { toolCalls: [call] }, at + i);
        const result = JSON.stringify({ success: true, data: '12:00' });
        store.conversations.append(LONG, 'tool', result, { toolCallId: call.id, name: call.name }, at + i);
      }
      const lines = Array.from({ length: 1 + (i % 7) * 3 }, (_, n) => `Line ${n} of answer ${i}.`);
      store.conversations.append(LONG, 'assistant', lines.join('\n\n'), {}, at + i);
    }
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  system = tempDir('ias-e2e-system-');
  fs.cpSync(path.resolve('resources/skills'), system, { recursive: true });
  writeSkill(
    system,
    'slow_lookup',
    scriptSkill({ description: 'Looks something up, slowly.', script: 'sleep 1.5; echo found-it' }),
  );
  writeSkill(system, 'send_mail', scriptSkill({ risk: 'High', description: 'Sends mail.', script: 'echo mail-sent' }));
  // Past the 8 s a call may take before it goes on in the background.
  for (const name of ['slow_fetch', 'slow_report'])
    writeSkill(system, name, scriptSkill({ description: 'Takes its time.', script: `sleep 9; echo ${name}-done` }));
  app = await serve({ systemSkills: system, setup: seedLongConversation });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const send = async (text: string) => {
  await page.fill('[data-testid="message-input"]', text);
  await page.click('[data-testid="send-button"]');
};

describe('the UI in Chromium against ias serve', () => {
  it('a request without the token is refused', async () => {
    const res = await fetch(`${app.origin}/`);
    expect(res.status).toBe(401);
    expect((await fetch(`${app.origin}/?token=wrong`)).status).toBe(401);
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${app.origin.replace('http', 'ws')}/ws`, { origin: app.origin });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });

  it('sends a message and the reply streams in', async () => {
    app.model.enqueue({
      content: 'Hello from the **model**, streamed in small pieces.',
      chunkSize: 3,
      chunkDelayMs: 30,
    });
    await send('hello');
    const reply = page.locator('[data-testid="assistant-message"]').last();
    await expect
      .poll(async () => (await reply.textContent()) ?? '', { timeout: 5000 })
      .toContain('streamed in small pieces');
    expect(await reply.locator('strong').textContent()).toBe('model');
  });

  it('a message sent with the button keeps the focus in the box and brings the view down to it', async () => {
    app.model.enqueue({ content: Array.from({ length: 80 }, (_, i) => `Line ${i}.`).join('\n\n') });
    await send('a long answer, please');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Line 79.');
    await page.hover('[data-testid="message-list"]');
    await page.mouse.wheel(0, -100_000);
    await page.locator('.jump-latest').waitFor();
    app.model.enqueue({ content: 'Short.' });
    await send('and a short one');
    const shownMessage = async () => {
      const view = (await page.locator('.message-scroller').boundingBox())!;
      const mine = page.locator('[data-role="user"]').last();
      const box = await mine.boundingBox();
      const inView = box !== null && box.y >= view.y && box.y + box.height <= view.y + view.height;
      return inView ? await mine.textContent() : 'out of view';
    };
    await expect.poll(shownMessage).toContain('and a short one');
    expect(await page.locator('[data-testid="message-input"]:focus').count()).toBe(1);
  });

  it('a tool card goes from running to done', async () => {
    app.model.enqueue({ toolCalls: [{ name: 'slow_lookup', arguments: '{}' }] }, { content: 'It found it.' });
    await send('look it up');
    const card = page.locator('[data-testid="tool-card"]').last();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 5000 }).toBe('running');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 8000 }).toBe('done');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('It found it');
  });

  it('a high-risk call is approved from the approval card', async () => {
    app.model.enqueue(
      { toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss@example.com"}' }] },
      { content: 'Mail sent.' },
    );
    await send('mail the boss');
    const card = page.locator('[data-testid="approval-card"]').last();
    await card.waitFor({ timeout: 8000 });
    expect(await card.textContent()).toContain('send_mail');
    expect(await card.textContent()).toContain('boss@example.com');
    await screenshot(page, 'chat-approval-light');
    await card.locator('[data-testid="approve-button"]').click();
    const tool = page.locator('[data-testid="tool-card"]').last();
    await expect.poll(() => tool.getAttribute('data-status'), { timeout: 8000 }).toBe('done');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Mail sent');
  });

  it('earlier messages load above the first one shown, which stays in place', async () => {
    await page.goto(`${app.origin}/#/chat/${LONG}`);
    const earlier = page.locator('[data-testid="load-earlier"]');
    await page.getByText('Question 149', { exact: true }).waitFor();
    await page.hover('[data-testid="message-list"]');
    await page.mouse.wheel(0, -100_000);
    await earlier.waitFor();
    // The first screen holds the last 200 messages: from the middle of turn 50, then question 51.
    const top = page.getByText('Question 51', { exact: true });
    const before = (await top.boundingBox())!;
    await earlier.click();
    await earlier.waitFor({ state: 'detached' });
    const moved = async () => {
      const box = (await top.count()) ? await top.boundingBox({ timeout: 1000 }).catch(() => null) : null;
      return box ? Math.abs(box.y - before.y) : Infinity;
    };
    await expect.poll(moved, { timeout: 5000 }).toBeLessThan(3);
    // The message above it shows, measured, and two frames later it has not pushed the anchor.
    expect(await page.getByText('Line 0 of answer 50.', { exact: true }).isVisible()).toBe(true);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    expect(await moved()).toBeLessThan(3);
    // And the older messages are there to scroll up to.
    await page.mouse.wheel(0, -100_000);
    await page.getByText('Question 0', { exact: true }).waitFor();
  });

  it('a background call ending out of view says so in a toast that opens its conversation', async () => {
    const conversationOf = async () => {
      await expect.poll(() => page.url()).toMatch(/#\/chat\/[^/]+$/);
      return decodeURIComponent(page.url().split('/').pop()!);
    };
    const later = { content: 'It goes on in the background.' };
    app.model.enqueue(
      { toolCalls: [{ name: 'slow_fetch', arguments: '{}' }] },
      { toolCalls: [{ name: 'slow_report', arguments: '{}' }] },
      later,
      later,
    );
    await page.goto(`${app.origin}/#/chat`);
    await send('fetch it');
    const fetching = await conversationOf();
    await page.goto(`${app.origin}/#/chat`);
    await send('report it');
    await conversationOf();
    // The report's conversation is in view: its card says it ended; the fetch's ending is a toast.
    const card = page.locator('[data-testid="tool-card"][data-name="slow_report"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    const toast = page.locator('[data-testid="toast"]', { hasText: 'slow_fetch finished in the background' });
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain('Done');
    await screenshot(page, 'background-result-toast');
    expect(await page.locator('[data-testid="toast"]', { hasText: 'slow_report' }).count()).toBe(0);
    await toast.getByRole('link').click();
    await expect.poll(() => page.url()).toContain(`#/chat/${fetching}`);
    const fetched = page.locator('[data-testid="tool-card"][data-name="slow_fetch"]');
    await expect.poll(() => fetched.getAttribute('data-status')).toBe('done');
  });

  it('a skill switched off vanishes from the tools the model receives', async () => {
    await page.goto(`${app.origin}/#/skills`);
    const row = page.locator('[data-testid="skill-row"][data-name="slow_lookup"]');
    await row.waitFor();
    await row.locator('[data-testid="skill-enabled"]').click();
    await page.goto(`${app.origin}/#/chat`);
    app.model.enqueue({ content: 'ok' });
    const before = app.model.requests.length;
    await send('which tools?');
    await expect.poll(() => app.model.requests.length, { timeout: 5000 }).toBe(before + 1);
    const names = (app.model.requests.at(-1)!.body.tools as { function: { name: string } }[]).map(
      (t) => t.function.name,
    );
    expect(names).not.toContain('slow_lookup');
    expect(names).toContain('send_mail');
  });

  it('a SKILL.md saved with an error shows the error; fixed, the skill is live', async () => {
    await page.goto(`${app.origin}/#/skills`);
    await page.click('[data-testid="skill-new"]');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').first().fill('my_echo');
    await dialog.getByRole('button', { name: /create|创建/i }).click();
    const editor = page.locator('[data-testid="skill-editor"] .cm-content');
    await editor.waitFor();
    const broken = scriptSkill({ risk: 'Sometimes', description: 'Echoes.', script: 'echo hi' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(broken);
    await page.click('[data-testid="skill-save"]');
    const validation = page.locator('[data-testid="skill-validation"]');
    await expect
      .poll(async () => (await validation.textContent()) ?? '', { timeout: 5000 })
      .toMatch(/unknown risk level/);
    await expect
      .poll(async () => (await page.locator('[data-testid="skill-problems"]').textContent()) ?? '', { timeout: 5000 })
      .toMatch(/my_echo/);
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(broken.replace('Sometimes', 'Low'));
    await page.click('[data-testid="skill-save"]');
    await page.locator('[data-testid="skill-row"][data-name="my_echo"]').waitFor({ timeout: 5000 });
    await screenshot(page, 'skills-light');
  });

  it('filters the audit log', async () => {
    await page.goto(`${app.origin}/#/audit`);
    await page.locator('[data-testid="audit-row"]').first().waitFor({ timeout: 5000 });
    const all = await page.locator('[data-testid="audit-row"]').count();
    expect(all).toBeGreaterThanOrEqual(2);
    await page.selectOption('[data-testid="audit-filter-skill"]', 'send_mail').catch(async () => {
      await page.fill('[data-testid="audit-filter-skill"]', 'send_mail');
    });
    await expect
      .poll(async () =>
        (await page.locator('[data-testid="audit-row"]').allTextContents()).every((t) => t.includes('send_mail')),
      )
      .toBe(true);
    expect(await page.locator('[data-testid="audit-row"]').count()).toBeGreaterThan(0);
    await page.locator('[data-testid="audit-row"]').first().click();
    await page.locator('[data-testid="audit-drawer"]').waitFor();
    expect(await page.locator('[data-testid="audit-drawer"]').textContent()).toContain('boss@example.com');
  });

  it('screenshots of every page, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const route of ['chat', 'skills', 'tasks', 'audit', 'approvals', 'settings']) {
        await page.goto(`${app.origin}/#/${route}`);
        await page.waitForTimeout(300);
        if (route === 'tasks') await page.locator('[data-testid="tasks-empty"]').waitFor();
        await screenshot(page, `${route}-${scheme}`);
      }
    }
    for (const route of ['chat', 'skills', 'tasks', 'audit', 'approvals', 'settings']) {
      expect(fs.existsSync(path.resolve('test-results', `${route}-dark.png`))).toBe(true);
    }
  });

  // Last: the server remembers that this model cannot use tools.
  it('a model that cannot use tools answers without them, and the chat says so', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${app.origin}/#/chat`);
    await page.waitForSelector('[data-testid="message-input"]');
    app.model.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain answer.' });
    await send('hello again');
    const reply = page.locator('[data-testid="assistant-message"]').last();
    await expect.poll(async () => (await reply.textContent()) ?? '', { timeout: 5000 }).toContain('Plain answer.');
    expect(await reply.locator('[data-testid="chat-notice"]').textContent()).toContain('cannot use tools');
    // A provider's failure too; both stay with their turns after a reload.
    app.model.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    await send('and now?');
    const failed = page.locator('[data-testid="assistant-message"]').last();
    await expect.poll(async () => (await failed.locator('[data-testid="chat-error"]').count()) > 0).toBe(true);
    await page.reload();
    await page.locator('[data-testid="conversation-item"]').first().click();
    const replies = page.locator('[data-testid="assistant-message"]');
    await expect
      .poll(async () => (await replies.locator('[data-testid="chat-notice"]').allTextContents()).join(' '))
      .toContain('cannot use tools');
    expect(await replies.last().locator('[data-testid="chat-error"]').textContent()).toMatch(/API key/i);
    // In 简体中文, the failure reads in Chinese; the server's own words stay as they came.
    await page.goto(`${app.origin}/#/settings`);
    await page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    await page.goto(`${app.origin}/#/chat`);
    await page.locator('[data-testid="conversation-item"]').first().click();
    await expect
      .poll(async () => (await replies.last().locator('[data-testid="chat-error"]').textContent()) ?? '')
      .toContain('模型服务拒绝了 API 密钥（401）');
    expect(await replies.last().locator('[data-testid="chat-error"]').textContent()).toContain(
      'Incorrect API key provided',
    );
    await page.goto(`${app.origin}/#/settings`);
    await page.selectOption('[data-testid="settings-language"]', 'system');
  });
});

describe('a first run with no model configured', () => {
  let fresh: Served;
  let setupPage: Page;

  beforeAll(async () => {
    fresh = await serve({ noModel: true });
    setupPage = await browser.newPage();
    await setupPage.goto(fresh.url);
  }, 60_000);

  afterAll(async () => {
    await setupPage?.close();
    await fresh?.stop();
  });

  it('the setup card stays to show what a connection test found', async () => {
    const card = setupPage.locator('[data-testid="setup-card"]');
    await card.waitFor();
    await setupPage.selectOption('[data-testid="provider-preset"]', '');
    await setupPage.fill('[data-testid="provider-base-url"]', fresh.model.url);
    await setupPage.fill('[data-testid="provider-model"]', 'test-model');
    await setupPage.fill('[data-testid="provider-key"]', 'wrong-key');
    fresh.model.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    await setupPage.click('[data-testid="provider-test"]');
    await expect
      .poll(async () => (await setupPage.locator('[data-testid="provider-test-result"]').textContent()) ?? '')
      .toMatch(/401/);
    expect(await card.count()).toBe(1);
    // Saved all the same: the owner may chat (and will read the same failure there).
    expect(await setupPage.locator('[data-testid="message-input"]').isEnabled()).toBe(true);
  });
});
