/**
 * A high-risk call the owner refused, whose approval expired or was cancelled, in the audit log in
 * Chromium against `ias serve`: the row and its entry say why it did not run in the UI's language (English,
 * then 简体中文), and the entry keeps, apart, the gate's own words the model was told. The search finds
 * them by those words, in the UI's language.
 */
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { inLanguage, openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** The rows of an expired call and of one stopped while it waited, as the core writes them. */
let expiredId: number;
let stoppedId: number;

const world = servedWorld({
  serve: () => {
    const system = tempDir('ias-e2e-system-');
    writeSkill(
      system,
      'send_mail',
      scriptSkill({ risk: 'High', description: 'Sends mail.', script: 'echo mail-sent' }),
    );
    return {
      systemSkills: system,
      setup: (home) => {
        const store = openStore(dataPaths(home).database);
        try {
          const call = { skill: 'send_mail', source: 'chat' as const, risk: 'high' as const, params: { to: 'a@b.c' } };
          const notRun = { status: 'refused' as const, durationMs: 9000 };
          expiredId = store.audit.record(call, {
            ...notRun,
            approvalOutcome: 'expired',
            error: '用户没有确认操作：send_mail',
            errorCode: { code: 'call-unconfirmed' },
          });
          stoppedId = store.audit.record(call, {
            ...notRun,
            approvalOutcome: 'cancelled',
            error: 'send_mail did not run: the call was stopped',
            errorCode: { code: 'call-cancelled', params: { cause: 'stopped' } },
          });
        } finally {
          store.close();
        }
      },
    };
  },
  page: openApp,
});

const drawer = () => world.page.locator('[data-testid="audit-drawer"]');
const result = (id: number) => world.page.locator(`[data-testid="audit-row"][data-id="${id}"] .col-result`);

/** The Audit page with entry `id` open. */
async function open(id: number): Promise<void> {
  await world.page.goto(`${world.app.origin}/#/audit`);
  await world.page.locator(`[data-testid="audit-row"][data-id="${id}"]`).click();
  await drawer()
    .locator('h2', { hasText: `#${id}` })
    .waitFor();
}

describe('a refused or expired call in the audit log', () => {
  let refusedId: number;

  it('reads in English, the words the model was told kept apart in the entry', async () => {
    world.app.model.enqueue(
      { toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss@example.com"}' }] },
      { content: 'Not sent.' },
    );
    await world.page.fill('[data-testid="message-input"]', 'mail the boss');
    await world.page.click('[data-testid="send-button"]');
    const card = world.page.locator('[data-testid="approval-card"]').last();
    await card.waitFor();
    await card.locator('[data-testid="reject-button"]').click();
    // The model heard the refusal in the gate's words, as always.
    await expect
      .poll(() => JSON.stringify(world.app.model.requests.at(-1)?.body.messages ?? []))
      .toContain('用户拒绝了你的调用：send_mail');

    await world.page.goto(`${world.app.origin}/#/audit`);
    const refused = world.page.locator('[data-testid="audit-row"][data-status="refused"]').first();
    await expect
      .poll(async () => Number(await refused.getAttribute('data-id')))
      .toBeGreaterThan(Math.max(expiredId, stoppedId));
    refusedId = Number(await refused.getAttribute('data-id'));
    await expect.poll(() => result(refusedId).textContent()).toBe('Not run: you refused it on the approval card.');
    expect(await result(expiredId).textContent()).toBe('Not run: the approval expired without an answer.');
    expect(await result(stoppedId).textContent()).toBe('Not run: the call was stopped before approval.');

    await open(refusedId);
    const blocks = drawer().locator('pre');
    expect(await drawer().locator('pre[aria-label="Error"]').textContent()).toBe(
      'Not run: you refused it on the approval card.',
    );
    expect(await drawer().locator('h3', { hasText: 'What the model was told' }).count()).toBe(1);
    expect(await drawer().locator('pre[aria-label="What the model was told"]').textContent()).toBe(
      '用户拒绝了你的调用：send_mail',
    );
    expect(await blocks.count()).toBe(3);
    await screenshot(world.page, 'audit-refused-en');
  });

  it('reads in 简体中文', async () => {
    await inLanguage(world.page, world.app, 'zh-CN', async () => {
      await open(expiredId);
      expect(await result(expiredId).textContent()).toBe('未执行：确认已过期，没有收到回复。');
      expect(await result(refusedId).textContent()).toBe('未执行：你在确认卡片上拒绝了调用。');
      expect(await result(stoppedId).textContent()).toBe('未执行：确认之前调用已被停止。');
      expect(await drawer().locator('pre[aria-label="错误"]').textContent()).toBe('未执行：确认已过期，没有收到回复。');
      expect(await drawer().locator('pre[aria-label="模型收到的原话"]').textContent()).toBe(
        '用户没有确认操作：send_mail',
      );
      await screenshot(world.page, 'audit-expired-zh');
    });
  });

  it('is found by the words the page shows for it, in the UI’s language', async () => {
    const shown = async () =>
      (await world.page.locator('[data-testid="audit-row"]').evaluateAll((rows) => rows.map((r) => r.dataset.id))).map(
        Number,
      );
    /** The rows found for `text`, once the search has been made. */
    const found = async (text: string, ids: number[]) => {
      await world.page.fill('[data-testid="audit-search"]', text);
      await expect.poll(shown, { message: text }).toEqual(ids);
    };
    await world.page.goto(`${world.app.origin}/#/audit`);
    await found('expired', [expiredId]);
    await found('refused send_mail', [refusedId]);
    await found('not run', [refusedId, stoppedId, expiredId]);
    await screenshot(world.page, 'audit-search-refused-en');
    await inLanguage(world.page, world.app, 'zh-CN', async () => {
      await world.page.goto(`${world.app.origin}/#/audit`);
      await found('已过期', [expiredId]);
      await found('expired', []);
    });
  });
});
