/**
 * A SKILL.md problem quoting a long unbroken word (here a setting's name, too long to be one), in
 * Chromium against `ias serve`: it wraps inside the skills page's problems and the editor's list
 * of them, instead of running past them (and out of sight) with the rest of its sentence.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { openApp, writeNewSkill } from './harness.js';
import { servedWorld } from './served-world.js';
import { writeSkill } from '../helpers/temp.js';

const SKILL = `---
description: Looks things up.
risk: low
config:
  - name: SERVICE_KEY_${'B'.repeat(90)}
    secret: true
---

# Lookup

Looks things up.

## Execute

\`\`\`bash
echo found
\`\`\`
`;

const world = servedWorld({
  serve: { setup: (home) => void writeSkill(path.join(home, 'skills'), 'lookup', SKILL) },
  page: (browser, app) => openApp(browser, app, { viewport: { width: 760, height: 800 } }),
});

/** How far `selector`'s box is wider than what it shows. */
const overflow = (selector: string) => world.page.locator(selector).evaluate((el) => el.scrollWidth - el.clientWidth);

it('a problem with a long word wraps inside the skills page and the editor', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-problem').waitFor();
  expect(await overflow('.skills-top')).toBe(0);

  await writeNewSkill(page, 'lookup_two', SKILL);
  await page.getByTestId('validation-problem').waitFor();
  expect(await overflow('[data-testid="skill-validation"]')).toBe(0);
});
