/**
 * How each state of the WeChat bot reads, in each of iAs's languages: on the Settings page and in
 * the tray. Plain types and tables: no Node, no DOM.
 */
import type { WechatState } from './contract.js';
import type { Locale } from './locale.js';

export const wechatStateWords: Record<Locale, Record<WechatState, string>> = {
  en: {
    stopped: 'Not running',
    starting: 'Starting…',
    'waiting-for-scan': 'Waiting for you to scan the QR code',
    'logged-in': 'Logged in',
    'logged-out': 'Logged out',
    reconnecting: 'Reconnecting…',
    error: 'Error',
  },
  'zh-CN': {
    stopped: '未运行',
    starting: '正在启动…',
    'waiting-for-scan': '等待扫码',
    'logged-in': '已登录',
    'logged-out': '已退出登录',
    reconnecting: '正在重新连接…',
    error: '出错',
  },
};
