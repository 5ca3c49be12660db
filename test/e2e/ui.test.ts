import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import type { ApprovalInfo } from '../../src/shared/contract.js';
import { otherClient, screenshot, serve, twoFrames, writeNewSkill, type Served } from './harness.js';
import { servedWorld } from './served-world.js';

let system: string;
/** The file whose being there lets slow_lookup end: it runs until the test has seen it running. */
let lookupMayEnd: string;

/** Chinese characters. */
const HAN = /\p{Script=Han}/u;

/** A conversation of questions and answers, days ago; answer `toolAt` called a tool first. */
interface Seeded {
  id: string;
  title: string;
  daysAgo: number;
  questions: number;
  toolAt: number;
  answer: (i: number) => string;
}

/** 150 questions and answers: more than its first screen loads. */
const LONG = 'long-conversation';
const long: Seeded = {
  id: LONG,
  title: 'A long one',
  daysAgo: 1,
  questions: 150,
  toolAt: 50,
  answer: (i) => Array.from({ length: 1 + (i % 7) * 3 }, (_, n) => `Line ${n} of answer ${i}.`).join('\n\n'),
};

/** 1,000 questions and answers (2,002 messages): ten pages of them. */
const PAGED = 'paged-conversation';
const paged: Seeded = {
  id: PAGED,
  title: 'A very long one',
  daysAgo: 2,
  questions: 1000,
  toolAt: 850,
  answer: (i) => `Answer ${i}, in ${1 + (i % 4)} words or so.`,
};

function seed(home: string, conversations: Seeded[]): void {
  const store = openStore(dataPaths(home).database);
  try {
    store.db.transaction(() => {
      for (const { id, title, daysAgo, questions, toolAt, answer } of conversations) {
        const at = Date.now() - daysAgo * 86_400_000;
        store.conversations.create(id, title, at);
        for (let i = 0; i < questions; i++) {
          store.conversations.append(id, 'user', `Question ${i}`, {}, at + i);
          if (i === toolAt) {
            const call = { id: `call_${i}`, name: 'get_current_datetime', arguments: '{}' };
            store.conversations.append(id, 'assistant', '', { toolCalls: [call] }, at + i);
            const result = JSON.stringify({ success: true, data: '12:00' });
            store.conversations.append(id, 'tool', result, { toolCallId: call.id, name: call.name }, at + i);
          }
          store.conversations.append(id, 'assistant', answer(i), {}, at + i);
        }
      }
    })();
  } finally {
    store.close();
  }
}

const world = servedWorld({
  serve: () => {
    system = tempDir('ias-e2e-system-');
    lookupMayEnd = path.join(tempDir('ias-e2e-lookup-'), 'may-end');
    fs.cpSync(path.resolve('resources/skills'), system, { recursive: true });
    writeSkill(
      system,
      'slow_lookup',
      scriptSkill({
        description: 'Looks something up, slowly.',
        script: `while [ ! -e '${lookupMayEnd}' ]; do sleep 0.05; done; echo found-it`,
      }),
    );
    writeSkill(
      system,
      'send_mail',
      scriptSkill({ risk: 'High', description: 'Sends mail.', script: 'echo mail-sent' }),
    );
    for (const name of ['slow_fetch', 'slow_report'])
      writeSkill(system, name, scriptSkill({ description: 'Takes its time.', script: `sleep 9; echo ${name}-done` }));
    return {
      systemSkills: system,
      setup: (home) => seed(home, [long, paged]),
    };
  },
  page: async (browser, app) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(app.url);
    await page.waitForSelector('[data-testid="message-input"]');
    return page;
  },
});

const send = async (text: string) => {
  await world.page.fill('[data-testid="message-input"]', text);
  await world.page.click('[data-testid="send-button"]');
};

/**
 * 'approved' once `approved` (the toast) is shown; else the toasts and cards shown and the
 * approvals the core holds, for a failure to tell where the approval went.
 */
async function approvedOrWhatIsShown(approved: Locator): Promise<string> {
  if ((await approved.count()) > 0) return 'approved';
  const toasts = await world.page.locator('[data-testid="toast"]').allTextContents();
  const cards = await world.page
    .locator('[data-testid="approval-card"]')
    .evaluateAll((all) => all.map((c) => c.getAttribute('data-id')));
  const other = await otherClient(world.app);
  try {
    const approvals = (await other.call<ApprovalInfo[]>('listApprovals')).map((a) => `${a.id} ${a.status}`);
    return JSON.stringify({ toasts, cards, approvals });
  } finally {
    other.socket.close();
  }
}

/** Closes every toast shown, as the owner would, with its close button. */
async function closeToasts(): Promise<void> {
  const toasts = world.page.locator('[data-testid="toast"]');
  for (let n = await toasts.count(); n > 0; n = await toasts.count())
    await toasts
      .first()
      .locator('button.icon-button')
      .click({ timeout: 2000 })
      .catch(() => undefined); // gone by itself meanwhile
}

describe('the UI in Chromium against ias serve', () => {
  it('sends a message and the reply streams in', async () => {
    world.app.model.enqueue({
      content: 'Hello from the **model**, streamed in small pieces.',
      chunkSize: 3,
      chunkDelayMs: 30,
    });
    await send('hello');
    const reply = world.page.locator('[data-testid="assistant-message"]').last();
    await expect.poll(async () => (await reply.textContent()) ?? '').toContain('streamed in small pieces');
    expect(await reply.locator('strong').textContent()).toBe('model');
  });

  it('thinking that streamed as the reply before a lone </think> moves to the reasoning', async () => {
    world.app.model.enqueue(
      { content: 'The owner greets me.\nI greet back.\n</think>\n\nHello, owner.', chunkSize: 4, chunkDelayMs: 20 },
      // The server is then known to do so: a reply without `</think>` comes back out of the reasoning.
      { content: 'No thinking here.', chunkSize: 4, chunkDelayMs: 20 },
    );
    await send('think first');
    const reply = world.page.locator('[data-testid="assistant-message"]').last();
    const texts = async () => ({
      live: await reply.getAttribute('data-live'),
      reasoning: await reply.locator('.reasoning-text').allTextContents(),
      reply: await reply.locator('.markdown').allTextContents(),
    });
    await expect.poll(texts).toEqual({
      live: 'false',
      reasoning: ['The owner greets me.\nI greet back.'],
      reply: ['Hello, owner.'],
    });
    const blocks = world.page.locator('[data-testid="assistant-message"]');
    const before = await blocks.count();
    await send('and now?');
    const next = blocks.nth(before);
    await expect.poll(async () => next.getAttribute('data-live')).toBe('false');
    expect(await next.locator('.markdown').allTextContents()).toEqual(['No thinking here.']);
    expect(await next.locator('[data-testid="reasoning"]').count()).toBe(0);
  });

  it('a message sent with the button keeps the focus in the box and brings the view down to it', async () => {
    world.app.model.enqueue({ content: Array.from({ length: 80 }, (_, i) => `Line ${i}.`).join('\n\n') });
    await send('a long answer, please');
    await expect
      .poll(async () => (await world.page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Line 79.');
    await world.page.hover('[data-testid="message-list"]');
    await world.page.mouse.wheel(0, -100_000);
    await world.page.locator('.jump-latest').waitFor();
    world.app.model.enqueue({ content: 'Short.' });
    await send('and a short one');
    const shownMessage = async () => {
      const view = (await world.page.locator('.message-scroller').boundingBox())!;
      const mine = world.page.locator('[data-role="user"]').last();
      const box = await mine.boundingBox();
      const inView = box !== null && box.y >= view.y && box.y + box.height <= view.y + view.height;
      return inView ? await mine.textContent() : 'out of view';
    };
    await expect.poll(shownMessage).toContain('and a short one');
    expect(await world.page.locator('[data-testid="message-input"]:focus').count()).toBe(1);
  });

  it('a tool card goes from running to done', async () => {
    world.app.model.enqueue({ toolCalls: [{ name: 'slow_lookup', arguments: '{}' }] }, { content: 'It found it.' });
    await send('look it up');
    const card = world.page.locator('[data-testid="tool-card"]').last();
    await expect.poll(() => card.getAttribute('data-status')).toBe('running');
    // Seen running: now it may end.
    fs.writeFileSync(lookupMayEnd, '');
    await expect.poll(() => card.getAttribute('data-status')).toBe('done');
    await expect
      .poll(async () => (await world.page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('It found it');
  });

  it('a high-risk call is approved from the approval card', async () => {
    world.app.model.enqueue(
      { toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss@example.com"}' }] },
      { content: 'Mail sent.' },
    );
    await send('mail the boss');
    const card = world.page.locator('[data-testid="approval-card"]').last();
    await card.waitFor();
    expect(await card.textContent()).toContain('send_mail');
    expect(await card.textContent()).toContain('boss@example.com');
    // The toast says it in the UI's language only (WeChat would get both).
    const asked = world.page.locator('[data-testid="toast"]', { hasText: 'Approval needed' });
    await asked.waitFor();
    expect(await asked.textContent()).toContain('to: boss@example.com');
    expect(await asked.textContent()).toContain('Approve or reject it in iAs within 5 minutes.');
    expect(await asked.textContent()).not.toMatch(HAN);
    await screenshot(world.page, 'chat-approval-light');
    await world.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(world.page, 'chat-approval-dark');
    await world.page.emulateMedia({ colorScheme: 'light' });
    await card.locator('[data-testid="approve-button"]').click();
    const approved = world.page.locator('[data-testid="toast"]', { hasText: 'Approved, running send_mail.' });
    // Waited for as a poll that says what the page and the core show instead, should it not come.
    await expect.poll(() => approvedOrWhatIsShown(approved), { timeout: 15_000 }).toBe('approved');
    expect(await approved.textContent()).not.toMatch(HAN);
    const tool = world.page.locator('[data-testid="tool-card"]').last();
    await expect.poll(() => tool.getAttribute('data-status')).toBe('done');
    await expect
      .poll(async () => (await world.page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Mail sent');
  });

  it('in 简体中文, an approval’s toasts and Load earlier read in Chinese alone, light and dark', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      await world.page.goto(`${world.app.origin}/#/chat/${PAGED}`);
      const earlier = world.page.locator('[data-testid="load-earlier"]');
      await world.page.getByText('Answer 999, in 4 words or so.', { exact: true }).waitFor();
      await world.page.locator('.message-scroller').hover();
      await world.page.mouse.wheel(0, -1_000_000);
      await earlier.waitFor();
      expect(await earlier.textContent()).toBe('显示更早的消息');
      for (const scheme of ['light', 'dark'] as const) {
        await world.page.emulateMedia({ colorScheme: scheme });
        await screenshot(world.page, `chat-load-earlier-zh-${scheme}`);
      }

      await world.page.goto(`${world.app.origin}/#/chat`);
      world.app.model.enqueue(
        { toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss@example.com"}' }] },
        { content: 'Not sent.' },
      );
      await send('mail the boss again');
      // The newest: the toasts of the English test before it now read in Chinese too.
      const asked = world.page.locator('[data-testid="toast"]', { hasText: '需要你的确认' }).last();
      await asked.waitFor();
      expect(await asked.textContent()).toContain('请在 iAs 中批准或拒绝（5 分钟内有效）。');
      expect(await asked.textContent()).toContain('to: boss@example.com');
      expect(await asked.textContent()).not.toMatch(/approval needed|Approve or reject/i);
      await screenshot(world.page, 'chat-approval-zh-dark');
      await world.page.emulateMedia({ colorScheme: 'light' });
      await screenshot(world.page, 'chat-approval-zh-light');
      await world.page.locator('[data-testid="approval-card"]').last().locator('[data-testid="reject-button"]').click();
      const refused = world.page.locator('[data-testid="toast"]', { hasText: '已拒绝：send_mail 不会执行。' });
      await refused.waitFor();
      expect(await refused.textContent()).not.toMatch(/Refused/);
      // The model heard the refusal in the words it always gets.
      await expect.poll(() => world.app.model.requests.length).toBeGreaterThan(0);
      await expect
        .poll(() => JSON.stringify(world.app.model.requests.at(-1)!.body.messages))
        .toContain('用户拒绝了你的调用：send_mail');
    } finally {
      await world.page.emulateMedia({ colorScheme: 'light' });
      await world.page.goto(`${world.app.origin}/#/settings`);
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
    }
  });

  it('earlier messages load above the first one shown, which stays in place', async () => {
    await world.page.goto(`${world.app.origin}/#/chat/${LONG}`);
    const earlier = world.page.locator('[data-testid="load-earlier"]');
    await world.page.getByText('Question 149', { exact: true }).waitFor();
    await world.page.hover('[data-testid="message-list"]');
    await world.page.mouse.wheel(0, -100_000);
    await earlier.waitFor();
    // The first screen holds the latest whole turns within 200 messages: from question 51 on.
    const top = world.page.getByText('Question 51', { exact: true });
    const before = (await top.boundingBox())!;
    await earlier.click();
    await earlier.waitFor({ state: 'detached' });
    const moved = async () => {
      const box = (await top.count()) ? await top.boundingBox({ timeout: 1000 }).catch(() => null) : null;
      return box ? Math.abs(box.y - before.y) : Infinity;
    };
    await expect.poll(moved).toBeLessThan(3);
    // The message above it shows, measured, and two frames later it has not pushed the anchor.
    expect(await world.page.getByText('Line 0 of answer 50.', { exact: true }).isVisible()).toBe(true);
    await twoFrames(world.page);
    expect(await moved()).toBeLessThan(3);
    // And the older messages are there to scroll up to.
    await world.page.mouse.wheel(0, -100_000);
    await world.page.getByText('Question 0', { exact: true }).waitFor();
  });

  it('a long conversation loads a page of earlier turns a click, the top message staying put', async () => {
    await world.page.goto(`${world.app.origin}/#/chat/${PAGED}`);
    await world.page.getByText('Answer 999, in 4 words or so.', { exact: true }).waitFor();
    // Toasts in the chat take room above the messages: one of an earlier test's, going by itself,
    // would move them by its height while a page is measured. The owner closes them first.
    await closeToasts();
    const earlier = world.page.locator('[data-testid="load-earlier"]');
    const firstShown = world.page.locator('[data-role="user"] .bubble').first();
    const scroller = world.page.locator('.message-scroller');
    const toTop = async () => {
      await scroller.hover();
      await world.page.mouse.wheel(0, -1_000_000);
      await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
    };
    const loadPage = async () => {
      await earlier.click();
      // Disabled while its page is on the way.
      await world.page.locator('[data-testid="load-earlier"]:disabled').waitFor({ state: 'detached' });
    };
    // The first screen: the last 100 turns. Each page: the whole turns within 200 messages before
    // it (the turn with a tool call makes the first one begin at question 801).
    const tops = ['Question 900', 'Question 801', 'Question 701', 'Question 601'];
    await toTop();
    expect(await firstShown.textContent()).toBe(tops[0]);
    for (let click = 1; click <= 3; click++) {
      const top = world.page.getByText(tops[click - 1]!, { exact: true });
      const before = (await top.boundingBox())!;
      await loadPage();
      // The page went in above it: it is where it was on screen, two frames later still.
      const moved = async () => Math.abs((await top.boundingBox())!.y - before.y);
      await expect.poll(moved).toBeLessThan(3);
      await twoFrames(world.page);
      expect(await moved()).toBeLessThan(3);
      if (click === 1) await screenshot(world.page, 'chat-load-earlier-light');
      await toTop();
      expect(await firstShown.textContent()).toBe(tops[click]);
      expect(await earlier.isVisible()).toBe(true);
    }
    // On to the beginning: ten pages in all, and there the button goes. Counted by the tops seen, not
    // by clicks: a click the list moved from under the pointer (on a loaded machine) loads nothing.
    const seen = new Set(tops);
    for (let click = 0; (await earlier.count()) > 0 && click < 20; click++) {
      await loadPage();
      await toTop();
      seen.add((await firstShown.textContent()) ?? '');
    }
    expect(seen.size).toBe(11);
    expect(await earlier.count()).toBe(0);
    expect(await firstShown.textContent()).toBe('Question 0');
  });

  it('a background call ending out of view says so in a toast that opens its conversation', async () => {
    const conversationOf = async () => {
      await expect.poll(() => world.page.url()).toMatch(/#\/chat\/[^/]+$/);
      return decodeURIComponent(world.page.url().split('/').pop()!);
    };
    const later = { content: 'It goes on in the background.' };
    world.app.model.enqueue(
      { toolCalls: [{ name: 'slow_fetch', arguments: '{}' }] },
      { toolCalls: [{ name: 'slow_report', arguments: '{}' }] },
      later,
      later,
    );
    await world.page.goto(`${world.app.origin}/#/chat`);
    await send('fetch it');
    const fetching = await conversationOf();
    await world.page.goto(`${world.app.origin}/#/chat`);
    await send('report it');
    await conversationOf();
    // The report's conversation is in view: its card says it ended; the fetch's ending is a toast.
    const card = world.page.locator('[data-testid="tool-card"][data-name="slow_report"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    const toast = world.page.locator('[data-testid="toast"]', { hasText: 'slow_fetch finished in the background' });
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain('Done');
    await screenshot(world.page, 'background-result-toast');
    expect(await world.page.locator('[data-testid="toast"]', { hasText: 'slow_report' }).count()).toBe(0);
    await toast.getByRole('link').click();
    await expect.poll(() => world.page.url()).toContain(`#/chat/${fetching}`);
    const fetched = world.page.locator('[data-testid="tool-card"][data-name="slow_fetch"]');
    await expect.poll(() => fetched.getAttribute('data-status')).toBe('done');
  });

  it('a skill switched off vanishes from the tools the model receives', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    const row = world.page.locator('[data-testid="skill-row"][data-name="slow_lookup"]');
    await row.waitFor();
    await row.locator('[data-testid="skill-enabled"]').click();
    await world.page.goto(`${world.app.origin}/#/chat`);
    world.app.model.enqueue({ content: 'ok' });
    const before = world.app.model.requests.length;
    await send('which tools?');
    await expect.poll(() => world.app.model.requests.length).toBe(before + 1);
    const names = (world.app.model.requests.at(-1)!.body.tools as { function: { name: string } }[]).map(
      (t) => t.function.name,
    );
    expect(names).not.toContain('slow_lookup');
    expect(names).toContain('send_mail');
  });

  it('a SKILL.md saved with an error shows the error; fixed, the skill is live', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    const broken = scriptSkill({ risk: 'Sometimes', description: 'Echoes.', script: 'echo hi' });
    const editor = await writeNewSkill(world.page, 'my_echo', broken);
    await world.page.click('[data-testid="skill-save"]');
    const validation = world.page.locator('[data-testid="skill-validation"]');
    await expect.poll(async () => (await validation.textContent()) ?? '').toMatch(/unknown risk level/);
    await expect
      .poll(async () => (await world.page.locator('[data-testid="skill-problems"]').textContent()) ?? '')
      .toMatch(/my_echo/);
    await editor.click();
    await world.page.keyboard.press('ControlOrMeta+a');
    await world.page.keyboard.insertText(broken.replace('Sometimes', 'Low'));
    await world.page.click('[data-testid="skill-save"]');
    await world.page.locator('[data-testid="skill-row"][data-name="my_echo"]').waitFor();
    await screenshot(world.page, 'skills-light');
  });

  it('filters the audit log', async () => {
    await world.page.goto(`${world.app.origin}/#/audit`);
    await world.page.locator('[data-testid="audit-row"]').first().waitFor();
    const all = await world.page.locator('[data-testid="audit-row"]').count();
    expect(all).toBeGreaterThanOrEqual(2);
    await world.page.selectOption('[data-testid="audit-filter-skill"]', 'send_mail').catch(async () => {
      await world.page.fill('[data-testid="audit-filter-skill"]', 'send_mail');
    });
    await expect
      .poll(async () =>
        (await world.page.locator('[data-testid="audit-row"]').allTextContents()).every((t) => t.includes('send_mail')),
      )
      .toBe(true);
    expect(await world.page.locator('[data-testid="audit-row"]').count()).toBeGreaterThan(0);
    await world.page.locator('[data-testid="audit-row"]').first().click();
    await world.page.locator('[data-testid="audit-drawer"]').waitFor();
    expect(await world.page.locator('[data-testid="audit-drawer"]').textContent()).toContain('boss@example.com');
  });

  it('screenshots of every page, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await world.page.emulateMedia({ colorScheme: scheme });
      for (const route of ['chat', 'skills', 'tasks', 'audit', 'approvals', 'settings']) {
        await world.page.goto(`${world.app.origin}/#/${route}`);
        await world.page.waitForTimeout(300);
        if (route === 'tasks') await world.page.locator('[data-testid="tasks-empty"]').waitFor();
        await screenshot(world.page, `${route}-${scheme}`);
      }
    }
    for (const route of ['chat', 'skills', 'tasks', 'audit', 'approvals', 'settings']) {
      expect(fs.existsSync(path.resolve('test-results', `${route}-dark.png`))).toBe(true);
    }
  });

  // Last: the server remembers that this model cannot use tools.
  it('a model that cannot use tools answers without them, and the chat says so', async () => {
    await world.page.emulateMedia({ colorScheme: 'light' });
    await world.page.goto(`${world.app.origin}/#/chat`);
    await world.page.waitForSelector('[data-testid="message-input"]');
    world.app.model.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain answer.' });
    await send('hello again');
    const reply = world.page.locator('[data-testid="assistant-message"]').last();
    await expect.poll(async () => (await reply.textContent()) ?? '').toContain('Plain answer.');
    expect(await reply.locator('[data-testid="chat-notice"]').textContent()).toContain('cannot use tools');
    // A provider's failure too; both stay with their turns after a reload.
    world.app.model.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    await send('and now?');
    const failed = world.page.locator('[data-testid="assistant-message"]').last();
    await expect.poll(async () => (await failed.locator('[data-testid="chat-error"]').count()) > 0).toBe(true);
    await world.page.reload();
    await world.page.locator('[data-testid="conversation-item"]').first().click();
    const replies = world.page.locator('[data-testid="assistant-message"]');
    await expect
      .poll(async () => (await replies.locator('[data-testid="chat-notice"]').allTextContents()).join(' '))
      .toContain('cannot use tools');
    expect(await replies.last().locator('[data-testid="chat-error"]').textContent()).toMatch(/API key/i);
    // In 简体中文, the failure reads in Chinese; the server's own words stay as they came.
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    await world.page.goto(`${world.app.origin}/#/chat`);
    await world.page.locator('[data-testid="conversation-item"]').first().click();
    await expect
      .poll(async () => (await replies.last().locator('[data-testid="chat-error"]').textContent()) ?? '')
      .toContain('模型服务拒绝了 API 密钥（401）');
    expect(await replies.last().locator('[data-testid="chat-error"]').textContent()).toContain(
      'Incorrect API key provided',
    );
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'system');
  });
});

describe('a first run with no model configured', () => {
  let fresh: Served;
  let setupPage: Page;

  beforeAll(async () => {
    fresh = await serve({ noModel: true });
    setupPage = await world.browser.newPage();
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
