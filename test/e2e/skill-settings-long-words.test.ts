/**
 * A skill's settings with long unbroken words (a setting's description quoting a token,
 * a 64-character setting name), in Chromium against `ias serve`: they wrap inside the settings
 * instead of widening them past the window.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';
import { writeSkill } from '../helpers/temp.js';

const SETTING = `SERVICE_${'K'.repeat(56)}`; // the longest name a setting may have
const SKILL = `---
description: Looks things up in a service.
risk: low
config:
  - name: ${SETTING}
    description: The key, such as ${'Zm9vYmFyYmF6'.repeat(30)}
    secret: true
    required: true
---

# Service lookup

Looks things up.

## Execute

\`\`\`bash
echo found
\`\`\`
`;

const world = servedWorld({
  serve: { setup: (home) => void writeSkill(path.join(home, 'skills'), 'service_lookup', SKILL) },
  page: (browser, app) => openApp(browser, app, { viewport: { width: 760, height: 800 } }),
});

it("a setting's long description and name wrap inside the skill's settings", async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  await page.locator('[data-testid="skill-row"][data-name="service_lookup"] .row-link').click();
  const settings = page.getByTestId('skill-settings');
  await settings.locator('[data-testid="config-field"]').waitFor();
  const overflow = await settings.evaluate((el) => {
    const panel = el.closest('.editor-tabpanel')!;
    return {
      panel: panel.scrollWidth - panel.clientWidth,
      page: el.ownerDocument.documentElement.scrollWidth - el.ownerDocument.documentElement.clientWidth,
    };
  });
  expect(overflow).toEqual({ panel: 0, page: 0 });
});
