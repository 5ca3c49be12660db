/**
 * A change of a scheduled task asked by the model (update, pause, resume, delete) names the task it
 * changes in its parameters, checked against the task's id: the owner, asked on WeChat, reads which
 * task it is, not an id alone that could be any of them.
 */
import { describe, expect, it } from 'vitest';
import { builtinWorld, type BuiltinWorld } from '../../helpers/builtin-world.js';
import { codeIn } from '../../helpers/gate.js';
import { onCleanup } from '../../helpers/temp.js';

async function world(): Promise<BuiltinWorld & { plants: string; photos: string }> {
  const w = await builtinWorld();
  onCleanup(() => w.close());
  const creator = { knownSkills: [] };
  const task = (name: string) =>
    w.runtime.scheduler.create({ name, prompt: name, cron: '0 8 * * *', skills: [] }, creator).id;
  return { ...w, plants: task('Water the plants'), photos: task('Back up the photos') };
}

const call = (w: BuiltinWorld, params: Record<string, unknown>) =>
  w.runtime.caller.call({ name: 'manage_scheduled_task', params, source: 'chat' });

describe('a change of a scheduled task, as the owner is asked to approve it', () => {
  it('shows the name of the task it changes, and runs once approved', async () => {
    const w = await world();
    const sent = w.owner.nextSent(/确认码/);
    const deleting = call(w, { action: 'delete', id: w.photos, task_name: 'Back up the photos' });
    const asked = await sent;
    expect(asked).toContain(`  task_name: Back up the photos\n`);
    w.owner.reply(codeIn(asked));
    expect((await deleting).status).toBe('done');
    expect(w.runtime.scheduler.list().map((t) => t.name)).toEqual(['Water the plants']);
  });

  it('is refused before anyone is asked without the task’s name, or with another task’s', async () => {
    const w = await world();
    const unnamed = await call(w, { action: 'delete', id: w.photos });
    expect(unnamed.status).toBe('error');
    expect(unnamed.result.error).toMatch(/"delete" needs the task's name as "task_name"/);
    const misnamed = await call(w, { action: 'pause', id: w.photos, task_name: 'Water the plants' });
    expect(misnamed.status).toBe('error');
    expect(misnamed.result.error).toMatch(/the task "\w+" is "Back up the photos", not "Water the plants"/);
    expect(w.owner.outbox).toEqual([]);
    expect(w.runtime.scheduler.list().map((t) => [t.name, t.enabled])).toEqual(
      expect.arrayContaining([
        ['Water the plants', true],
        ['Back up the photos', true],
      ]),
    );
  });

  it('is refused when the task was renamed while the owner was asked', async () => {
    const w = await world();
    const sent = w.owner.nextSent(/确认码/);
    const deleting = call(w, { action: 'delete', id: w.photos, task_name: 'Back up the photos' });
    const asked = await sent;
    w.runtime.scheduler.update(w.photos, { name: 'Water the roses' }, { knownSkills: [] });
    w.owner.reply(codeIn(asked));
    const outcome = await deleting;
    expect(outcome.result.error).toMatch(/the task "\w+" is "Water the roses", not "Back up the photos"/);
    expect(
      w.runtime.scheduler
        .list()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Water the plants', 'Water the roses']);
  });
});
