/**
 * A skill's files edited behind the registry's back (no watcher, as in `ias chat`, or a link that
 * leads to another folder's file): the approved version runs or nothing does, and a reviewed skill
 * runs as High again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { markReviewed } from '../../../src/core/approval/review.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { CODE, codeIn } from '../../helpers/gate.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

/** A runtime without a watcher (as `ias chat` opens it), approvals over an in-process WeChat. */
async function world() {
  const home = tempDir('ias-edits-');
  const system = path.join(home, 'system');
  const user = path.join(home, 'skills');
  fs.mkdirSync(system);
  const wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  return {
    home,
    user,
    wechat,
    open: async () => (runtime = await openRuntime({ home, systemSkills: system, channels: [wechat] })),
  };
}

/**
 * helper_tool (reviewed) called and approved with the code sent over WeChat; `onApprovedNotice` runs
 * as the "已确认" notice is being sent, its send going on once it resolves.
 */
async function approvedCall(w: Awaited<ReturnType<typeof world>>, onApprovedNotice: () => Promise<void>) {
  const send = w.wechat.sendToOwner.bind(w.wechat);
  w.wechat.sendToOwner = async (text: string) => {
    if (text.startsWith('已确认')) await onApprovedNotice();
    return send(text);
  };
  const rt = await w.open();
  markReviewed(rt.registry.get('helper_tool')!, rt.store.skillSettings);
  const asked = w.wechat.nextSent(CODE);
  const call = rt.caller.call({ name: 'helper_tool', params: {}, source: 'chat' });
  w.wechat.reply(codeIn(await asked));
  return { rt, outcome: await call };
}

describe('skill files edited behind the registry', () => {
  it('a helper edited while its approval waits: asked again, and the edit runs only on the new code', async () => {
    const w = await world();
    const helper = path.join(w.user, 'helper_tool', 'helper.sh');
    writeSkill(w.user, 'helper_tool', scriptSkill({ risk: 'High', script: 'bash helper.sh' }), {
      'helper.sh': 'echo version-one',
    });
    const rt = await w.open();
    markReviewed(rt.registry.get('helper_tool')!, rt.store.skillSettings);
    const first = w.wechat.nextSent(CODE);
    const call = rt.caller.call({ name: 'helper_tool', params: {}, source: 'chat' });
    const oldCode = codeIn(await first);
    fs.writeFileSync(helper, 'echo version-two');
    const next = w.wechat.nextSent();
    w.wechat.reply(oldCode);
    const message = await next;
    expect(message).toMatch(/重新确认/);
    w.wechat.reply(codeIn(message));
    expect((await call).result).toMatchObject({ success: true, data: 'version-two' });
  });

  it('a reviewed skill whose linked helper changes runs as High again', async () => {
    const w = await world();
    fs.mkdirSync(path.join(w.user, 'shared'), { recursive: true });
    fs.writeFileSync(path.join(w.user, 'shared', 'helper.sh'), 'echo reviewed');
    const dir = writeSkill(w.user, 'linked_tool', scriptSkill({ risk: 'Low', script: 'bash helper.sh' }));
    fs.symlinkSync(path.join('..', 'shared', 'helper.sh'), path.join(dir, 'helper.sh'));
    const rt = await w.open();
    markReviewed(rt.registry.get('linked_tool')!, rt.store.skillSettings);
    expect(await rt.caller.call({ name: 'linked_tool', params: {}, source: 'chat' })).toMatchObject({
      risk: 'low',
      result: { data: 'reviewed' },
    });
    // The folder the link leads to is no skill: no reload of linked_tool would follow this edit.
    fs.writeFileSync(path.join(w.user, 'shared', 'helper.sh'), 'echo never-reviewed');
    const asked = w.wechat.nextSent(CODE).then(() => 'asked');
    const again = rt.caller.call({ name: 'linked_tool', params: {}, source: 'chat' });
    expect(await Promise.race([asked, again])).toBe('asked');
    w.wechat.reply('0');
    expect(await again).toMatchObject({ status: 'refused', risk: 'high' });
  });

  it('a helper edited after the approval was checked, before the call starts: refused, nothing run', async () => {
    const w = await world();
    const dir = path.join(w.user, 'helper_tool');
    const marker = path.join(dir, 'ran');
    writeSkill(w.user, 'helper_tool', scriptSkill({ risk: 'High', script: 'bash helper.sh' }), {
      'helper.sh': `echo approved-version; : > '${marker}'`,
    });
    // The owner, told it runs, is told it does not.
    const told = w.wechat.nextSent(/^已取消/);
    // The edit comes as the owner is told "已确认": after the gate's look at the version.
    const { rt, outcome } = await approvedCall(w, async () => {
      fs.writeFileSync(path.join(dir, 'helper.sh'), `echo never-approved; : > '${marker}'`);
    });
    expect(outcome).toMatchObject({
      status: 'cancelled',
      result: {
        success: false,
        error:
          'helper_tool did not run: the skill helper_tool changed before it started; call it again to run its current version',
      },
    });
    // The model never learns that an approval exists.
    expect(outcome.result.error).not.toMatch(/approv|owner/i);
    expect(fs.existsSync(marker)).toBe(false);
    expect(await told).toBe('已取消：helper_tool 不会执行。Cancelled: helper_tool will not run.');
    expect(rt.store.approvals.get(outcome.approvalId!)?.status).toBe('cancelled');
    expect(rt.store.audit.get(outcome.auditId)).toMatchObject({
      status: 'refused',
      errorCode: { code: 'call-cancelled', params: { cause: 'skill-changed' } },
    });
  });

  it('an approved call starts without waiting for the "已确认" notice to be sent', async () => {
    const w = await world();
    writeSkill(w.user, 'helper_tool', scriptSkill({ risk: 'High', script: 'echo ran' }));
    // A send of the notice that takes until the call has ended (WeChat being slow).
    let delivered!: () => void;
    const notice = new Promise<void>((resolve) => (delivered = resolve));
    const { outcome } = await approvedCall(w, () => notice);
    delivered();
    expect(outcome).toMatchObject({ status: 'done', result: { success: true, data: 'ran' } });
    expect(await w.wechat.nextSent(/^已确认/)).toMatch(/helper_tool/);
  });
});
