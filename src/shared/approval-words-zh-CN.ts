/**
 * What the approval gate tells the owner (see approval-words.ts) in 简体中文: the app's toasts and the
 * desktop's native notifications. Plain data and functions: no Node, no DOM.
 */
import type { ApprovalMessageStrings, NotedOrigin } from './approval-messages.js';
import { lines } from './approval-words.js';

/** Where an approval can go, by the channel's name. */
export const chineseChannelNames: Record<string, string> = {
  wechat: '微信',
  desktop: '本机',
  terminal: '终端',
  'in-process': '本应用',
  'in-app': '本应用',
  web: '网页界面',
};

const n = (value: number) => value.toLocaleString('zh-CN');

/** The line of an approval whose skill is a user skill in a shipped one's name, or one of the owner's not reviewed. */
export const chineseApprovalOrigins: Record<NotedOrigin, (skill: string) => string> = {
  'user-override-unreviewed': (skill) =>
    `这不是内置的 ${skill}：是技能文件夹里一个未经你审核的同名技能，它会拿到内置 ${skill} 的设置和密钥。`,
  'user-override': (skill) => `这是你自己的 ${skill} 版本（已审核，替代内置的 ${skill}）。`,
  'user-unreviewed': (skill) =>
    `${skill} 是低风险技能，但你还没有审核它，所以审核之前按高风险运行、每次都要你确认：在“技能”页面审核，或运行 ias skills review ${skill}。`,
  'user-high-unreviewed': (skill) =>
    `你没有审核过这个版本的 ${skill}：它是新放进技能文件夹的，或在 iAs 之外改过，批准之前先看看它会做什么：在“技能”页面审核，或运行 ias skills review ${skill}。`,
};

export const chineseApprovalMessages: ApprovalMessageStrings = {
  'approval-needed': (p) => ({
    title: p.again ? '技能已更改，需要你重新确认' : '需要你的确认',
    body: lines(
      p.movedFrom && `${chineseChannelNames[p.movedFrom] ?? p.movedFrom}已断开，这个确认改由这里进行。`,
      p.titleZh || p.title ? `${p.skill}（${p.titleZh || p.title}）` : p.skill,
      p.origin && chineseApprovalOrigins[p.origin](p.skill),
      p.from && (p.from.kind === 'task' ? `来自定时任务“${p.from.title}”` : `来自对话“${p.from.title}”`),
      p.params,
      `请在 iAs 中批准或拒绝（${n(p.validMinutes)} 分钟内有效）。`,
    ),
  }),
  'approval-approved': (p) => ({ title: `已确认，正在执行：${p.skill}。` }),
  'approval-rejected': (p) => ({ title: `已拒绝：${p.skill} 不会执行。` }),
  'approval-cancelled': (p) => ({ title: `已取消：${p.skill} 不会执行。` }),
  'approval-expired': (p) => ({ title: `已过期：${p.skill} 没有执行。` }),
};
