/**
 * What iAs itself says of the WeChat bot's trouble comes with a code, for the Settings page to say
 * it in its language; a puppet's own words come without one. Real wechaty on the mock puppet.
 */
import { describe, expect, it, vi } from 'vitest';
import { englishWechatErrors, sayWechatError, type WechatErrorName } from '../../../src/shared/wechat-errors.js';
import { chineseWechatErrors } from '../../../src/shared/wechat-errors-zh-CN.js';
import { AUTO_LOGIN_PUPPET, wechatBot } from '../../helpers/wechat-world.js';

const bot = (puppet: string) => wechatBot(puppet, 60_000);

describe("the WeChat bot's errors", () => {
  it('logged out by WeChat: reconnecting, with the code of it', async () => {
    const wechat = bot(AUTO_LOGIN_PUPPET);
    await wechat.start();
    await vi.waitFor(() => expect(wechat.status.state).toBe('logged-in'), { timeout: 5000 });
    await wechat.bot!.logout();
    await vi.waitFor(() => expect(wechat.status.state).toBe('reconnecting'), { timeout: 5000 });
    expect(wechat.status).toMatchObject({ error: 'logged out', errorCode: { code: 'logged-out', params: {} } });
    const { error, errorCode } = wechat.status;
    expect(sayWechatError(chineseWechatErrors, error!, errorCode)).toBe('微信账号已退出登录');
    expect(sayWechatError(englishWechatErrors, error!, errorCode)).toBe('logged out');
  });

  it('a puppet package that is not installed: the error, then the retry, keep its code and name', async () => {
    const wechat = bot('wechaty-puppet-does-not-exist');
    const seen: string[] = [];
    wechat.on('status', (s) => seen.push(s.state));
    await wechat.start();
    expect(seen).toEqual(['starting', 'error', 'reconnecting']);
    expect(wechat.status.error).toMatch(/^the WeChat puppet "wechaty-puppet-does-not-exist" is not installed \(.+\)$/);
    expect(wechat.status.errorCode).toMatchObject({
      code: 'puppet-not-installed',
      params: { name: 'wechaty-puppet-does-not-exist' },
    });
    const chinese = sayWechatError(chineseWechatErrors, wechat.status.error!, wechat.status.errorCode);
    expect(chinese).toMatch(/^没有安装微信连接方式“wechaty-puppet-does-not-exist”（.+）$/);
  });

  it("a puppet's own failure: its words, no code (a code from before is not kept)", async () => {
    const wechat = bot('wechaty-puppet-does-not-exist');
    await wechat.start();
    wechat.fail(new Error('the puppet lost its connection'));
    expect(wechat.status.error).toBe('the puppet lost its connection');
    expect(wechat.status.errorCode).toBeUndefined();
    expect(sayWechatError(chineseWechatErrors, wechat.status.error!, wechat.status.errorCode)).toBe(
      'the puppet lost its connection',
    );
  });

  it('every code says something else in 简体中文, in Chinese', () => {
    const params = {
      'logged-out': {},
      'puppet-not-installed': { name: 'p', detail: 'd' },
      'puppet-not-a-puppet': { name: 'p' },
    } satisfies { [C in WechatErrorName]: Parameters<(typeof englishWechatErrors)[C]>[0] };
    for (const code of Object.keys(englishWechatErrors) as WechatErrorName[]) {
      const say = (strings: typeof englishWechatErrors) => (strings[code] as (p: object) => string)(params[code]);
      expect(say(chineseWechatErrors)).toMatch(/\p{Script=Han}/u);
      expect(say(chineseWechatErrors)).not.toBe(say(englishWechatErrors));
    }
  });
});
