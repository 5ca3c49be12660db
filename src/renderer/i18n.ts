/** The UI's strings in 简体中文 and English, picked from the browser's language. */
import type { SkillKind, SkillRisk, SkillSource } from '../shared/contract.js';

export type Locale = 'zh-CN' | 'en';

export interface Strings {
  tagline: string;
  version: (version: string) => string;
  skills: string;
  loading: string;
  empty: string;
  loadFailed: (reason: string) => string;
  noApiTitle: string;
  noApiBody: string;
  risk: Record<SkillRisk, string>;
  source: Record<SkillSource, string>;
  kind: Record<SkillKind, string>;
  overrides: string;
}

const en: Strings = {
  tagline: 'Your assistant in the system tray. It acts through skills, and asks you before anything risky.',
  version: (version) => `Version ${version}`,
  skills: 'Skills',
  loading: 'Loading skills…',
  empty: 'No skills yet.',
  loadFailed: (reason) => `Could not load the skills: ${reason}`,
  noApiTitle: 'Not connected to iAs',
  noApiBody:
    'This page was opened outside the iAs app, so it cannot reach the assistant. Open iAs from its tray icon, or use the ias command in a terminal:',
  risk: { low: 'Low risk', high: 'High risk · asks you first' },
  source: { system: 'System', user: 'Yours' },
  kind: { script: 'Script', builtin: 'Built-in', instructions: 'Instructions' },
  overrides: 'Replaces a system skill',
};

const zh: Strings = {
  tagline: '住在系统托盘里的个人助手。它通过技能为你做事，有风险的操作会先征得你的同意。',
  version: (version) => `版本 ${version}`,
  skills: '技能',
  loading: '正在加载技能…',
  empty: '还没有技能。',
  loadFailed: (reason) => `无法加载技能：${reason}`,
  noApiTitle: '未连接到 iAs',
  noApiBody: '此页面不是在 iAs 应用中打开的，无法连接到助手。请从托盘图标打开 iAs，或在终端中使用 ias 命令：',
  risk: { low: '低风险', high: '高风险 · 需你确认' },
  source: { system: '系统', user: '我的' },
  kind: { script: '脚本', builtin: '内置', instructions: '说明' },
  overrides: '替换了系统技能',
};

/** 简体中文 for any Chinese locale, English otherwise. */
export function pickLocale(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export const locale: Locale = pickLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
export const t: Strings = locale === 'zh-CN' ? zh : en;
