/**
 * A skill folder removed while its approval waits for the owner: the owner's code then runs
 * nothing, and the owner, who answered expecting it to run, is told that it will not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { CODE, codeIn } from '../../helpers/gate.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

it('the owner who answers the code of a skill removed meanwhile is told it will not run', async () => {
  const home = tempDir('ias-removed-');
  const system = path.join(home, 'system');
  const user = path.join(home, 'skills');
  fs.mkdirSync(system);
  const marker = path.join(home, 'ran');
  writeSkill(user, 'doomed_tool', scriptSkill({ risk: 'High', script: `: > '${marker}'` }));
  const wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  const rt = (runtime = await openRuntime({ home, systemSkills: system, channels: [wechat] }));
  const asked = wechat.nextSent(CODE);
  const call = rt.caller.call({ name: 'doomed_tool', params: {}, source: 'chat' });
  const code = codeIn(await asked);
  fs.rmSync(path.join(user, 'doomed_tool'), { recursive: true });
  const told = wechat.nextSent();
  wechat.reply(code);
  const outcome = await call;
  expect(outcome).toMatchObject({
    status: 'cancelled',
    result: { success: false, error: 'doomed_tool did not run: the skill doomed_tool was removed' },
  });
  expect(fs.existsSync(marker)).toBe(false);
  expect(await told).toBe('已取消：doomed_tool 不会执行。Cancelled: doomed_tool will not run.');
  expect(rt.store.approvals.get(outcome.approvalId!)?.status).toBe('cancelled');
});
