/**
 * Skill settings and scheduled tasks in Chromium against `ias serve`: a user skill that needs setup
 * is set up from its Settings tab (a secret and a plain value) and then runs with them; the tasks
 * page lists tasks made in the data folder beforehand, pauses, resumes and deletes them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { firstCronRun } from '../../src/core/scheduler/schedule.js';
import { openStore } from '../../src/core/store/index.js';
import type { SkillsState, TaskInfo } from '../../src/shared/contract.js';
import { writeSkill } from '../helpers/temp.js';
import { screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const SECRET = 'sk-live-7f3a9c1e5b2d';
const DAY = 86_400_000;
const HOUR = 3_600_000;

const WEATHER_SKILL = `---
name: city_weather
description: Tells the weather of a city from a weather service.
risk: low
config:
  - name: WEATHER_API_KEY
    description: API key of the weather service (from its console)
    secret: true
    required: true
  - name: WEATHER_CITY
    description: The city to report on when none is named
    required: true
  - name: WEATHER_API_URL
    description: The weather service's address
    default: https://weather.example.com
---

# City weather

Tells the weather of a city from a weather service.

## Execute

\`\`\`bash
echo "city=$WEATHER_CITY url=$WEATHER_API_URL key=$(printf %s "$WEATHER_API_KEY" | sha256sum | cut -c1-16)"
\`\`\`
`;

const SEARCH_SKILL = `---
name: web_search
description: Searches the web.
risk: low
config:
  - name: TAVILY_API_KEY
    description: Tavily API key
    secret: true
    required: search
  - name: SEARXNG_URL
    description: Address of your own SearXNG instance
    required: search
---

# Web search

Searches the web.

## Execute

\`\`\`bash
echo searched
\`\`\`
`;

/** The data folder as a first run of the app leaves it, plus two skills that need setup and three tasks. */
function prepare(home: string): Record<'morning' | 'weekly' | 'once', string> {
  const paths = dataPaths(home);
  writeSkill(paths.userSkills, 'city_weather', WEATHER_SKILL);
  writeSkill(paths.userSkills, 'web_search', SEARCH_SKILL);
  const store = openStore(paths.database);
  try {
    // Off until configured, as example skills arrive.
    store.skillSettings.setEnabled('city_weather', false);
    const now = Date.now();
    const ran = (id: string, next: number, at: number, ok: boolean, text: string) => {
      const task = store.tasks.get(id)!;
      store.tasks.claim(task, next, at);
      store.tasks.finish(id, ok ? 'done' : 'failed', text, at + 4000);
    };
    const base = { enabled: true, createdBy: 'cli', createdAt: now - 3 * DAY };
    store.tasks.insert({
      ...base,
      id: 'morning1',
      name: 'Morning weather',
      cron: '0 8 * * *',
      runAt: null,
      timeZone: 'Asia/Shanghai',
      prompt: 'Tell me the weather in Hangzhou today, and whether I need an umbrella.',
      allowlist: ['city_weather', 'get_current_datetime'],
      nextRunAt: now - DAY,
    });
    ran(
      'morning1',
      // Its next run is kept out of the test's time (08:00 in Shanghai is midnight UTC).
      firstCronRun('0 8 * * *', 'Asia/Shanghai', now + HOUR),
      now - DAY,
      true,
      'Hangzhou today: **sunny**, 21 °C, light wind.\n\nNo umbrella needed.',
    );
    store.tasks.insert({
      ...base,
      id: 'weekly01',
      name: 'Weekly inbox summary',
      cron: '30 9 * * 1',
      runAt: null,
      timeZone: 'UTC',
      prompt: 'Summarise the mail I received this week.',
      allowlist: ['city_weather', 'get_current_datetime', 'list_scheduled_tasks', 'web_search'],
      nextRunAt: now - 2 * DAY,
    });
    ran(
      'weekly01',
      firstCronRun('30 9 * * 1', 'UTC', now + HOUR),
      now - 2 * DAY,
      false,
      'The mail skill is not set up.',
    );
    store.tasks.update('weekly01', { enabled: false });
    store.tasks.insert({
      ...base,
      id: 'once0001',
      name: 'Passport renewal reminder',
      cron: null,
      runAt: now + 10 * DAY,
      timeZone: 'Asia/Shanghai',
      prompt: 'Remind me to renew my passport.',
      allowlist: [],
      nextRunAt: now + 10 * DAY,
    });
  } finally {
    store.close();
  }
  return { morning: 'morning1', weekly: 'weekly01', once: 'once0001' };
}

let ids: ReturnType<typeof prepare>;
/** Every WebSocket frame the page received. */
const frames: string[] = [];

const world = servedWorld({
  serve: { setup: (home) => (ids = prepare(home)) },
  page: async (browser, app) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await page.goto(app.url);
    await page.waitForSelector('[data-testid="message-input"]');
    return page;
  },
  other: true,
});

const call = <T>(method: string, ...params: unknown[]): Promise<T> => world.other.call<T>(method, ...params);

/** Waits until no toast covers the page (they go by themselves). */
const noToasts = (p: Page) => expect.poll(() => p.locator('.toast').count(), { timeout: 12_000 }).toBe(0);

const row = (name: string) => world.page.locator(`[data-testid="skill-row"][data-name="${name}"]`);
const field = (name: string) => world.page.locator(`[data-testid="config-field"][data-name="${name}"]`);
const task = (id: string) => world.page.locator(`[data-testid="task-item"][data-id="${id}"]`);

describe('skill settings', () => {
  it('a skill that needs setup is set up, switched on and runs with its settings', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    await expect.poll(() => row('city_weather').locator('[data-testid="skill-needs-setup"]').count()).toBe(1);
    expect(await row('city_weather').locator('[data-testid="skill-off-until-setup"]').count()).toBe(1);
    expect(await row('web_search').locator('[data-testid="skill-needs-setup"]').count()).toBe(1);
    // What is missing, on hover: requirements apart with `;`, a group's alternatives with "or".
    const hint = (name: string) => row(name).locator('[data-testid="skill-needs-setup"]').getAttribute('title');
    expect(await hint('city_weather')).toBe('Missing: WEATHER_API_KEY; WEATHER_CITY');
    expect(await hint('web_search')).toBe('Missing: TAVILY_API_KEY or SEARXNG_URL');
    expect(await row('get_current_datetime').locator('[data-testid="skill-needs-setup"]').count()).toBe(0);

    await row('city_weather').click();
    const settings = world.page.locator('[data-testid="skill-settings"]');
    await settings.waitFor();
    expect(await world.page.locator('[data-testid="skill-tab-settings"]').getAttribute('aria-selected')).toBe('true');
    expect(await world.page.locator('[data-testid="skill-missing-item"]').allTextContents()).toEqual([
      'WEATHER_API_KEY',
      'WEATHER_CITY',
    ]);
    expect(await field('WEATHER_API_KEY').locator('input').getAttribute('type')).toBe('password');
    expect(await field('WEATHER_API_URL').getAttribute('data-state')).toBe('default');
    await screenshot(world.page, 'skill-settings-light');

    await field('WEATHER_API_KEY').locator('input').fill(SECRET);
    await field('WEATHER_CITY').locator('input').fill('Hangzhou');
    await world.page.click('[data-testid="skill-settings-save"]');
    await expect.poll(() => row('city_weather').locator('[data-testid="skill-needs-setup"]').count()).toBe(0);
    await world.page.locator('[data-testid="skill-ready-off"]').waitFor();
    expect(await field('WEATHER_API_KEY').getAttribute('data-state')).toBe('set');
    expect(await field('WEATHER_API_KEY').locator('input').inputValue()).toBe('');

    // After a reload the secret is only "set": its value reaches neither the page nor its socket.
    frames.length = 0;
    await world.page.reload();
    await field('WEATHER_API_KEY').waitFor();
    expect(await field('WEATHER_API_KEY').getAttribute('data-state')).toBe('set');
    expect(await field('WEATHER_API_KEY').locator('input').inputValue()).toBe('');
    expect(await field('WEATHER_CITY').locator('input').inputValue()).toBe('Hangzhou');
    expect(await world.page.content()).not.toContain(SECRET);
    expect(frames.some((f) => f.includes('"listSkills"') || f.includes('WEATHER_CITY'))).toBe(true);
    expect(frames.join('\n')).not.toContain(SECRET);

    // The core holds them: the plain value as typed, the secret as set.
    const state = await call<SkillsState>('listSkills');
    const weather = state.skills.find((s) => s.name === 'city_weather')!;
    expect(weather.needsConfig).toEqual([]);
    expect(weather.config.find((f) => f.name === 'WEATHER_CITY')).toMatchObject({ set: true, value: 'Hangzhou' });
    expect(weather.config.find((f) => f.name === 'WEATHER_API_KEY')).toMatchObject({ set: true, secret: true });
    expect(JSON.stringify(state)).not.toContain(SECRET);

    // Switched on from the settings, reviewed, it runs with exactly those values.
    await world.page.click('[data-testid="skill-turn-on"]');
    await world.page.locator('[data-testid="skill-ready"]').waitFor();
    expect(await row('city_weather').locator('[data-testid="skill-enabled"]').getAttribute('aria-checked')).toBe(
      'true',
    );
    await row('city_weather').locator('[data-testid="skill-review"]').click();
    await world.page.click('[data-testid="skill-review-mark"]');
    await expect.poll(() => row('city_weather').locator('[data-testid="skill-review"]').count()).toBe(0);

    await world.page.goto(`${world.app.origin}/#/chat`);
    world.app.model.enqueue({ toolCalls: [{ name: 'city_weather', arguments: '{}' }] }, { content: 'Sunny.' });
    await world.page.fill('[data-testid="message-input"]', 'weather?');
    await world.page.click('[data-testid="send-button"]');
    await expect
      .poll(async () => (await world.page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Sunny');
    const toolMessage = (world.app.model.requests.at(-1)!.body.messages as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    );
    const keyHash = createHash('sha256').update(SECRET).digest('hex').slice(0, 16);
    expect(toolMessage?.content).toContain(`city=Hangzhou url=https://weather.example.com key=${keyHash}`);
  });

  it('a secret is cleared with Clear and Save', async () => {
    await world.page.goto(`${world.app.origin}/#/skills/web_search`);
    await field('TAVILY_API_KEY').waitFor();
    expect(await world.page.locator('[data-testid="skill-missing-item"]').allTextContents()).toEqual([
      'TAVILY_API_KEY or SEARXNG_URL',
    ]);
    // The SKILL.md is the other tab.
    await world.page.click('[data-testid="skill-tab-file"]');
    await expect
      .poll(async () => (await world.page.locator('[data-testid="skill-editor"] .cm-content').textContent()) ?? '')
      .toContain('SEARXNG_URL');
    expect(await world.page.locator('[data-testid="skill-settings"]').isVisible()).toBe(false);
    await world.page.click('[data-testid="skill-tab-settings"]');
    await field('TAVILY_API_KEY').locator('input').fill('tvly-123');
    await world.page.click('[data-testid="skill-settings-save"]');
    await expect.poll(() => field('TAVILY_API_KEY').getAttribute('data-state')).toBe('set');
    await expect.poll(() => row('web_search').locator('[data-testid="skill-needs-setup"]').count()).toBe(0);
    await field('TAVILY_API_KEY').locator('[data-testid="config-clear"]').click();
    await world.page.click('[data-testid="skill-settings-save"]');
    await expect.poll(() => field('TAVILY_API_KEY').getAttribute('data-state')).toBe('unset');
    await expect.poll(() => row('web_search').locator('[data-testid="skill-needs-setup"]').count()).toBe(1);
    const state = await call<SkillsState>('listSkills');
    expect(state.skills.find((s) => s.name === 'web_search')!.needsConfig).toEqual([['TAVILY_API_KEY', 'SEARXNG_URL']]);
  });
});

describe('scheduled tasks', () => {
  it('lists the tasks with their schedules, runs and results', async () => {
    await world.page.goto(`${world.app.origin}/#/tasks`);
    await expect.poll(() => world.page.locator('[data-testid="task-item"]').count()).toBe(3);
    const morning = task(ids.morning);
    // The schedule in words, then the expression as written, then its time zone.
    expect(await morning.locator('[data-testid="task-schedule"]').textContent()).toMatch(
      /^Every day at 8:00 AM ?0 8 \* \* \*.*Asia\/Shanghai/,
    );
    expect(await task(ids.weekly).locator('[data-testid="task-cron-words"]').textContent()).toBe(
      'At 9:30 AM, only on Monday',
    );
    expect(await morning.locator('[data-testid="task-status"]').textContent()).toContain('Done');
    expect(await morning.locator('[data-testid="task-skills"]').textContent()).toContain('city_weather');
    await morning.locator('[data-testid="task-result"] summary').click();
    await expect
      .poll(async () => (await morning.locator('[data-testid="task-result"]').textContent()) ?? '')
      .toContain('No umbrella needed');
    expect(await task(ids.weekly).getAttribute('data-state')).toBe('paused');
    expect(await task(ids.weekly).locator('[data-testid="task-status"]').textContent()).toContain('Failed');
    expect(await task(ids.once).locator('[data-testid="task-schedule"]').textContent()).toContain('Once');
    expect(await task(ids.once).locator('[data-testid="task-last"]').textContent()).toContain('Not yet');
    await noToasts(world.page);
    await screenshot(world.page, 'tasks-three-light');
  });

  it('says the schedules in the UI’s language', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      await world.page.goto(`${world.app.origin}/#/tasks`);
      const words = () => world.page.locator('[data-testid="task-cron-words"]').allTextContents();
      await expect.poll(words).toEqual(expect.arrayContaining(['每天在08:00', '在09:30，仅星期一']));
      expect(await task(ids.morning).locator('[data-testid="task-schedule"] code').textContent()).toBe('0 8 * * *');
    } finally {
      await world.page.goto(`${world.app.origin}/#/settings`);
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
      await world.page.goto(`${world.app.origin}/#/tasks`);
      await expect
        .poll(() => task(ids.morning).locator('[data-testid="task-cron-words"]').textContent())
        .toBe('Every day at 8:00 AM');
    }
  });

  it('pauses and resumes a task, and follows changes made elsewhere', async () => {
    const morning = task(ids.morning);
    await morning.locator('[data-testid="task-enabled"]').click();
    await expect.poll(() => morning.getAttribute('data-state')).toBe('paused');
    await expect
      .poll(async () => (await call<TaskInfo[]>('listTasks')).find((x) => x.id === ids.morning)?.enabled)
      .toBe(false);
    await morning.locator('[data-testid="task-enabled"]').click();
    await expect.poll(() => morning.getAttribute('data-state')).toBe('active');
    const resumed = (await call<TaskInfo[]>('listTasks')).find((x) => x.id === ids.morning)!;
    expect(resumed.enabled).toBe(true);
    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());

    // Resumed from another client: the page follows the tasks-changed event without a reload.
    await call('setTaskEnabled', ids.weekly, true);
    await expect.poll(() => task(ids.weekly).getAttribute('data-state')).toBe('active');
  });

  it('deletes a task after confirmation', async () => {
    await task(ids.once).locator('[data-testid="task-delete"]').click();
    await world.page.locator('[data-testid="confirm-cancel"]').click();
    expect(await task(ids.once).count()).toBe(1);
    await task(ids.once).locator('[data-testid="task-delete"]').click();
    await world.page.locator('[data-testid="confirm-ok"]').click();
    await expect.poll(() => task(ids.once).count()).toBe(0);
    expect((await call<TaskInfo[]>('listTasks')).map((x) => x.id).sort()).toEqual([ids.morning, ids.weekly].sort());
    await world.page.reload();
    await expect.poll(() => world.page.locator('[data-testid="task-item"]').count()).toBe(2);
  });

  it('screenshots of the tasks page and a skill’s settings, light and dark, in English and Chinese', async () => {
    const zh = await world.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
    try {
      const zhPage = await zh.newPage();
      await zhPage.goto(world.app.url); // a new context signs in once; the token stays in its localStorage
      for (const [shot, lang] of [
        [world.page, 'en'],
        [zhPage, 'zh'],
      ] as const) {
        for (const scheme of ['light', 'dark'] as const) {
          await shot.emulateMedia({ colorScheme: scheme });
          await shot.goto(`${world.app.origin}/#/tasks`);
          await shot.locator('[data-testid="task-item"]').first().waitFor();
          await shot.locator('[data-testid="task-result"] summary').first().click();
          await noToasts(shot);
          await shot.waitForTimeout(300); // the disclosure's turn
          await screenshot(shot, `tasks-${lang}-${scheme}`);
          await shot.goto(`${world.app.origin}/#/skills/web_search`);
          await shot.locator('[data-testid="skill-settings"]').waitFor();
          await noToasts(shot);
          await screenshot(shot, `skill-settings-${lang}-${scheme}`);
        }
      }
      expect(await zhPage.locator('[data-testid="nav-tasks"]').textContent()).toContain('定时任务');
    } finally {
      await zh.close();
    }
    for (const name of ['tasks-en-dark', 'tasks-zh-light', 'skill-settings-zh-dark']) {
      expect(fs.existsSync(path.resolve('test-results', `${name}.png`))).toBe(true);
    }
  });
});

describe('a skill’s details', () => {
  it('an unreviewed skill is reviewed from its details, whose Review reads in the UI’s language', async () => {
    const zh = await world.browser.newContext({ locale: 'zh-CN' });
    try {
      const zhPage = await zh.newPage();
      await zhPage.goto(world.app.url);
      await zhPage.goto(`${world.app.origin}/#/skills/web_search`);
      const zhNotice = zhPage.locator('[data-testid="skill-unreviewed-notice"]');
      await zhNotice.waitFor();
      expect(await zhNotice.locator('span').textContent()).toBe(
        '此技能在应用外被修改，审核之前按高风险运行。在这里保存也算作审核。',
      );
      expect(await zhNotice.locator('[data-testid="skill-editor-review"]').textContent()).toBe('审核');
    } finally {
      await zh.close();
    }

    await world.page.goto(`${world.app.origin}/#/skills/web_search`);
    const panel = world.page.locator('[data-testid="skill-editor-panel"]');
    const notice = panel.locator('[data-testid="skill-unreviewed-notice"]');
    await notice.waitFor();
    expect(await panel.locator('[data-testid="skill-unreviewed"]').count()).toBe(1);
    expect(await row('web_search').locator('[data-testid="skill-review"]').count()).toBe(1);
    await notice.locator('[data-testid="skill-editor-review"]').click();
    await world.page.click('[data-testid="skill-review-mark"]');
    await world.page.locator('[data-testid="toast"]', { hasText: 'web_search marked as reviewed' }).waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await panel.locator('[data-testid="skill-unreviewed"]').count()).toBe(0);
    await expect.poll(() => row('web_search').locator('.reviewed').textContent()).toContain('Reviewed');
    expect(await row('web_search').locator('[data-testid="skill-review"]').count()).toBe(0);
    const state = await call<SkillsState>('listSkills');
    expect(state.skills.find((s) => s.name === 'web_search')).toMatchObject({ reviewed: true, effectiveRisk: 'low' });
  });
});
