/**
 * The browser's Back and Forward with unsaved edits, in Chromium against `ias serve`: they ask
 * first, as the app's own links do. Stay keeps the page, its address and the edits, and the history
 * as it was (Back and Forward then point where they did); Discard goes where Back or Forward
 * pointed, and the history is as a plain Back left it (Forward comes back to the skill, its edit
 * given up). The skill editor and the model provider's form alike.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup: (home) => writeSkill(dataPaths(home).userSkills, 'tidy', scriptSkill({ script: 'echo tidied' })),
  },
});

const EDIT = 'An edit not saved.';
const confirm = (page: Page) => page.locator('dialog[open]', { has: page.getByTestId('confirm-ok') });
const hash = (page: Page) => new URL(page.url()).hash;
const editor = (page: Page) => page.locator('[data-testid="skill-editor"] .cm-content');

/** Goes to `address` as if it were typed, and waits for its page to show `shown` (a test id). */
async function visit(page: Page, address: string, shown: string): Promise<void> {
  await page.goto(`${world.app.origin}/${address}`);
  await page.getByTestId(shown).waitFor();
}

/** The skills list, then the skill `tidy` (two history entries), edited and not saved. */
async function editTidy(page: Page): Promise<void> {
  await visit(page, '#/skills', 'skill-new');
  await page.goto(`${world.app.origin}/#/skills/tidy`);
  await typeEdit(page);
}

async function typeEdit(page: Page): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n${EDIT}\n`);
  await expect.poll(() => page.getByTestId('skill-save').isEnabled()).toBe(true);
}

/** Stays when asked about the edited skill: its address and the edit are still there. */
async function stay(page: Page): Promise<void> {
  await confirm(page).waitFor();
  await expect.poll(() => hash(page)).toBe('#/skills/tidy');
  await page.getByTestId('confirm-cancel').click();
  await expect.poll(() => confirm(page).count()).toBe(0);
  expect(hash(page)).toBe('#/skills/tidy');
  expect(await editor(page).textContent()).toContain(EDIT);
}

/** Discards when asked about the edited skill: the skill is left. */
async function discard(page: Page): Promise<void> {
  await confirm(page).waitFor();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('skill-editor').waitFor({ state: 'detached' });
}

/** Goes Back with the edited skill and discards: the page is left for `address`. */
async function backDiscarding(page: Page, address: string): Promise<void> {
  await page.goBack();
  await discard(page);
  expect(hash(page)).toBe(address);
}

/** Goes Back, and clicks Discard just after it lands, while the router undoes it. */
async function discardDuringBack(page: Page): Promise<void> {
  await page.evaluate(`
    addEventListener('popstate', () => setTimeout(() => document.querySelector('[data-testid="confirm-ok"]').click()), { once: true });
    history.back();
  `);
}

describe('Back and Forward with an edited skill', () => {
  it('Back asks; Stay keeps the skill, its address, the edit and the history, and asks again next time', async () => {
    const page = await openApp(world.browser, world.app);
    await editTidy(page);

    await page.goBack();
    await confirm(page).waitFor();
    expect(await confirm(page).textContent()).toContain('Discard changes?');
    await stay(page);
    expect(await page.getByTestId('skill-save').isEnabled()).toBe(true);

    // Still unsaved: Back asks again.
    await page.goBack();
    await stay(page);

    // Twice stayed, Back still points at the page before the skill.
    await backDiscarding(page, '#/skills');
    await page.getByTestId('skill-new').waitFor();
    await page.context().close();
  });

  it('an address typed asks too; Stay leaves Back pointing at the page before the skill', async () => {
    const page = await openApp(world.browser, world.app);
    await editTidy(page);

    await page.goto(`${world.app.origin}/#/tasks`);
    await stay(page);

    await backDiscarding(page, '#/skills');
    await page.context().close();
  });

  it('Discard goes back; Forward then comes to the skill without the edit', async () => {
    const page = await openApp(world.browser, world.app);
    await editTidy(page);

    await page.goBack();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('skill-editor').count()).toBe(0);
    expect(hash(page)).toBe('#/skills');
    expect(await confirm(page).count()).toBe(0);

    await page.goForward();
    await page.getByTestId('skill-editor').waitFor();
    expect(hash(page)).toBe('#/skills/tidy');
    expect(await editor(page).textContent()).not.toContain(EDIT);
    await page.context().close();
  });

  it('Forward asks too; Stay keeps the history, and Discard goes where Forward pointed', async () => {
    const page = await openApp(world.browser, world.app);
    await visit(page, '#/skills/tidy', 'skill-editor');
    await visit(page, '#/tasks', 'tasks-empty');
    await visit(page, '#/audit', 'audit-search');
    await page.goBack();
    await page.getByTestId('tasks-empty').waitFor();
    await page.goBack();
    await page.getByTestId('skill-editor').waitFor();
    await typeEdit(page);

    await page.goForward();
    await stay(page);

    // Stayed, Forward still points at the page after the skill.
    await page.goForward();
    await confirm(page).waitFor();
    expect(hash(page)).toBe('#/skills/tidy');
    await discard(page);
    expect(hash(page)).toBe('#/tasks');
    await page.getByTestId('tasks-empty').waitFor();

    // And Back from there comes to the skill, its edit given up.
    await page.goBack();
    await page.getByTestId('skill-editor').waitFor();
    expect(hash(page)).toBe('#/skills/tidy');
    expect(await editor(page).textContent()).not.toContain(EDIT);
    await page.context().close();
  });
});

describe('Back twice before the first is undone', () => {
  it('asks, and Stay keeps the skill, its address and the history, however the two moves fall', async () => {
    const page = await openApp(world.browser, world.app);
    await visit(page, '#/skills', 'skill-new');
    await visit(page, '#/tasks', 'tasks-empty');
    await page.goto(`${world.app.origin}/#/skills/tidy`);
    await typeEdit(page);

    // The second Back lands while the first is being undone, or drops the undo, as it falls: tried
    // often enough that each way comes up.
    for (let tries = 0; tries < 8; tries++) {
      await page.evaluate('history.back(); setTimeout(() => history.back(), 0)');
      await stay(page);
    }

    // The history is as it was: one Back goes to the page before the skill.
    await backDiscarding(page, '#/tasks');
    await page.getByTestId('tasks-empty').waitFor();
    await page.context().close();
  });
});

describe('Discard of a link while a Back is undone', () => {
  it('goes to the link, and Back from there comes to the skill', async () => {
    const page = await openApp(world.browser, world.app);
    await editTidy(page);
    await page.getByTestId('nav-tasks').click();
    await confirm(page).waitFor();

    await discardDuringBack(page);
    await page.getByTestId('tasks-empty').waitFor();
    expect(hash(page)).toBe('#/tasks');
    expect(await confirm(page).count()).toBe(0);

    await page.goBack();
    await page.getByTestId('skill-editor').waitFor();
    expect(hash(page)).toBe('#/skills/tidy');
    await page.goBack();
    await page.getByTestId('skill-new').waitFor();
    expect(hash(page)).toBe('#/skills');
    await page.context().close();
  });
});

describe('Discard of a Back while another Back is undone', () => {
  it('goes where the first Back pointed, and asks nothing more', async () => {
    const page = await openApp(world.browser, world.app);
    await visit(page, '#/tasks', 'tasks-empty');
    await editTidy(page);
    await page.goBack();
    await confirm(page).waitFor();

    await discardDuringBack(page);
    await page.getByTestId('skill-editor').waitFor({ state: 'detached' });
    expect(hash(page)).toBe('#/skills');
    expect(await confirm(page).count()).toBe(0);

    await page.goBack();
    await page.getByTestId('tasks-empty').waitFor();
    await page.goForward();
    await page.getByTestId('skill-new').waitFor();
    await page.goForward();
    await page.getByTestId('skill-editor').waitFor();
    expect(await editor(page).textContent()).not.toContain(EDIT);
    await page.context().close();
  });
});

describe('Back to an entry the page has not counted (a restored session)', () => {
  it('asks; Stay keeps the history, and Discard goes to that entry', async () => {
    const page = await openApp(world.browser, world.app);
    await visit(page, '#/skills', 'skill-new');
    // An entry as the history from before the count has it: no index of the page's.
    await page.evaluate(`history.replaceState(null, '')`);
    await page.goto(`${world.app.origin}/#/skills/tidy`);
    await typeEdit(page);

    await page.goBack();
    await stay(page);

    await backDiscarding(page, '#/skills');
    await page.getByTestId('skill-new').waitFor();
    await page.context().close();
  });
});

describe('Back and Forward between two entries of one skill', () => {
  it('a jump that changes no address is followed: Stay then Forward still goes to the next page', async () => {
    const page = await openApp(world.browser, world.app);
    await visit(page, '#/skills/tidy', 'skill-editor');
    await visit(page, '#/skills', 'skill-new');
    await visit(page, '#/skills/tidy', 'skill-editor');
    // Two entries back, as the Back button's list goes: from the skill to the skill.
    await page.evaluate(
      `new Promise((landed) => { addEventListener('popstate', landed, { once: true }); history.go(-2); })`,
    );
    await typeEdit(page);

    await page.goForward();
    await stay(page);

    await page.goForward();
    await discard(page);
    expect(hash(page)).toBe('#/skills');
    await page.context().close();
  });
});

describe('Back with edited provider settings', () => {
  it('asks; Stay keeps what was typed and the history; Discard goes to the page before', async () => {
    const page = await openApp(world.browser, world.app);
    await visit(page, '#/tasks', 'tasks-empty');
    await page.goto(`${world.app.origin}/#/settings`);
    await page.getByTestId('provider-model').fill('edited-model');

    await page.goBack();
    await confirm(page).waitFor();
    await page.getByTestId('confirm-cancel').click();
    expect(hash(page)).toBe('#/settings');
    expect(await page.getByTestId('provider-model').inputValue()).toBe('edited-model');

    // Stayed, Back still points at the tasks, and the first page is still before them.
    await page.goBack();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('provider-model').waitFor({ state: 'detached' });
    expect(hash(page)).toBe('#/tasks');
    await page.getByTestId('tasks-empty').waitFor();
    await page.goBack();
    await page.getByTestId('message-input').waitFor();
    expect(hash(page)).toBe('');
    await page.context().close();
  });

  it('Discard goes to the first page, the chat, though it has no address of its own', async () => {
    const page = await openApp(world.browser, world.app);
    await page.goto(`${world.app.origin}/#/settings`);
    await page.getByTestId('provider-model').fill('edited-model');

    await page.goBack();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('message-input').waitFor();
    expect(hash(page)).toBe('');
    expect(await confirm(page).count()).toBe(0);
    await page.context().close();
  });
});
