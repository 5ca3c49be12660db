/**
 * Edits of the model provider not saved yet, in Chromium against `ias serve`: leaving Settings for
 * another page of the app (the sidebar's Chat, in English and 简体中文) asks first, as the skill
 * editor does. Cancel keeps the page and what was typed; Discard goes. The question never shows the
 * key typed. A key typed alone is asked about too; with nothing edited, or once saved, the link
 * just goes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProviderInfo } from '../../src/shared/contract.js';
import { openApp, saveModelSettings } from './harness.js';
import { servedWorld } from './served-world.js';

const TYPED_KEY = 'sk-TYPED-not-saved-4242';

const world = servedWorld({
  serve: {
    noModel: true,
    setup(home, model) {
      saveModelSettings(home, { baseUrl: model.url, model: 'first-model', apiKey: 'sk-SECRET-first' });
    },
  },
  other: true,
});

const confirm = (page: Page) => page.locator('dialog[open]', { has: page.getByTestId('confirm-ok') });

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/#/settings`);
  await page.getByTestId('provider-model').waitFor();
}

describe.each([
  ['en-US', 'Discard changes?', 'The model provider settings have changes that are not saved.'],
  ['zh-CN', '放弃修改？', '模型服务的设置有未保存的修改。'],
] as const)('in %s', (locale, question, message) => {
  it('the sidebar’s Chat asks before it leaves edited provider settings; Cancel keeps them', async () => {
    const page = await openApp(world.browser, world.app, { locale });
    await openSettings(page);
    await page.getByTestId('provider-model').fill('edited-model');
    await page.getByTestId('provider-key').fill(TYPED_KEY);

    const chat = page.getByTestId('nav-chat');
    await chat.click();
    await confirm(page).waitFor();
    const asked = (await confirm(page).textContent()) ?? '';
    expect(asked).toContain(question);
    expect(asked).toContain(message);
    expect(asked).not.toContain(TYPED_KEY);
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => confirm(page).count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#/settings');
    expect(await page.getByTestId('provider-model').inputValue()).toBe('edited-model');
    expect(await page.getByTestId('provider-key').inputValue()).toBe(TYPED_KEY);

    await chat.click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('message-input').waitFor();
    expect(new URL(page.url()).hash).toBe('#/chat');
    // Nothing of it was saved.
    expect((await world.other.call<ProviderInfo>('getProvider')).saved.model).toBe('first-model');
    await page.context().close();
  });
});

it('a key typed alone is asked about; with nothing edited, or once saved, the link just goes', async () => {
  const page = await openApp(world.browser, world.app);
  await openSettings(page);
  const tasks = page.getByTestId('nav-tasks');

  // Nothing edited: no question.
  await tasks.click();
  await page.getByTestId('tasks-empty').waitFor();
  expect(await confirm(page).count()).toBe(0);

  // A key typed, nothing else.
  await openSettings(page);
  await page.getByTestId('provider-key').fill(TYPED_KEY);
  await tasks.click();
  await confirm(page).waitFor();
  await page.getByTestId('confirm-cancel').click();
  expect(new URL(page.url()).hash).toBe('#/settings');

  // Saved: the edits are no longer unsaved.
  await page.getByTestId('provider-model').fill('saved-model');
  await page.getByTestId('provider-save').click();
  await expect.poll(async () => (await world.other.call<ProviderInfo>('getProvider')).saved.model).toBe('saved-model');
  await expect.poll(() => page.getByTestId('provider-key').inputValue()).toBe('');
  await tasks.click();
  await page.getByTestId('tasks-empty').waitFor();
  expect(await confirm(page).count()).toBe(0);
  await page.context().close();
});
