/** A real runtime in a temp home with the contract's implementation over it. */
import fs from 'node:fs';
import path from 'node:path';
import { createCoreApi, type CoreApi } from '../../src/core/api/create-api.js';
import { InProcessChannel } from '../../src/core/approval/in-process-channel.js';
import { openRuntime, type Runtime } from '../../src/core/runtime.js';
import type { IasEvent } from '../../src/shared/contract.js';
import { countingSkill } from './gate.js';
import { scriptSkill, tempDir, writeSkill } from './temp.js';

export interface ApiWorld {
  home: string;
  runtime: Runtime;
  core: CoreApi;
  events: IasEvent[];
  desktop: InProcessChannel;
  close(): Promise<void>;
}

export async function apiWorld(): Promise<ApiWorld> {
  const home = tempDir('ias-api-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  writeSkill(system, 'read_only', scriptSkill({ script: 'echo fine' }));
  const desktop = new InProcessChannel({ name: 'desktop', inApp: true });
  const runtime = await openRuntime({ home, systemSkills: system, channels: [desktop], recover: true });
  const core = createCoreApi(runtime, { version: '9.9.9' });
  const events: IasEvent[] = [];
  core.events.on('event', (e) => events.push(e));
  return {
    home,
    runtime,
    core,
    events,
    desktop,
    async close() {
      await core.close();
      await runtime.close();
    },
  };
}
