/**
 * The skill editor is not rebuilt under the owner's hands: a new skill saved with Ctrl+S keeps its
 * editor (the text typed after saving, the place and the focus) once the skill is listed; a skill
 * saved here keeps it when another skill changes. Answers are held back by relaying the page's real
 * socket, so the owner's typing comes first; the editor's element is marked to tell a new one.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import type { SkillFile } from '../../src/shared/contract.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { answersTakenIn, openHolding, writeNewSkill } from './harness.js';
import { servedWorld } from './served-world.js';

const SKILL = `---
name: kept_place
description: Says where it is.
risk: low
---

# Kept place

## Execute

\`\`\`bash
echo "here"
\`\`\`
`;

const world = servedWorld({
  serve: {
    setup: (home) =>
      writeSkill(dataPaths(home).userSkills, 'other_notes', scriptSkill({ description: 'Notes.', script: 'echo' })),
  },
  other: true,
});

/** Marks the editor's element: a rebuilt editor is a new element, without the mark. */
const mark = (editor: Locator) => editor.evaluate((el) => void Object.assign(el, { keptElement: true }));
const sameEditor = (editor: Locator) => editor.evaluate((el) => 'keptElement' in el);
const focused = (editor: Locator) => editor.evaluate((el) => el.ownerDocument.activeElement === el);
const onDisk = async () => (await world.other.call<SkillFile>('readSkill', 'kept_place')).content;

it('a new skill saved with Ctrl+S keeps its editor, and what was typed after, once it is listed', async () => {
  let holding: string | undefined;
  const { page, held, release } = await openHolding(world.browser, world.app, (call) => call.method === holding);
  await page.goto(`${world.app.origin}/#/skills`);
  const editor = await writeNewSkill(page, 'kept_place', SKILL);
  await mark(editor);

  holding = 'saveSkill';
  await page.keyboard.press('ControlOrMeta+s');
  await expect.poll(held).toBe(1);
  await page.keyboard.insertText('Typed after saving.');
  holding = undefined;
  release();
  // Listed, and its file read: the path is shown.
  await expect.poll(() => page.locator('.editor-path').textContent()).toContain('kept_place');

  expect(await sameEditor(editor)).toBe(true);
  expect(await focused(editor)).toBe(true);
  expect(await editor.textContent()).toContain('echo "here"');
  expect(await editor.textContent()).toContain('Typed after saving.');
  expect(await onDisk()).toBe(SKILL);
  expect(await page.getByTestId('skill-save').isEnabled()).toBe(true);

  // Saved again: what was typed after is on disk. Another skill then changes (turned off from
  // another window); this one, untouched since, is read again and its editor stays as it is.
  await page.keyboard.press('ControlOrMeta+s');
  await expect.poll(onDisk).toBe(`${SKILL}Typed after saving.`);
  await expect.poll(() => page.getByTestId('skill-save').isEnabled()).toBe(false);
  holding = 'readSkill';
  await world.other.call('setSkillEnabled', 'other_notes', false);
  // Read again for that; perhaps for the save's own hot reload too, if it comes late.
  await expect.poll(held).toBeGreaterThanOrEqual(1);
  holding = undefined;
  release();
  await answersTakenIn(world.app, page);
  expect(await sameEditor(editor)).toBe(true);
  expect(await focused(editor)).toBe(true);
  await page.context().close();
});
