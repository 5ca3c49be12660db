/**
 * What a start-up opened is closed last first, every part even when one fails to close; a start
 * that fails closes what it opened and throws its own error, not one met while closing.
 */
import { describe, expect, it } from 'vitest';
import { OpenedParts, startOrClose } from '../../src/core/opened-parts.js';

describe('the parts a start-up opened', () => {
  it('close last first, each one even when one before it fails, whose failure is then thrown', async () => {
    const opened = new OpenedParts();
    const closed: string[] = [];
    opened.add(() => closed.push('database'));
    opened.add(async () => {
      await Promise.resolve();
      closed.push('watcher');
      throw new Error('watcher would not close');
    });
    opened.add(() => closed.push('server'));
    await expect(opened.closeAll()).rejects.toThrow('watcher would not close');
    expect(closed).toEqual(['server', 'watcher', 'database']);
    // Closed once: a second call closes nothing again.
    await opened.closeAll();
    expect(closed).toHaveLength(3);
  });

  it('tell a failure to close to whoever asked, and close the rest', async () => {
    const opened = new OpenedParts();
    const closed: string[] = [];
    const told: unknown[] = [];
    opened.add(() => closed.push('database'));
    opened.add(() => {
      throw new Error('bot would not stop');
    });
    await opened.closeAll((err) => told.push((err as Error).message));
    expect(told).toEqual(['bot would not stop']);
    expect(closed).toEqual(['database']);
  });

  it('of a start that fails are closed, and the start’s own error is thrown', async () => {
    const closed: string[] = [];
    const told: unknown[] = [];
    const failure = new Error('port 8765 on 127.0.0.1 is already in use');
    const start = startOrClose(
      async (opened) => {
        opened.add(() => closed.push('database'));
        opened.add(() => {
          throw new Error('watcher would not close');
        });
        await Promise.resolve();
        throw failure;
      },
      (err) => told.push(err),
    );
    await expect(start).rejects.toBe(failure);
    expect(closed).toEqual(['database']);
    expect(told).toEqual([new Error('watcher would not close')]);
    // A start that succeeds keeps what it opened.
    const kept: string[] = [];
    expect(await startOrClose(async (opened) => (opened.add(() => kept.push('x')), 'ready'))).toBe('ready');
    expect(kept).toEqual([]);
  });
});
