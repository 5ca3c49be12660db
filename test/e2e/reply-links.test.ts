/**
 * A reply's links and images, in Chromium against `ias serve`. The reply is the model's text, and
 * a page the model read may have told it to write `![x](//evil.example/b.png)`: on the desktop
 * app's file: page that is `file://evil.example/b.png`, a Windows share that gets the owner's NTLM
 * hash. So no image is loaded, and only web and mail links (and the app's own routes) stay links.
 */
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { inLanguage, openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** Every URL the page asked for. */
const requested: string[] = [];

const REPLY = [
  'Tricks: ![pixel](//evil.example/b.png) ![share](\\\\evil.example\\c.png) ![mixed](/\\evil.example/d.png)',
  '![file](file://evil.example/e.png) ![local](/etc/hosts.png) ![](data:image/png;base64,iVBORw0KGgo=)',
  '',
  '[proto](//evil.example/x) [unc](\\\\evil.example\\x) [slashes](/\\evil.example/x) [tab](<\t//evil.example/x>)',
  '[file](file://evil.example/x) [script](javascript:alert(1)) [path](/etc/passwd) [spaced](< //evil.example/x>)',
  '[attach](mailto:owner@example.com?attach=/etc/passwd)',
  '',
  '[docs](https://example.com/docs?a=1) [mail](mailto:owner@example.com) [settings](#/settings) https://example.org/auto',
  '',
  '![chart](https://example.com/chart.png) [![badge](https://example.com/badge.svg)](https://example.com/ci)',
].join('\n');

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const at = Date.now();
    store.conversations.create('conv-links', 'Links', at);
    store.conversations.append('conv-links', 'user', 'Summarise that page', {}, at);
    store.conversations.append('conv-links', 'assistant', REPLY, {}, at + 1);
    store.conversations.create('conv-notes', 'Notes', at);
    store.conversations.append('conv-notes', 'user', 'Cite it', {}, at);
    store.conversations.append(
      'conv-notes',
      'assistant',
      `Cited.[^1]\n\n${'Filler.\n\n'.repeat(60)}[^1]: The source.`,
      {},
      at + 1,
    );
  } finally {
    store.close();
  }
}

const world = servedWorld({
  serve: { setup: seed },
  page: async (browser, app) => {
    const page = await openApp(browser, app);
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${app.origin}/#/chat/conv-links`);
    await page.locator('.markdown').getByText('Tricks:').waitFor();
    return page;
  },
});

const reply = () => world.page.locator('[data-testid="assistant-message"] .markdown').last();
/** The reply's links: their words, the href as written and as the browser resolves it, and their target. */
const links = () =>
  reply()
    .locator('a')
    .evaluateAll((els) =>
      els.map((a) => ({
        text: a.textContent,
        href: a.getAttribute('href'),
        resolved: (a as unknown as { href: string }).href,
        target: a.getAttribute('target'),
      })),
    );

describe('a reply’s images and links', () => {
  it('loads no image and names no other host but by a web link', async () => {
    expect(await reply().locator('img').count()).toBe(0);
    expect(await world.page.locator('img[src*="evil.example"], [src^="//"], [src^="file:"]').count()).toBe(0);
    for (const link of await links()) {
      expect(link.href, link.text ?? '').toMatch(/^(https:\/\/example\.(com|org)\/|mailto:|#\/)/);
      expect(new URL(link.resolved).host).not.toBe('evil.example');
    }
    expect(requested.filter((url) => url.includes('evil.example') || url.startsWith('file:'))).toEqual([]);
    // The refused ones keep their words, as plain text.
    const refused = await reply().locator('.md-refused').allTextContents();
    expect(refused).toEqual(
      expect.arrayContaining(['pixel', 'share', 'mixed', 'file', 'local', 'Image', 'proto', 'unc', 'slashes', 'tab']),
    );
    expect(refused).toEqual(expect.arrayContaining(['script', 'path', 'spaced', 'attach']));
    await screenshot(world.page, 'reply-links');
  });

  it('keeps web and mail links, opening outside the app, and the app’s routes inside it', async () => {
    expect(await links()).toEqual([
      {
        text: 'docs',
        href: 'https://example.com/docs?a=1',
        resolved: 'https://example.com/docs?a=1',
        target: '_blank',
      },
      { text: 'mail', href: 'mailto:owner@example.com', resolved: 'mailto:owner@example.com', target: '_blank' },
      { text: 'settings', href: '#/settings', resolved: `${world.app.origin}/#/settings`, target: null },
      {
        text: 'https://example.org/auto',
        href: 'https://example.org/auto',
        resolved: 'https://example.org/auto',
        target: '_blank',
      },
      {
        text: 'chart',
        href: 'https://example.com/chart.png',
        resolved: 'https://example.com/chart.png',
        target: '_blank',
      },
      { text: 'badge', href: 'https://example.com/ci', resolved: 'https://example.com/ci', target: '_blank' },
    ]);
    expect(await reply().getByRole('link', { name: 'chart' }).getAttribute('title')).toBe(
      'Images in replies are not loaded here; this opens it in your browser.',
    );
    await reply().getByRole('link', { name: 'settings' }).click();
    await world.page.locator('[data-testid="settings-language"]').waitFor();
    expect(new URL(world.page.url()).hash).toBe('#/settings');
  });

  it('keeps a footnote’s links, which move within the reply and leave the page where it is', async () => {
    await world.page.goto(`${world.app.origin}/#/chat/conv-notes`);
    const notes = world.page.locator('[data-testid="assistant-message"] .markdown').last();
    const ref = notes.locator('a[href="#user-content-fn-1"]');
    await ref.waitFor();
    expect(await notes.locator('.md-refused').count()).toBe(0);
    const note = notes.locator('[id="user-content-fn-1"]');
    expect(await note.isVisible()).toBe(true);
    await ref.click();
    await expect
      .poll(() =>
        note.evaluate(
          (el) => el.getBoundingClientRect().bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight,
        ),
      )
      .toBe(true);
    expect(new URL(world.page.url()).hash).toBe('#/chat/conv-notes');
    await notes.getByText('Cited.').waitFor();
  });

  it('says so in 简体中文', async () => {
    await inLanguage(world.page, world.app, 'zh-CN', async () => {
      await world.page.goto(`${world.app.origin}/#/chat/conv-links`);
      await reply().getByText('Tricks:').waitFor();
      expect(await reply().getByRole('link', { name: 'chart' }).getAttribute('title')).toBe(
        '回复中的图片不会在这里加载；点击在浏览器中打开。',
      );
      expect(await reply().locator('.md-refused').filter({ hasText: 'proto' }).getAttribute('title')).toBe(
        '回复中只有网页和邮件链接可以打开。',
      );
      expect(await reply().locator('.md-image.md-refused').first().getAttribute('title')).toBe(
        '回复中的图片不会加载。',
      );
    });
  });
});
