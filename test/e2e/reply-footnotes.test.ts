/**
 * A reply's footnotes, in Chromium against `ias serve`: the notes' heading is for a screen reader
 * only (not a large "Footnotes" heading in the reply), and it and each note's way back are said in
 * the UI's language.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { inLanguage, openApp } from './harness.js';
import { servedWorld } from './served-world.js';

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const at = Date.now();
    store.conversations.create('conv-notes', 'Notes', at);
    store.conversations.append('conv-notes', 'user', 'Cite it', {}, at);
    store.conversations.append('conv-notes', 'assistant', 'Cited.[^1]\n\n[^1]: The source.', {}, at + 1);
  } finally {
    store.close();
  }
}

const world = servedWorld({ serve: { setup: seed }, page: openApp });

/** The notes' heading (its words, and whether it takes room on screen) and the way back's name. */
async function notes(): Promise<{ heading: string; shown: boolean; back: string | null }> {
  await world.page.goto(`${world.app.origin}/#/chat/conv-notes`);
  const reply = world.page.locator('[data-testid="assistant-message"] .markdown').last();
  const back = reply.locator('a[href="#user-content-fnref-1"]');
  await back.waitFor();
  const heading = reply.locator('#footnote-label');
  const box = await heading.boundingBox();
  return {
    heading: (await heading.textContent()) ?? '',
    shown: box !== null && box.width > 1 && box.height > 1,
    back: await back.getAttribute('aria-label'),
  };
}

it('a reply’s notes have a heading for a screen reader only', async () => {
  expect(await notes()).toEqual({ heading: 'Footnotes', shown: false, back: 'Back to reference 1' });
});

it('says the notes’ heading and their way back in 简体中文', async () => {
  await inLanguage(world.page, world.app, 'zh-CN', async () => {
    expect(await notes()).toEqual({ heading: '脚注', shown: false, back: '返回引用 1' });
  });
});
