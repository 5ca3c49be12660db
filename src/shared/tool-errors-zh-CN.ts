/** How a tool call's errors (see tool-errors.ts) read in 简体中文. Plain functions: no Node, no DOM. */
import { sayArgsProblem } from './args-problems.js';
import { chineseArgsProblems } from './args-problems-zh-CN.js';
import { alternatives } from './name-lists.js';
import type { ToolErrorStrings } from './tool-errors.js';

export const chineseToolErrors: ToolErrorStrings = {
  'tool-args-not-json': (p) => `参数无效：不是有效的 JSON（${p.detail}）；没有运行任何东西`,
  'tool-unknown': (p) =>
    `没有名为“${p.name}”的工具；没有运行任何东西${p.findable ? '。模型可以用 find_skills 查找其他技能。' : ''}`,
  'tool-args-invalid': (p) => sayArgsProblem(chineseArgsProblems, p.skill, p.problem),
  'tool-not-configured': ({ skill, missing, secret }) =>
    `${skill} 还没有设置好：请在“技能 → ${skill} → 设置”中设置 ${missing.map((names) => alternatives(names, 'zh-CN')).join('、')}，` +
    `或运行 \`ias skills config ${skill} ${missing[0]?.[0] ?? ''}=${secret ? '-' : '…'}\`` +
    (secret ? '（它会在终端中询问机密值且不显示，或从标准输入读取）' : ''),
};
