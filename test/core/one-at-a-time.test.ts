/** Tasks one at a time: in order, a failure holds up nothing, and a stuck task holds up the rest only so long. */
import { describe, expect, it } from 'vitest';
import { OneAtATime } from '../../src/core/one-at-a-time.js';

describe('one task at a time', () => {
  it('a task stuck past the limit no longer holds up the next, and ends for its own caller later', async () => {
    const queue = new OneAtATime(20);
    let unstick!: (value: string) => void;
    const stuck = queue.run(() => new Promise<string>((resolve) => (unstick = resolve)));
    const next = await queue.run(async () => 'next ran');
    expect(next).toBe('next ran');
    unstick('stuck ended');
    expect(await stuck).toBe('stuck ended');
  });

  it('without a limit, a stuck task holds up the next until it ends', async () => {
    const queue = new OneAtATime();
    let unstick!: () => void;
    const order: string[] = [];
    void queue.run(() => new Promise<void>((resolve) => (unstick = resolve)).then(() => void order.push('stuck')));
    const next = queue.run(async () => void order.push('next'));
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    unstick();
    await next;
    expect(order).toEqual(['stuck', 'next']);
  });
});
