/** How each API error (see api-errors.ts) reads in 简体中文. Plain functions: no Node, no DOM. */
import type { ApiErrorStrings } from './api-errors.js';
import { saySkillProblem } from './skill-problems.js';
import { chineseSkillProblems } from './skill-problems-zh-CN.js';
import { saySkillSecret } from './skill-secrets.js';
import { chineseSkillSecrets } from './skill-secrets-zh-CN.js';
import { sayTurnLine } from './turn-messages.js';
import { chineseTurnMessages } from './turn-messages-zh-CN.js';

export const chineseApiErrors: ApiErrorStrings = {
  'no-skill': (p) => `没有名为“${p.name}”的技能。`,
  'already-user-skill': (p) => `${p.name} 已经在我的技能中了。`,
  'builtin-no-copy': (p) => `${p.name} 是 iAs 的内置技能，不能复制。可以另写一个脚本技能。`,
  'user-skill-exists': (p) => `我的技能中已经有 ${p.name} 了。`,
  'not-user-skill': (p) => `${p.name} 不在我的技能中（系统技能不能删除）。`,
  'skill-changed-since-shown': (p) =>
    `${p.name} 在显示给你之后又被修改了：没有标记为已审核。请重新审核，查看它现在的内容。`,
  'skill-changing': (p) => `读取 ${p.name} 时它的文件一直在变化；请等文件稳定后再试。`,
  'skill-folder-unshowable': (p) =>
    `无法显示 ${p.name} 以供审核：${saySkillProblem(chineseSkillProblems, '', p.problem)}`,
  'skill-md-unopenable': (p) => `无法打开 ${p.name}：${saySkillProblem(chineseSkillProblems, '', p.problem)}`,
  'skill-folder-outside': (p) =>
    p.reading
      ? `无法打开 ${p.name}：它的${p.link === 'skill-md' ? ' SKILL.md ' : '文件夹'}是指向 ${p.target} 的符号链接，不在技能文件夹内。请删除这个链接，或把技能本身放进技能文件夹。`
      : `${p.name} 没有保存：它的文件夹是指向 ${p.target} 的符号链接，不在技能文件夹内。请删除这个链接，或换个名字保存。`,
  'no-conversation': (p) => `没有这个对话（${p.id}）。`,
  'reply-in-progress': () => '这个对话还在回复中：请先停止，或等它回复完。',
  'code-in-chat': () => '这是确认码：请在收到确认请求的微信里回复它；它没有发给模型。',
  'maybe-code-in-chat': () =>
    '另一个 iAs（桌面应用或 ias 命令）正在等待确认，这条消息里的 6 位数字可能是它的确认码，所以没有发给模型。请先在微信里处理那个确认，或换一种写法写这个数字。',
  'numbers-held-for-approval': () =>
    '有一个确认正在等待：在它得到答复之前，含有 6 位或更长数字的消息会被暂缓，这条消息没有发给模型。请先答复那个确认（在微信里回复确认码，或取消它），然后再发送。',
  'near-code-in-chat': () =>
    '有一个确认正在等待，单独发来的一串数字看起来像是在输入它的确认码：确认码请在收到确认请求的微信里回复。这条消息没有发给模型。如果要发送这个数字本身，请把它写在一句话里，或等那个确认答复之后再发送。',
  'no-usable-model': (p) => `消息没有发送。${sayTurnLine(chineseTurnMessages, p.message, p.messageCode)}`,
  'message-too-long': (p) =>
    `消息太长：iAs 一条消息最多发送 ${p.max.toLocaleString('zh-CN')} 个字符。这条消息没有发送；请缩短它，或分成几条发送。`,
  'wechat-unavailable': () => '当前模式下微信不可用。',
  'no-task': (p) => `没有这个定时任务（${p.id}）。`,
  'task-no-run-left': (p) => `“${p.name}”的运行时间已过：请在对话中让 iAs 为它设定新的时间。`,
  'task-ran-already': (p) => `“${p.name}”已经运行过，已结束：请在对话中让 iAs 为它设定新的时间。`,
  'task-run-interrupted': (p) =>
    `“${p.name}”的运行在完成之前被中断了（iAs 在运行中停止）：可以点“重试”，或用 \`ias tasks run ${p.id}\` 现在重新运行它。`,
  'task-running': (p) => `“${p.name}”正在运行：请等这次运行结束。`,
  'not-a-time-zone': (p) =>
    `“${p.value}”不是时区：请使用 IANA 时区名，例如 Asia/Shanghai 或 Europe/London，或选择“跟随系统”。`,
  'setting-too-long': (p) =>
    `${p.name} 的值太长：一个设置最多 ${p.max.toLocaleString('zh-CN')} 个字符。什么也没有保存。`,
  'bad-base-url': chineseTurnMessages['base-url-not-web-address'],
  'bad-api-key': (p) =>
    p.reason === 'whitespace'
      ? 'API 密钥中含有空格或换行，而 API 密钥不含这些。什么也没有保存。'
      : 'API 密钥中含有请求无法携带的字符：API 密钥只由字母、数字和标点（可打印的 ASCII 字符）组成。它是否复制自存成 UTF-16 的文件？什么也没有保存。',
  'api-key-not-saved': (p) => `API 密钥没有保存。${sayTurnLine(chineseTurnMessages, p.message, p.messageCode)}`,
  'skill-secret-not-saved': (p) => `设置没有保存。${saySkillSecret(chineseSkillSecrets, p.message, p.messageCode)}`,
  'connection-lost': () => '与 iAs 的连接已断开。',
  'not-signed-in': () => '此页面没有有效的访问令牌：请打开“ias serve”打印的链接。',
};
