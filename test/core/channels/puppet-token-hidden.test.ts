/**
 * The puppet service's token is a credential: a puppet's error that quotes it (wechaty-puppet-service
 * wants a token with a prefix, and shows the token with one) reaches the WeChat status — Settings,
 * `ias wechat`, the renderer — with the token hidden.
 */
import { describe, expect, it, vi } from 'vitest';
import { wechatBot } from '../../helpers/wechat-world.js';

describe('the puppet service’s token in a puppet’s error', () => {
  it('is hidden in the status', async () => {
    const token = '0f1e2d3c-9b8a-4765-a4c3-b2a1f0e9d8c7';
    const bot = wechatBot('wechaty-puppet-service', 60_000, { endpoint: 'grpc://127.0.0.1:1', token });
    const seen: string[] = [];
    bot.on('status', (status) => {
      if (status.error) seen.push(status.error);
    });
    void bot.start();
    await vi.waitFor(() => expect(seen.some((e) => /SNI/.test(e))).toBe(true), { timeout: 10_000 });
    expect(seen.join('\n')).not.toContain(token);
    expect(seen.find((e) => /SNI/.test(e))).toContain('insecure_[token hidden]');
  });
});
