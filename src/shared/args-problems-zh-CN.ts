/**
 * How a call's argument problems (see args-problems.ts) read in 简体中文, for the owner at a
 * terminal: every check of a draft-07 parameter schema Ajv reports. Property names, values and
 * schema keywords stay as written. Plain functions: no Node, no DOM.
 */
import type { ArgsMismatch, ArgsProblemWords } from './args-problems.js';

const COMPARISONS: Record<string, string> = { '<=': '不大于', '>=': '不小于', '<': '小于', '>': '大于' };

const json = (value: unknown) => JSON.stringify(value);

function mismatch({ at, keyword, params }: ArgsMismatch): string {
  const subject = at ? `“${at}”` : '参数';
  const limit = String(params.limit);
  // Of a nested object's properties, or of the parameters themselves.
  const within = at ? `“${at}”中` : '';
  switch (keyword) {
    case 'required':
      return `缺少必需的参数“${at}”`;
    case 'additionalProperties':
      return `没有名为“${at}”的参数`;
    case 'type':
      return `${subject}应为 ${[params.type].flat().map(String).join(' 或 ')} 类型`;
    case 'enum':
      if (Array.isArray(params.allowedValues))
        return `${subject}必须是以下之一：${params.allowedValues.map(json).join('、')}`;
      break;
    case 'const':
      return `${subject}必须等于 ${json(params.allowedValue)}`;
    case 'pattern':
      return `${subject}必须匹配模式 "${String(params.pattern)}"`;
    // Not checked now (formats are left to the skill), said should that change.
    case 'format':
      return `${subject}必须符合格式 "${String(params.format)}"`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = COMPARISONS[String(params.comparison)];
      if (comparison) return `${subject}必须${comparison} ${limit}`;
      break;
    }
    case 'multipleOf':
      return `${subject}必须是 ${String(params.multipleOf)} 的倍数`;
    case 'minLength':
      return `${subject}至少要有 ${limit} 个字符`;
    case 'maxLength':
      return `${subject}最多只能有 ${limit} 个字符`;
    case 'minItems':
      return `${subject}至少要有 ${limit} 项`;
    case 'maxItems':
    case 'additionalItems':
      return `${subject}最多只能有 ${limit} 项`;
    case 'uniqueItems':
      return `${subject}不能有重复的项（下标 ${String(params.j)} 和 ${String(params.i)} 的项相同）`;
    case 'contains':
      return `${subject}至少要有 ${String(params.minContains ?? 1)} 项符合 contains 的模式`;
    case 'minProperties':
      return `${subject}至少要有 ${limit} 个属性`;
    case 'maxProperties':
      return `${subject}最多只能有 ${limit} 个属性`;
    case 'dependencies':
      return `${within}有“${String(params.property)}”时必须也有“${String(params.missingProperty)}”`;
    case 'propertyNames':
      return `${within}${at ? '属性名' : '参数名'}“${String(params.propertyName)}”无效`;
    case 'anyOf':
      return `${subject}必须符合 anyOf 中的至少一个模式`;
    case 'oneOf':
      return `${subject}必须恰好符合 oneOf 中的一个模式`;
    case 'not':
      return `${subject}不能符合 not 的模式`;
    case 'if':
      return `${subject}必须符合 ${String(params.failingKeyword)} 的模式`;
    case 'false schema':
      return `${subject}不接受任何值`;
  }
  return `${subject}不符合参数模式的 ${keyword} 要求`;
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
