/**
 * `ias chat` asked to end with SIGTERM (a service manager, `kill`): the turn under way is stopped and
 * stored as stopped, not left to read as cut off.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { chatWorld } from '../helpers/chat-world.js';
import { iasProcess } from '../helpers/cli.js';

describe('ias chat and SIGTERM', () => {
  it('stops the turn, stores it as stopped and ends with 143', async () => {
    const w = await chatWorld();
    w.server.enqueue({ content: `First words. ${'and more '.repeat(200)}THE END`, chunkDelayMs: 100 });
    const { child, run } = iasProcess(['chat', 'tell me a long story', ...w.args], w.env);
    await new Promise<void>((resolve) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        if (out.includes('First')) resolve();
      });
    });
    child.kill('SIGTERM');
    const ended = await run;
    expect(ended.status).toBe(143);
    expect(ended.stdout).not.toContain('THE END');
    expect(ended.stderr).toContain('[stopped]');
    const store = openStore(path.join(w.home, 'ias.db'));
    try {
      const [conversation] = store.conversations.list();
      const stored = store.conversations.messages(conversation!.id);
      expect(stored.map((m) => m.shown ?? m.role)).toEqual(['user', 'assistant', 'stopped']);
    } finally {
      store.close();
    }
  });
});
