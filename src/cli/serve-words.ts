/**
 * What `ias serve` says on its terminal, in English and 简体中文: a bad --port or --host, how to open
 * and stop it, its warnings, and the skills' load problems. (The ready line on stdout stays English:
 * scripts read it.)
 */
import type { Locale } from '../shared/locale.js';
import { chatWords, type ChatWords } from './chat-words.js';

export interface ServeWords {
  /** Put before an error (the label is coloured). */
  error: ChatWords['error'];
  badPort: (text: string) => string;
  emptyHost: string;
  /** On stderr, after the ready line. */
  openAndStop: string;
  stopping: (signal: string) => string;
  uiNotBuilt: (dir: string) => string;
  /** Listening on an address other than loopback. */
  exposed: (host: string) => string;
  whileStopping: (message: string) => string;
  /** A skill that failed to load: where (`<path>[:<line>]`) and why. */
  skipped: (where: string, what: string) => string;
  /** A load warning: the skill loads, but something in it is likely wrong. */
  skillWarning: (where: string, what: string) => string;
  /** A skill that failed loads again: the label (coloured) and the rest. */
  fixed: { label: string; loadsAgain: (name: string, file: string) => string };
}

export const serveWords: Record<Locale, ServeWords> = {
  en: {
    error: chatWords.en.error,
    badPort: (text) => `--port must be a number from 0 to 65535, not "${text}"`,
    emptyHost: '--host must not be empty',
    openAndStop: 'Open it in your browser. Ctrl+C stops iAs.',
    stopping: (signal) => `Stopping (${signal})…`,
    uiNotBuilt: (dir) => `the UI is not built (${dir}); run \`npm run build\`. The API still works.`,
    exposed: (host) => `listening on ${host}: anyone on your network who has the link can reach iAs, over plain HTTP.`,
    whileStopping: (message) => `while stopping: ${message}`,
    skipped: (where, what) => `skipped ${where}: ${what}`,
    skillWarning: (where, what) => `${where}: ${what}`,
    fixed: { label: 'fixed', loadsAgain: (name, file) => `: ${name} loads again (${file})` },
  },
  'zh-CN': {
    error: chatWords['zh-CN'].error,
    badPort: (text) => `--port 须为 0 到 65535 之间的数字，而不是“${text}”`,
    emptyHost: '--host 不能为空',
    openAndStop: '请在浏览器中打开它。按 Ctrl+C 停止 iAs。',
    stopping: (signal) => `正在停止（${signal}）…`,
    uiNotBuilt: (dir) => `界面尚未构建（${dir}）；请运行 \`npm run build\`。API 仍可使用。`,
    exposed: (host) => `正在 ${host} 上监听：你网络中任何拿到链接的人都能通过未加密的 HTTP 访问 iAs。`,
    whileStopping: (message) => `停止时出错：${message}`,
    skipped: (where, what) => `已跳过 ${where}：${what}`,
    skillWarning: (where, what) => `${where}：${what}`,
    fixed: { label: '已修复', loadsAgain: (name, file) => `：${name} 已重新加载（${file}）` },
  },
};
