/**
 * The bot's reconnection: a failure arms one retry, and starting the bot by hand (Settings → Log in)
 * while a retry waits replaces the bot there instead of leaving it up beside the new one.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WechatBot } from '../../../src/core/channels/wechat-bot.js';
import { AUTO_LOGIN_PUPPET, wechatBot } from '../../helpers/wechat-world.js';

/** A bot on the puppet that logs in by itself (a new mock WeChat at each start), retrying quickly. */
const retryingBot = () => wechatBot(AUTO_LOGIN_PUPPET, 200);

async function loggedIn(bot: WechatBot) {
  await vi.waitFor(() => expect(bot.status.state).toBe('logged-in'), { timeout: 5000 });
  return bot.bot!;
}

describe('WeChat: the bot started again by hand', () => {
  it('while a retry waits: the earlier bot is stopped, and a later failure is retried again', async () => {
    const bot = retryingBot();
    await bot.start();
    const first = await loggedIn(bot);
    bot.fail(new Error('the puppet lost its connection')); // a retry is now due
    await bot.start(); // the owner clicks Log in before it comes
    const second = await loggedIn(bot);
    expect(second).not.toBe(first);
    expect(first.isLoggedIn).toBe(false);

    bot.fail(new Error('lost again'));
    expect(bot.status).toMatchObject({ state: 'reconnecting', error: 'lost again' });
    await vi.waitFor(() => expect(bot.bot).not.toBe(second), { timeout: 5000 });
    const third = await loggedIn(bot);
    expect(second.isLoggedIn).toBe(false);
    expect(third.isLoggedIn).toBe(true);
  });

  it('stopped while it starts: nothing is built after the stop', async () => {
    const bot = retryingBot();
    const starting = bot.start();
    await bot.stop();
    await starting;
    expect(bot.bot).toBeUndefined();
    expect(bot.status.state).toBe('stopped');
  });
});

describe('WeChat: a failure while a retry waits', () => {
  it('still shows reconnecting, with its error and the retry already set, and reconnects then', async () => {
    const bot = retryingBot();
    await bot.start();
    const first = await loggedIn(bot);
    bot.fail(new Error('one'));
    const { retryAt } = bot.status;
    expect(retryAt).toBeGreaterThan(0);
    bot.fail(new Error('two'));
    expect(bot.status).toEqual({ state: 'reconnecting', error: 'two', retryAt });
    await vi.waitFor(() => expect(bot.bot).not.toBe(first), { timeout: 5000 });
    expect((await loggedIn(bot)).isLoggedIn).toBe(true);
  });
});
