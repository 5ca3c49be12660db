import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { DesktopChannel } from '../../../src/core/channels/desktop-channel.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { CODE, codeIn, countingSkill } from '../../helpers/gate.js';
import { tempDir, writeSkill } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
let core: CoreApi | undefined;
afterEach(async () => {
  await core?.close();
  await runtime?.close();
  core = runtime = undefined;
});

/**
 * A core wired as `ias serve` wires it: WeChat (a stand-in owner who reads the texts) first, then
 * the desktop channel, whose notifications reach the UI as `notification` events.
 */
async function world() {
  const home = tempDir('ias-notify-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  const wechat = new InProcessChannel({ name: 'wechat' });
  const desktop = new DesktopChannel({ notify: (title, body, message) => core?.notify(title, body, message) });
  runtime = await openRuntime({ home, systemSkills: system, channels: [wechat, desktop], recover: true });
  core = createCoreApi(runtime, { version: '9.9.9', schedule: false });
  const events: IasEvent[] = [];
  core.events.on('event', (e) => events.push(e));
  const notifications = () => events.filter((e) => e.type === 'notification');
  return { runtime, core, wechat, notifications };
}

const until = async (check: () => boolean) => {
  for (let i = 0; !check(); i++) {
    if (i > 300) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('what the gate tells the owner in the app comes with its code', () => {
  it('a request moved from WeChat, then refused: the bilingual text as before, and its code', async () => {
    const w = await world();
    const call = w.runtime.caller.call({ name: 'send_mail', params: { to: 'boss@example.com' }, source: 'chat' });
    await until(() => w.wechat.outbox.length === 1);
    // WeChat gets the bilingual text with the code, as ever.
    expect(w.wechat.outbox[0]).toMatch(CODE);
    expect(w.wechat.outbox[0]).toContain('【iAs 需要你的确认 · approval needed】');
    expect(w.notifications()).toEqual([]);

    w.wechat.connected = false;
    await w.runtime.gate.channelDown('wechat');
    await until(() => w.notifications().length === 1);
    const [moved] = w.notifications();
    expect(moved).toMatchObject({
      title: '微信 已断开，这个确认改由这里进行。wechat is not connected; this approval moved here.',
      body: expect.stringContaining(
        '请在 iAs 中批准或拒绝（5 分钟内有效）。Approve or reject it in iAs within 5 minutes.',
      ),
      messageCode: {
        code: 'approval-needed',
        params: { skill: 'send_mail', params: '  to: boss@example.com', validMinutes: 5, movedFrom: 'wechat' },
      },
    });
    expect(JSON.stringify(moved)).not.toMatch(CODE);
    // It names the approval it asks for by its id, never by the code WeChat got.
    const [pending] = await w.core.api.listApprovals();
    expect(moved).toMatchObject({ messageCode: { params: { approvalId: pending!.id } } });
    expect(JSON.stringify(moved)).not.toContain(codeIn(w.wechat.outbox[0]));

    expect(await w.core.api.decideApproval(pending!.id, false)).toBe(true);
    await until(() => w.notifications().length === 2);
    expect(w.notifications()[1]).toEqual({
      type: 'notification',
      title: '已拒绝：send_mail 不会执行。Refused: send_mail will not run.',
      body: '',
      messageCode: { code: 'approval-rejected', params: { skill: 'send_mail' } },
    });
    // The model's words do not change.
    expect((await call).result.error).toBe('用户拒绝了你的调用：send_mail');
  });

  it('approved in the app: the request and the approval, each with its code', async () => {
    const w = await world();
    w.wechat.connected = false;
    const call = w.runtime.caller.call({ name: 'send_mail', params: {}, source: 'chat' });
    await until(() => w.notifications().length === 1);
    expect(w.notifications()[0]).toMatchObject({
      title: '【iAs 需要你的确认 · approval needed】',
      messageCode: { code: 'approval-needed', params: { skill: 'send_mail', params: '', validMinutes: 5 } },
    });
    const [pending] = await w.core.api.listApprovals();
    expect(w.notifications()[0]).toMatchObject({ messageCode: { params: { approvalId: pending!.id } } });
    await w.core.api.decideApproval(pending!.id, true);
    expect((await call).status).toBe('done');
    expect(w.notifications()[1]).toMatchObject({
      title: '已确认，正在执行：send_mail。Approved, running send_mail.',
      messageCode: { code: 'approval-approved', params: { skill: 'send_mail' } },
    });
  });
});
