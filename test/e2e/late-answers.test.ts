/**
 * An answer that moves the page (a first message's new conversation, a conversation or a skill
 * deleted, a new skill's template) moves it only if the owner is still where they asked: one who
 * has gone elsewhere before the answer came stays where they went, and one who has begun editing
 * meanwhile is asked before those edits are left. A review's answer closes only its own dialog.
 * The answers are held back by relaying the page's real socket, so the owner's move comes first.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { answersTakenIn, openHolding, sendInChat, storedConversations, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    for (const [id, title, minutes] of [
      ['conv-earlier', 'Earlier', 1],
      ['conv-doomed', 'Doomed', 2],
    ] as const) {
      store.conversations.create(id, title, Date.now() - minutes * 60_000);
      store.conversations.append(id, 'user', `The ${title.toLowerCase()} question`, {}, Date.now() - minutes * 60_000);
    }
  } finally {
    store.close();
  }
  for (const name of ['old_notes', 'doomed_notes', 'kept_notes', 'first_review', 'second_review'])
    writeSkill(dataPaths(home).userSkills, name, scriptSkill({ description: 'Notes.', script: 'echo notes' }));
}

const world = servedWorld({ serve: { setup: seed } });

/** A page at the chat whose answers to the calls named `method` wait until `release`. */
const pageHolding = (method: string) => openHolding(world.browser, world.app, (call) => call.method === method);

const hash = (page: Page) => page.evaluate<string>('location.hash');

/**
 * The owner goes to `route` (`ready`, a test id, shows the page is there) while an answer is held;
 * it is then released and taken in, and the page is still at `route`.
 */
async function leaveBeforeTheAnswer(page: Page, release: () => void, route: string, ready: string): Promise<void> {
  await page.goto(`${world.app.origin}/${route}`);
  await page.getByTestId(ready).waitFor();
  release();
  await answersTakenIn(world.app, page);
  expect(await hash(page)).toBe(route);
}

/** Sends `question` from the new chat on a page holding `sendMessage` answers; its answer is held. */
async function sendFromNewChat(page: Page, held: () => number, question: string, reply: string): Promise<void> {
  await page.goto(`${world.app.origin}/#/chat`);
  world.app.model.enqueue({ content: reply });
  await sendInChat(page, question);
  await expect.poll(held).toBe(1);
}

it('an owner who went to Skills before the new conversation was named stays on Skills', async () => {
  const { page, held, release } = await pageHolding('sendMessage');
  await sendFromNewChat(page, held, 'A first question', 'Answered.');

  await leaveBeforeTheAnswer(page, release, '#/skills', 'skill-new');
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').waitFor();
  await page.keyboard.press('Escape');

  await page.goto(`${world.app.origin}/#/chat`);
  await expect
    .poll(() => page.locator('[data-testid="conversation-item"]').allTextContents())
    .toEqual([
      expect.stringContaining('A first question'),
      expect.stringContaining('Earlier'),
      expect.stringContaining('Doomed'),
    ]);
  await turnsEnded(world.app);
  await page.context().close();
});

it('an owner who opened another conversation meanwhile stays on it; one who stayed goes on to the new one', async () => {
  const { page, held, release } = await pageHolding('sendMessage');
  await sendFromNewChat(page, held, 'A second question', 'Answered again.');
  await page.locator('[data-testid="conversation-item"]', { hasText: 'Earlier' }).click();
  await expect.poll(() => hash(page)).toBe('#/chat/conv-earlier');
  release();
  await answersTakenIn(world.app, page);
  expect(await hash(page)).toBe('#/chat/conv-earlier');
  await page.getByText('The earlier question').waitFor();
  await turnsEnded(world.app);

  // Still on the new chat when the answer comes: the page becomes the new conversation's.
  await sendFromNewChat(page, held, 'A third question', 'Answered a third time.');
  release();
  const third = async () => (await storedConversations(world.app)).find((c) => c.title.includes('third'))?.id;
  await expect.poll(third).toBeTruthy();
  await expect.poll(() => hash(page)).toBe(`#/chat/${await third()}`);
  await page.getByText('Answered a third time.').waitFor();
  await turnsEnded(world.app);
  await page.context().close();
});

it('an owner who went to Skills while the open conversation was deleted stays on Skills', async () => {
  const { page, held, release } = await pageHolding('deleteConversation');
  await page.goto(`${world.app.origin}/#/chat/conv-doomed`);
  await page.getByText('The doomed question').waitFor();
  const doomed = page.locator('[data-testid="conversation-item"][data-id="conv-doomed"]');
  await doomed.hover();
  await doomed.locator('[data-testid="conversation-delete"]').click();
  await page.getByTestId('confirm-ok').click();
  await expect.poll(held).toBe(1);

  await leaveBeforeTheAnswer(page, release, '#/skills', 'skill-new');
  expect((await storedConversations(world.app)).map((c) => c.id)).not.toContain('conv-doomed');
  await page.context().close();
});

it('an owner who went to Settings while a new skill was opened, or a skill deleted, stays in Settings', async () => {
  const template = await pageHolding('skillTemplate');
  const { page } = template;
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill('fresh_notes');
  await page.getByTestId('skill-new-create').click();
  await expect.poll(template.held).toBe(1);
  await leaveBeforeTheAnswer(page, template.release, '#/settings', 'settings-language');
  await page.context().close();

  const deletion = await pageHolding('deleteSkill');
  const other = deletion.page;
  await other.goto(`${world.app.origin}/#/skills/old_notes`);
  await other.getByTestId('skill-delete').click();
  await other.getByTestId('confirm-ok').click();
  await expect.poll(deletion.held).toBe(1);
  await leaveBeforeTheAnswer(other, deletion.release, '#/settings', 'settings-language');
  // Deleted all the same: the list no longer has it.
  await other.goto(`${world.app.origin}/#/skills`);
  await other.getByTestId('skill-new').waitFor();
  expect(await other.locator('[data-testid="skill-row"][data-name="old_notes"]').count()).toBe(0);
  await other.context().close();
});

/** Types `text` at the end of the skill editor's file, unsaved (Save is then offered). */
async function editUnsaved(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="skill-editor"] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(text);
  await expect.poll(() => page.getByTestId('skill-save').isEnabled()).toBe(true);
}

/** The page is held by the question before leaving unsaved edits: Cancel keeps them at `route`. */
async function askedAndKept(page: Page, route: string, text: string): Promise<void> {
  await page.getByTestId('confirm-cancel').click();
  expect(await hash(page)).toBe(route);
  expect(await page.locator('[data-testid="skill-editor"] .cm-content').textContent()).toContain(text);
}

it('an owner who went on to edit another skill while one was deleted is still asked before leaving the edits', async () => {
  const { page, held, release } = await pageHolding('deleteSkill');
  await page.goto(`${world.app.origin}/#/skills/doomed_notes`);
  await page.getByTestId('skill-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect.poll(held).toBe(1);

  await page.locator('[data-testid="skill-row"][data-name="kept_notes"]').click();
  await expect.poll(() => hash(page)).toBe('#/skills/kept_notes');
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  await expect.poll(() => editor.textContent()).toContain('echo notes');
  await editUnsaved(page, 'An edit not saved.');
  release();
  await answersTakenIn(world.app, page);

  await page.getByTestId('nav-settings').click();
  await askedAndKept(page, '#/skills/kept_notes', 'An edit not saved.');
  await page.context().close();
});

it('an owner who began editing the skill shown while a new skill was opened is asked before leaving the edits', async () => {
  const { page, held, release } = await pageHolding('skillTemplate');
  await page.goto(`${world.app.origin}/#/skills/kept_notes`);
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  await expect.poll(() => editor.textContent()).toContain('echo notes');
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill('newer_notes');
  await page.getByTestId('skill-new-create').click();
  await expect.poll(held).toBe(1);
  await editUnsaved(page, 'Typed while the template came.');
  release();
  await answersTakenIn(world.app, page);
  await askedAndKept(page, '#/skills/kept_notes', 'Typed while the template came.');
  await page.context().close();
});

it("a review marked and left before its answer does not close the next skill's review", async () => {
  const { page, held, release } = await pageHolding('reviewSkill');
  await page.goto(`${world.app.origin}/#/skills`);
  const dialog = page.getByTestId('skill-review-dialog');
  const row = (name: string) => page.locator(`[data-testid="skill-row"][data-name="${name}"]`);
  await row('first_review').getByTestId('skill-review').click();
  await dialog.getByTestId('skill-review-version').waitFor();
  await page.getByTestId('skill-review-mark').click();
  await expect.poll(held).toBe(1);
  await page.getByTestId('skill-review-cancel').click();
  await dialog.waitFor({ state: 'hidden' });

  await row('second_review').getByTestId('skill-review').click();
  await dialog.getByTestId('skill-review-version').waitFor();
  expect(await dialog.textContent()).toContain('second_review');
  release();
  await answersTakenIn(world.app, page);
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.textContent()).toContain('second_review');
  // The first was marked all the same.
  await expect.poll(() => row('first_review').getByTestId('skill-review').count()).toBe(0);
  await page.context().close();
});
