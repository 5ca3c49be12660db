/**
 * What the desktop app's tray icon says (its tooltip and its menu), in the owner's language: the
 * one the app's windows use. Plain types and functions: no Node, no DOM.
 */
import type { WechatState } from './contract.js';
import type { Locale } from './locale.js';
import { wechatStateWords } from './wechat-states.js';

export interface TrayStatus {
  /** The WeChat bot's state; none where iAs runs without one. */
  wechat?: WechatState;
  pendingApprovals: number;
  paused: boolean;
}

export interface TrayMenuWords {
  chat: string;
  skills: string;
  tasks: string;
  audit: string;
  settings: string;
  pause: string;
  quit: string;
}

export const trayMenuWords: Record<Locale, TrayMenuWords> = {
  en: {
    chat: 'Open chat',
    skills: 'Skills',
    tasks: 'Scheduled tasks',
    audit: 'Audit log',
    settings: 'Settings',
    pause: 'Pause high-risk skills',
    quit: 'Quit iAs',
  },
  'zh-CN': {
    chat: '打开对话',
    skills: '技能',
    tasks: '定时任务',
    audit: '审计日志',
    settings: '设置',
    pause: '暂停高风险技能',
    quit: '退出 iAs',
  },
};

const wechatWord: Record<Locale, string> = { en: 'WeChat', 'zh-CN': '微信' };
const separator: Record<Locale, string> = { en: ': ', 'zh-CN': '：' };
const pendingWords: Record<Locale, (n: number) => string> = {
  en: (n) => (n === 1 ? '1 approval waiting' : `${n} approvals waiting`),
  'zh-CN': (n) => `${n} 个审批待处理`,
};

/** The tray's words for `status`: its status lines, its tooltip, and its menu's items. */
export function trayWords(
  locale: Locale,
  status: TrayStatus,
): { wechat: string; pending?: string; tooltip: string; menu: TrayMenuWords } {
  const state = status.wechat ? wechatStateWords[locale][status.wechat] : '—';
  const wechat = `${wechatWord[locale]}${separator[locale]}${state}`;
  const pending = status.pendingApprovals > 0 ? pendingWords[locale](status.pendingApprovals) : undefined;
  return {
    wechat,
    ...(pending ? { pending } : {}),
    tooltip: `iAs — ${wechat}${pending ? ` · ${pending}` : ''}`,
    menu: trayMenuWords[locale],
  };
}
