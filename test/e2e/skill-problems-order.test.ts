/**
 * A SKILL.md whose problems are found out of line order, in Chromium against `ias serve`: the skills
 * page and the editor list them by line, errors and warnings together.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp, writeNewSkill } from './harness.js';
import { servedWorld } from './served-world.js';
import { writeSkill } from '../helpers/temp.js';
import { UNORDERED_PLACES, UNORDERED_SKILL } from '../helpers/unordered-problems.js';

const world = servedWorld({
  serve: { setup: (home) => void writeSkill(path.join(home, 'skills'), 'order', UNORDERED_SKILL) },
  page: openApp,
});

describe('the problems of a SKILL.md', () => {
  it('are listed by line on the skills page and in the editor', async () => {
    const file = path.join(world.app.home, 'skills', 'order', 'SKILL.md');
    await world.page.goto(`${world.app.origin}/#/skills`);
    const listed = world.page.locator('[data-testid="skill-problem"]');
    await listed.first().waitFor();
    const places = await listed.evaluateAll((items) =>
      items.map((li) => [li.className, li.querySelector('.problem-path')?.textContent]),
    );
    expect(places).toEqual(
      UNORDERED_PLACES.map(([severity, line]) => [`problem problem-${severity}`, `${file}:${line}`]),
    );

    await writeNewSkill(world.page, 'order_again', UNORDERED_SKILL);
    const checked = world.page.locator('[data-testid="validation-problem"]');
    const lines = () =>
      checked.evaluateAll((items) => items.map((li) => [li.className, li.getAttribute('data-line')]).join(' | '));
    await expect
      .poll(lines)
      .toBe(UNORDERED_PLACES.map(([severity, line]) => `problem problem-${severity},${line}`).join(' | '));
  });
});
