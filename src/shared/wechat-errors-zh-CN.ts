/**
 * How each error iAs itself says of the WeChat bot (see wechat-errors.ts) reads in 简体中文.
 * Plain functions: no Node, no DOM.
 */
import type { WechatErrorStrings } from './wechat-errors.js';

export const chineseWechatErrors: WechatErrorStrings = {
  'logged-out': () => '微信账号已退出登录',
  'puppet-not-installed': (p) => `没有安装微信连接方式“${p.name}”（${p.detail}）`,
  'puppet-not-a-puppet': (p) => `软件包“${p.name}”不是 Wechaty 的连接方式（puppet）`,
};
