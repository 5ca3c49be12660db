/** get_current_datetime reads "now" where the owner is, unless the model asks for another zone. */
import path from 'node:path';
import { expect, it } from 'vitest';
import { openRuntime, TIME_ZONE } from '../../../src/core/runtime.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

it("answers in the owner's time zone setting, or in the zone asked for", async () => {
  const runtime = await openRuntime({ home: tempDir('ias-datetime-'), systemSkills: path.resolve('resources/skills') });
  onCleanup(() => runtime.close());
  runtime.store.settings.set(TIME_ZONE, 'America/New_York');
  const call = (params: Record<string, unknown>) =>
    runtime.caller.call({ name: 'get_current_datetime', params, source: 'chat' });
  const owner = await call({});
  expect(owner.result).toMatchObject({ success: true, data: { timezone: 'America/New_York' } });
  expect((owner.result.data as { utcOffset: string }).utcOffset).toMatch(/^-0[45]:00$/);
  expect((await call({ timezone: 'Asia/Tokyo' })).result).toMatchObject({
    success: true,
    data: { timezone: 'Asia/Tokyo', utcOffset: '+09:00' },
  });
});
