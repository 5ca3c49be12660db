/**
 * A skill's words in the UI's language, in Chromium against `ias serve`: with the UI in 简体中文
 * the skills list shows the title and description a skill gives under `locales: zh-CN` (the shipped
 * Email skill's, and an owner's skill's), its settings their Chinese descriptions, and the filter
 * finds a skill by its Chinese title; in English, the English. A skill that gives no Chinese shows
 * its English in either. Switched in Settings, the list follows.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inLanguage, openApp } from './harness.js';
import { servedWorld } from './served-world.js';
import { dictionarySkill, writeSkill } from '../helpers/temp.js';

const world = servedWorld({
  serve: { setup: (home) => void writeSkill(path.join(home, 'skills'), 'lookup', dictionarySkill()) },
});

const row = (page: Page, name: string) => page.locator(`[data-testid="skill-row"][data-name="${name}"]`);
const description = (page: Page, setting: string) =>
  page.locator(`[data-testid="config-field"][data-name="${setting}"] [data-testid="config-description"]`);

describe.each([
  {
    locale: 'zh-CN',
    email: '邮件',
    emailTip: /^从你的邮箱发送纯文本邮件/,
    password: /^邮箱密码——.*QQ 邮箱和 163 邮箱要填授权码/,
    lookup: '查词典',
    lookupTip: '在你的词典服务里查一个词。',
    key: '词典服务的 API Key',
  },
  {
    locale: 'en-US',
    email: 'Email',
    emailTip: /^Send a plain-text email from the owner's mailbox/,
    password: /^The mailbox password/,
    lookup: 'Dictionary lookup',
    lookupTip: "Looks a word up in the owner's dictionary service.",
    key: "The dictionary service's API key",
  },
])('with the UI in $locale', (want) => {
  it("the skills list and a skill's settings speak its language, English where the skill gives no other", async () => {
    const page = await openApp(world.browser, world.app, { locale: want.locale });
    await page.goto(`${world.app.origin}/#/skills`);
    const email = row(page, 'email').locator('.row-link');
    await expect.poll(() => email.locator('.skill-title').textContent()).toBe(want.email);
    expect(await email.getAttribute('title')).toMatch(want.emailTip);
    const lookup = row(page, 'lookup').locator('.row-link');
    expect(await lookup.locator('.skill-title').textContent()).toBe(want.lookup);
    expect(await lookup.getAttribute('title')).toBe(want.lookupTip);

    await email.click();
    await expect.poll(() => description(page, 'EMAIL_PASSWORD').textContent()).toMatch(want.password);

    await lookup.click();
    await expect.poll(() => description(page, 'DICT_API_KEY').textContent()).toBe(want.key);
    // No Chinese given for this one: its English, in either language.
    expect(await description(page, 'DICT_URL').textContent()).toBe("The service's address");

    // The filter finds a skill by the title the owner sees.
    await page.getByTestId('skills-filter').fill(want.lookup);
    await expect
      .poll(() => page.getByTestId('skill-row').evaluateAll((rows) => rows.map((r) => r.dataset.name)))
      .toEqual(['lookup']);
    await page.context().close();
  });
});

it('switched to 简体中文 in Settings, the skills list speaks it', async () => {
  const page = await openApp(world.browser, world.app, { locale: 'en-US' });
  await inLanguage(page, world.app, 'zh-CN', async () => {
    await page.goto(`${world.app.origin}/#/skills`);
    await expect.poll(() => row(page, 'email').locator('.skill-title').textContent()).toBe('邮件');
  });
  await page.goto(`${world.app.origin}/#/skills`);
  await expect.poll(() => row(page, 'email').locator('.skill-title').textContent()).toBe('Email');
  await page.context().close();
});
