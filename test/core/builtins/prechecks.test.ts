/** Calls a built-in can tell are broken are refused before the owner is asked to approve them. */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../../src/core/runtime.js';
import { builtinWorld, type BuiltinWorld } from '../../helpers/builtin-world.js';
import { onCleanup } from '../../helpers/temp.js';

async function world(): Promise<BuiltinWorld & { asked: string[] }> {
  const w = await builtinWorld();
  onCleanup(() => w.close());
  return { ...w, asked: w.owner.outbox };
}

const call = (runtime: Runtime, name: string, params: Record<string, unknown>) =>
  runtime.caller.call({ name, params, source: 'chat', allowedSkills: ['get_current_datetime'] });

describe('checks before approval', () => {
  it('refuses a schedule, an allowlist or a task id that would not work', async () => {
    const { runtime, asked } = await world();
    const badCron = await call(runtime, 'manage_scheduled_task', {
      action: 'create',
      name: 'x',
      prompt: 'p',
      cron: '61 * * * *',
    });
    expect(badCron.status).toBe('error');
    expect(badCron.result.error).toMatch(/^"61 \* \* \* \*" is not a valid schedule/);
    const wider = await call(runtime, 'manage_scheduled_task', {
      action: 'create',
      name: 'x',
      prompt: 'p',
      cron: '0 8 * * *',
      skills: ['execute_shell'],
    });
    expect(wider.result.error).toMatch(/not allowed here: execute_shell/);
    const noTask = await call(runtime, 'manage_scheduled_task', { action: 'delete', id: 'nope' });
    expect(noTask.result.error).toMatch(/there is no scheduled task "nope"/);
    expect(asked).toEqual([]);
    expect(runtime.scheduler.list()).toEqual([]);
    expect(runtime.store.approvals.list({ limit: 10 })).toEqual([]);
  });

  it('refuses a mail that could not be sent before asking', async () => {
    const { runtime, asked } = await world();
    const email = runtime.registry.get('email')!;
    runtime.skillConfig.set(email, {
      EMAIL_ADDRESS: 'me@example.com',
      EMAIL_PASSWORD: 'pw',
      SMTP_HOST: '127.0.0.1',
    });
    const noSubject = await call(runtime, 'email', { action: 'send', to: 'you@example.com', body: 'hi' });
    expect(noSubject.result.error).toBe('sending needs "subject" (text)');
    const badAddress = await call(runtime, 'email', { action: 'send', to: 'not an address', subject: 's', body: 'b' });
    expect(badAddress.result.error).toMatch(/is not an email address/);
    const noImap = await call(runtime, 'email', { action: 'read' });
    expect(noImap.result.error).toMatch(/IMAP_HOST/);
    runtime.skillConfig.set(email, { IMAP_HOST: '127.0.0.1' });
    const noSuchDay = await call(runtime, 'email', { action: 'read', since: '2026-02-31' });
    expect(noSuchDay.result.error).toBe('since is "2026-02-31": give a date such as 2026-05-01');
    expect(asked).toEqual([]);
  });
});
