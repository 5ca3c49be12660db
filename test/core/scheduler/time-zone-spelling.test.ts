/**
 * A task's time zone as the model may write it (asia/shanghai, utc) is kept as IANA spells it, so
 * that it reads as the owner's zone it is (`ias tasks` and the app name a task's zone only when it
 * differs from the owner's); a zone it does not know is refused as ever.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskScheduler } from '../../../src/core/scheduler/scheduler.js';
import { openStore } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function scheduler(): TaskScheduler {
  const store = openStore(path.join(tempDir('ias-zone-spelling-'), 'ias.db'));
  const made = new TaskScheduler({
    tasks: store.tasks,
    timeZone: () => 'Asia/Shanghai',
    run: async () => ({ success: true, text: 'ran' }),
  });
  onCleanup(() => store.close());
  return made;
}

const owner = { knownSkills: [] };

describe('a task’s time zone', () => {
  it('is kept as IANA spells it, when made and when changed', () => {
    const s = scheduler();
    const made = s.create({ name: 'Morning', prompt: 'p', cron: '0 8 * * *', timeZone: 'asia/shanghai' }, owner);
    expect(made.timeZone).toBe('Asia/Shanghai');
    expect(s.update(made.id, { timeZone: 'europe/berlin' }, owner).timeZone).toBe('Europe/Berlin');
    const once = s.create({ name: 'Once', prompt: 'p', at: '2099-01-01T08:00', timeZone: 'utc' }, owner);
    expect(once.timeZone).toBe('UTC');
    expect(() => s.create({ name: 'x', prompt: 'p', cron: '0 8 * * *', timeZone: 'mars/olympus' }, owner)).toThrow(
      /unknown time zone "mars\/olympus"/,
    );
  });
});
