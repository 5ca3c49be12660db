/**
 * A SKILL.md with Windows line endings (CRLF, as written on Windows or checked out with autocrlf)
 * in the Skills editor, in Chromium against `ias serve`: an edit undone leaves nothing unsaved (Save
 * off, no question on leaving), and Save keeps the file's CRLF line endings, lines added included.
 * A file mixing both is unsaved only while its text differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const CRLF = scriptSkill({ description: 'Written on Windows.', script: 'echo windows' }).replace(/\n/g, '\r\n');
// The front lines from Windows, the rest added on Linux.
const MIXED = scriptSkill({ description: 'Written on both.', script: 'echo both' }).replace(/\n/, '\r\n');

const world = servedWorld({
  serve: {
    setup: (home) => {
      writeSkill(dataPaths(home).userSkills, 'from_windows', CRLF);
      writeSkill(dataPaths(home).userSkills, 'from_both', MIXED);
    },
  },
});

/** A page showing skill `name`'s editor. */
async function openSkill(name: string) {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/skills/${name}`);
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  const text = async () => (await editor.textContent()) ?? '';
  const saveOn = () => page.getByTestId('skill-save').isEnabled();
  const dirtyDots = () => page.locator('[data-testid="skill-editor-panel"] .dirty-dot').count();
  return { page, editor, text, saveOn, dirtyDots };
}

/** Types at the end of the text, then undoes it. */
async function editAndUndo({ page, editor, text, saveOn }: Awaited<ReturnType<typeof openSkill>>, typed: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(typed);
  await expect.poll(text).toContain(typed);
  await expect.poll(saveOn).toBe(true);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(text).not.toContain(typed);
}

it('a CRLF SKILL.md edited and undone has nothing unsaved, and Save keeps its CRLF line endings', async () => {
  const shown = await openSkill('from_windows');
  const { page, editor, text, saveOn, dirtyDots } = shown;
  await expect.poll(text).toContain('echo windows');
  expect(await saveOn()).toBe(false);

  await editAndUndo(shown, 'an edit');
  await expect.poll(saveOn).toBe(false);
  expect(await dirtyDots()).toBe(0);
  // Nothing to ask about on leaving.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Chat' }).click();
  await page.getByTestId('message-input').waitFor();
  expect(new URL(page.url()).hash).toBe('#/chat');

  await page.goto(`${world.app.origin}/#/skills/from_windows`);
  await expect.poll(text).toContain('echo windows');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('A line added.');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Another one.');
  await page.getByTestId('skill-save').click();
  const file = path.join(dataPaths(world.app.home).userSkills, 'from_windows', 'SKILL.md');
  const onDisk = () => fs.readFileSync(file, 'utf8');
  await expect.poll(onDisk).toContain('Another one.');
  expect(onDisk()).toBe(`${CRLF}A line added.\r\nAnother one.`);
  await expect.poll(saveOn).toBe(false);
  await page.context().close();
});

it('a SKILL.md with mixed line endings edited and undone has nothing unsaved', async () => {
  const shown = await openSkill('from_both');
  await expect.poll(shown.text).toContain('echo both');
  expect(await shown.saveOn()).toBe(false);
  await editAndUndo(shown, 'an edit');
  await expect.poll(shown.saveOn).toBe(false);
  expect(await shown.dirtyDots()).toBe(0);
  await shown.page.context().close();
});
