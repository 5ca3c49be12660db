/**
 * How a call's argument problems (see args-problems.ts) read in 简体中文, for the owner at a
 * terminal. Property names and values stay as written; a check with no words here comes in Ajv's
 * English. Plain functions: no Node, no DOM.
 */
import type { ArgsMismatch, ArgsProblemWords } from './args-problems.js';

const COMPARISONS: Record<string, string> = { '<=': '不大于', '>=': '不小于', '<': '小于', '>': '大于' };

function mismatch({ at, keyword, params, message }: ArgsMismatch): string {
  const subject = at ? `“${at}”` : '参数';
  switch (keyword) {
    case 'required':
      return `缺少必需的参数“${at}”`;
    case 'additionalProperties':
      return `没有名为“${at}”的参数`;
    case 'type':
      return `${subject}应为 ${String(params.type)} 类型`;
    case 'enum':
      if (Array.isArray(params.allowedValues))
        return `${subject}必须是以下之一：${params.allowedValues.map((v) => JSON.stringify(v)).join('、')}`;
      break;
    case 'pattern':
      return `${subject}必须匹配模式 "${String(params.pattern)}"`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = COMPARISONS[String(params.comparison)];
      if (comparison) return `${subject}必须${comparison} ${String(params.limit)}`;
      break;
    }
    case 'minLength':
      return `${subject}至少要有 ${String(params.limit)} 个字符`;
    case 'maxLength':
      return `${subject}最多只能有 ${String(params.limit)} 个字符`;
  }
  return `${subject} ${message}`;
}

export const chineseArgsProblems: ArgsProblemWords = {
  invalid: (skill, problem) => `${skill} 的参数无效：${problem}`,
  uncallable: (skill, detail) => `${skill} 无法调用：${detail}`,
  notObject: '参数必须是一个 JSON 对象',
  tooDeep: (max) => `参数的嵌套超过 ${max} 层`,
  checkTimeout: (seconds) =>
    `无法在时限内（${seconds} 秒）按参数模式检查这些参数：其中的一个 pattern 在这些值上耗时过长；没有运行任何东西`,
  mismatch,
  separator: '；',
};
