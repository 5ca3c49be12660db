/**
 * A new skill in Chromium against `ias serve` starts from a template in the UI's language: in
 * 简体中文 its title, description and the words of its script are Chinese (its headings stay those
 * the parser reads) and the editor finds it valid; saved as it is, it is listed with that
 * description. In English it is the English template.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SkillInfo } from '../../src/shared/contract.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ other: true });

async function newSkill(page: Page, name: string, kind: 'script' | 'instructions'): Promise<string> {
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill(name);
  await page.getByTestId(`skill-new-kind-${kind}`).check();
  await page.getByTestId('skill-new-create').click();
  await expect.poll(() => page.getByTestId('skill-validation').getAttribute('data-state')).toBe('ok');
  return (await page.locator('[data-testid="skill-editor"] .cm-content').textContent()) ?? '';
}

describe.each([
  ['zh-CN', 'zh_script', 'script', '用一两句话说明这个技能做什么', '## Execute'],
  ['zh-CN', 'zh_steps', 'instructions', '用一句话说明什么时候用这些说明。', 'description:'],
  ['en-US', 'en_script', 'script', 'Says what this skill does, in one or two sentences', '## Execute'],
] as const)('in %s, %s', (locale, name, kind, description, key) => {
  it('the new skill’s template is in the UI’s language, valid, and saves as it is', async () => {
    const page = await openApp(world.browser, world.app, { locale });
    const text = await newSkill(page, name, kind);
    expect(text).toContain(description);
    expect(text).toContain(key);
    await page.getByTestId('skill-save').click();
    await expect
      .poll(async () =>
        (await world.other.call<{ skills: SkillInfo[] }>('listSkills')).skills.find((s) => s.name === name),
      )
      .toMatchObject({ description: expect.stringContaining(description) });
    await page.context().close();
  });
});
