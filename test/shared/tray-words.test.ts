/**
 * What the desktop app's tray says: WeChat's state in words (never a raw state such as
 * `waiting-for-scan`), in the owner's language, which is the app's language setting before the
 * system's.
 */
import { describe, expect, it } from 'vitest';
import type { WechatState as BotState } from '../../src/core/channels/wechat-bot.js';
import { ownerLocaleWith, APP_SETTINGS } from '../../src/core/owner-locale.js';
import { openStore } from '../../src/core/store/index.js';
import type { WechatState } from '../../src/shared/contract.js';
import type { Locale } from '../../src/shared/locale.js';
import { trayMenuWords, trayWords } from '../../src/shared/tray-words.js';
import { wechatStateWords } from '../../src/shared/wechat-states.js';
import { onCleanup, tempDir } from '../helpers/temp.js';

/** Every state the bot has and the contract tells (this list does not compile once one is missing). */
const STATES = Object.keys({
  stopped: true,
  starting: true,
  'waiting-for-scan': true,
  'logged-in': true,
  'logged-out': true,
  reconnecting: true,
  error: true,
} satisfies Record<WechatState | BotState, true>) as WechatState[];
const LOCALES: Locale[] = ['en', 'zh-CN'];

describe("the tray's words", () => {
  it('every WeChat state has words of its own in both languages', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(wechatStateWords[locale]).sort()).toEqual([...STATES].sort());
      const said = STATES.map((state) => wechatStateWords[locale][state]);
      expect(new Set(said).size).toBe(STATES.length);
      for (const [i, state] of STATES.entries()) {
        expect(said[i]).not.toBe('');
        expect(said[i]).not.toContain(state);
        const line = trayWords(locale, { wechat: state, pendingApprovals: 0, paused: false }).wechat;
        expect(line).toContain(said[i]);
        expect(line).not.toContain(state);
      }
    }
    for (const state of STATES) expect(wechatStateWords['zh-CN'][state]).toMatch(/\p{Script=Han}/u);
  });

  it('says the status in the language asked', () => {
    const status = { wechat: 'waiting-for-scan' as const, pendingApprovals: 2, paused: false };
    expect(trayWords('zh-CN', status)).toEqual({
      wechat: '微信：等待扫码',
      pending: '2 个审批待处理',
      tooltip: 'iAs — 微信：等待扫码 · 2 个审批待处理',
      menu: trayMenuWords['zh-CN'],
    });
    expect(trayWords('en', status)).toEqual({
      wechat: 'WeChat: Waiting for you to scan the QR code',
      pending: '2 approvals waiting',
      tooltip: 'iAs — WeChat: Waiting for you to scan the QR code · 2 approvals waiting',
      menu: trayMenuWords.en,
    });
    expect(trayWords('en', { wechat: 'logged-in', pendingApprovals: 1, paused: true }).pending).toBe(
      '1 approval waiting',
    );
    // Without a bot, and with nothing waiting.
    expect(trayWords('en', { pendingApprovals: 0, paused: false })).toMatchObject({
      wechat: 'WeChat: —',
      tooltip: 'iAs — WeChat: —',
    });
    expect(trayWords('en', { pendingApprovals: 0, paused: false }).pending).toBeUndefined();
  });

  it('every menu item has words in both languages, different ones', () => {
    const keys = Object.keys(trayMenuWords.en);
    expect(Object.keys(trayMenuWords['zh-CN'])).toEqual(keys);
    for (const key of keys as (keyof typeof trayMenuWords.en)[]) {
      expect(trayMenuWords['zh-CN'][key]).not.toBe(trayMenuWords.en[key]);
    }
  });

  it("follows the app's language setting before the system's, as the windows do", () => {
    const store = openStore(`${tempDir('ias-tray-locale-')}/ias.db`);
    onCleanup(() => store.close());
    expect(ownerLocaleWith(store.settings, () => 'zh-CN')).toBe('zh-CN');
    expect(ownerLocaleWith(store.settings, () => 'en-US')).toBe('en');
    store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    expect(ownerLocaleWith(store.settings, () => 'en-US')).toBe('zh-CN');
    store.settings.set(APP_SETTINGS, { language: 'en' });
    expect(ownerLocaleWith(store.settings, () => 'zh-CN')).toBe('en');
    store.settings.set(APP_SETTINGS, { language: 'system' });
    expect(ownerLocaleWith(store.settings, () => 'zh-CN')).toBe('zh-CN');
  });
});
