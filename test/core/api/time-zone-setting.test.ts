/**
 * The owner's time zone over the contract: saved as an IANA name or 'system', refused when it is no
 * zone, and followed by get_current_datetime, the system prompt (of an agent made before the change)
 * and new scheduled tasks.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { validateCall } from '../../../src/core/api/validate-call.js';
import { openRuntime, TIME_ZONE, type Runtime } from '../../../src/core/runtime.js';
import { computerTimeZone } from '../../../src/core/time-zone.js';
import type { ChatEvent, IasEvent } from '../../../src/shared/contract.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
let core: CoreApi | undefined;
let server: ModelServer | undefined;
afterEach(async () => {
  await core?.close();
  await runtime?.close();
  await server?.close();
  runtime = core = server = undefined;
});

/** A zone no test machine is in: UTC+12:45 (+13:45 in its summer). */
const ZONE = 'Pacific/Chatham';

async function world() {
  runtime = await openRuntime({ home: tempDir('ias-tz-'), systemSkills: path.resolve('resources/skills') });
  core = createCoreApi(runtime, { version: '9.9.9' });
  const events: IasEvent[] = [];
  core.events.on('event', (e) => events.push(e));
  return { runtime, api: core.api, events };
}

const datetime = async (r: Runtime) => {
  const { result } = await r.caller.call({ name: 'get_current_datetime', params: {}, source: 'chat' });
  expect(result.success).toBe(true);
  return result.data as { timezone: string; utcOffset: string };
};

describe('the time zone setting', () => {
  it("follows the computer's zone until set; set, read back, refused when no zone, cleared by 'system'", async () => {
    const { runtime: r, api } = await world();
    expect(computerTimeZone()).not.toBe(ZONE);
    expect(await api.getSettings()).toMatchObject({ timeZone: 'system', timeZoneInUse: computerTimeZone() });
    expect((await datetime(r)).timezone).toBe(computerTimeZone());

    // Written as Intl spells it; the other settings stay as they were.
    await api.saveSettings({ theme: 'dark' });
    expect(await api.saveSettings({ timeZone: 'pacific/chatham' })).toMatchObject({
      theme: 'dark',
      timeZone: ZONE,
      timeZoneInUse: ZONE,
    });
    expect(r.store.settings.get(TIME_ZONE)).toBe(ZONE);
    expect(await datetime(r)).toMatchObject({ timezone: ZONE, utcOffset: expect.stringMatching(/^\+1[23]:45$/) });
    const task = r.scheduler.create(
      { name: 'morning', prompt: 'hello', cron: '0 8 * * *' },
      { knownSkills: r.registry.list().map((s) => s.name) },
    );
    expect(task.timeZone).toBe(ZONE);

    for (const bad of ['Mars/Olympus_Mons', '+08:00', '', 'Asia/Shanghai; rm -rf']) {
      await expect(api.saveSettings({ timeZone: bad })).rejects.toThrow(
        `${JSON.stringify(bad)} is not a time zone: use an IANA name such as Asia/Shanghai or Europe/London, or "system" to follow the computer's`,
      );
    }
    expect((await api.getSettings()).timeZone).toBe(ZONE);

    expect(await api.saveSettings({ timeZone: 'system' })).toMatchObject({
      theme: 'dark',
      timeZone: 'system',
      timeZoneInUse: computerTimeZone(),
    });
    expect(r.store.settings.get(TIME_ZONE)).toBeUndefined();
    expect((await datetime(r)).timezone).toBe(computerTimeZone());
  });

  it('the system prompt of a chat already open follows a change', async () => {
    const { api, events } = await world();
    server = await startModelServer();
    await api.saveProvider({ baseUrl: server.url, model: 'm', apiKey: 'k' });
    const turn = async (text: string) => {
      server!.enqueue({ content: 'ok' });
      const { turnId } = await api.sendMessage({ text });
      const done = () =>
        events.some((e) => e.type === 'chat' && e.turnId === turnId && (e.event as ChatEvent).kind === 'done');
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
      const prompt = server!.requests.at(-1)!.body.messages[0] as { role: string; content: string };
      expect(prompt.role).toBe('system');
      return prompt.content;
    };
    expect(await turn('before')).toContain(`(${computerTimeZone()}, UTC`);
    await api.saveSettings({ timeZone: ZONE });
    expect(await turn('after')).toMatch(/\(Pacific\/Chatham, UTC\+1[23]:45\)/);
  });
});

describe('validateCall: the time zone over a transport', () => {
  it('takes an IANA name or system, and says why it refuses anything else', () => {
    expect(validateCall('saveSettings', [{ timeZone: 'Europe/London' }])).toBeUndefined();
    expect(validateCall('saveSettings', [{ timeZone: 'system' }])).toBeUndefined();
    expect(validateCall('saveSettings', [{ timeZone: 'Mars/Olympus_Mons' }])).toBe(
      `saveSettings: argument 1/timeZone: "Mars/Olympus_Mons" is not a time zone: use an IANA name such as Asia/Shanghai or Europe/London, or "system" to follow the computer's`,
    );
    expect(validateCall('saveSettings', [{ timeZone: 8 }])).toMatch(/argument 1\/timeZone must be string/);
    expect(validateCall('saveSettings', [{ timeZoneInUse: 'UTC' }])).toMatch(/argument 1/);
  });
});
