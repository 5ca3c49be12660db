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
});
