/**
 * WeChat's turn stopped before it ended — iAs quitting (the app, `ias serve`) stops every turn under
 * way, as the app's Stop stops its own — is stored as stopped, and the app shows it so. The owner in
 * WeChat sees nothing else of the turn: the text that came is sent with a word that it was stopped,
 * in the owner's language, never as if it were the whole reply; and a turn stopped before any text
 * is not left without a word.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/agent/agent.js';
import { TurnsInProgress } from '../../../src/core/agent/turns-in-progress.js';
import { APP_SETTINGS } from '../../../src/core/owner-locale.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { chatWechatWorld } from '../../helpers/wechat-world.js';

/** A WeChat chat whose turns `turns.stopAll()` stops, as quitting iAs does; `events`: what its agent told. */
async function stoppableWorld() {
  const turns = new TurnsInProgress();
  const events: AgentEvent[] = [];
  const w = await chatWechatWorld({ agent: { turns, onEvent: (e) => events.push(e) } });
  return { w, turns, events };
}

const toOwner = (w: Awaited<ReturnType<typeof chatWechatWorld>>) =>
  w.wx.sent.filter((m) => m.to === MOCK_IDS.owner).map((m) => m.text);

describe('WeChat: a turn stopped before it ended', () => {
  it('sends the text that came with a word that the reply was stopped', async () => {
    const { w, turns, events } = await stoppableWorld();
    w.model.enqueue({
      content: 'The first part of a long answer, and then much more of it',
      chunkSize: 6,
      chunkDelayMs: 200,
    });
    await w.wx.say(w.wx.owner, 'tell me everything');
    await expect.poll(() => events.some((e) => e.type === 'delta')).toBe(true);
    await turns.stopAll();
    await w.service.router.idle();
    const stored = w.store.conversations.messages(w.service.settings.conversation()!);
    const partial = stored.find((m) => m.role === 'assistant')!.content;
    expect(partial.length).toBeGreaterThan(0);
    expect(stored.at(-1)).toMatchObject({ role: 'system', shown: 'stopped' });
    const said = toOwner(w);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(partial);
    expect(said[0]).toMatch(/\[iAs: Stopped before the reply was finished\.\]$/);
  });

  it('says so in Chinese, and when nothing had come yet', async () => {
    const { w, turns } = await stoppableWorld();
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    w.model.enqueue({ content: 'never sent', delayMs: 60_000 });
    await w.wx.say(w.wx.owner, '你好');
    await expect.poll(() => w.model.requests.length).toBe(1);
    await turns.stopAll();
    await w.service.router.idle();
    expect(toOwner(w)).toEqual(['[iAs：回复没有说完就停止了。]']);
  });
});
