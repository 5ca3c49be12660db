/**
 * What `ias audit` says in its table, in English and 简体中文: in English the stored values
 * themselves (as `--status` and `--source` take them), in 简体中文 the audit log page's words for
 * them (src/renderer/i18n/zh-CN.ts).
 */
import type { AuditSource, AuditStatus } from '../core/store/audit-types.js';
import { englishCallErrors, type CallErrorStrings } from '../shared/call-errors.js';
import { chineseCallErrors } from '../shared/call-errors-zh-CN.js';
import { englishToolErrors, type ToolErrorStrings } from '../shared/tool-errors.js';
import { chineseToolErrors } from '../shared/tool-errors-zh-CN.js';
import type { Locale } from '../shared/locale.js';
import { skillTerms, type SkillTerms } from './skill-terms.js';
import { chineseApprovalOutcomes } from '../shared/approval-outcomes-zh-CN.js';
import { chatWords, type ChatWords } from './chat-words.js';

export interface AuditWords extends Pick<SkillTerms, 'risk'> {
  headers: [
    time: string,
    skill: string,
    source: string,
    risk: string,
    status: string,
    approval: string,
    ms: string,
    result: string,
  ];
  source: (source: AuditSource) => string;
  /** A call of a task's run the owner asked for now, after its source. */
  runNow: (source: string) => string;
  status: (status: AuditStatus) => string;
  /** How its approval ended: the stored value itself when it is one not named here. */
  approval: (outcome: string) => string;
  noCalls: string;
  /** No call matches the filters given (as the Audit log page says it). */
  noMatch: string;
  /**
   * Under a page that is not the last: `count` rows shown (the page's limit), and how to see the
   * next ones; `later`: a page after the first (given --cursor), whose rows are not the newest.
   */
  more: (count: number, cursor: string, later: boolean) => string;
  /** Why a call did not run, when iAs decided it: the gate's call errors, and the tool errors. */
  callErrors: CallErrorStrings;
  toolErrors: ToolErrorStrings;
  /** Put before an error (the label is coloured). */
  error: ChatWords['error'];
  /** An option given a value it does not take (`values`: the ones it takes, as typed). */
  badLimit: string;
  badStatus: (values: string) => string;
  badSource: (values: string) => string;
  badExport: string;
  /** --text longer than the app's search box takes (`max`: its length in characters). */
  longText: (max: number) => string;
  exportPaged: string;
  /** --json beside --export csv. */
  csvNotJson: string;
  badCursor: string;
}

export const auditWords: Record<Locale, AuditWords> = {
  en: {
    risk: skillTerms.en.risk,
    headers: ['TIME', 'SKILL', 'SOURCE', 'RISK', 'STATUS', 'APPROVAL', 'MS', 'RESULT'],
    source: (source) => source,
    runNow: (source) => `${source} (run now)`,
    status: (status) => status,
    approval: (outcome) => outcome,
    noCalls: 'No skill calls recorded yet.',
    noMatch: 'No skill calls match.',
    more: (count, cursor, later) =>
      `${later ? 'The next' : 'The newest'} ${count} shown; there are more: the next page is \`--cursor ${cursor}\` with the same options${count < 500 ? ' (or a larger --limit, up to 500)' : ''}.`,
    callErrors: englishCallErrors,
    toolErrors: englishToolErrors,
    error: chatWords.en.error,
    badLimit: '--limit must be a whole number from 1 to 500',
    badStatus: (values) => `--status must be one of ${values}`,
    badSource: (values) => `--source must be one of ${values}`,
    badExport: '--export must be csv or json',
    longText: (max) => `--text must be at most ${max} characters long`,
    exportPaged: '--export writes every matching row, newest first: --cursor and --limit do not apply to it',
    csvNotJson: '--export csv writes CSV: --json does not apply to it (--export json writes JSON)',
    badCursor: 'the audit log cursor (--cursor) is not valid: start again from the first page',
  },
  'zh-CN': {
    risk: skillTerms['zh-CN'].risk,
    headers: ['开始时间', '技能', '来源', '风险', '状态', '审批', '毫秒', '结果'],
    source: (source) => ({ chat: '对话', job: '任务', schedule: '定时', cli: '命令行' })[source],
    runNow: (source) => `${source}（立即运行）`,
    status: (status) =>
      ({ running: '运行中', done: '完成', failed: '失败', interrupted: '已中断', refused: '已拒绝' })[status],
    approval: (outcome) =>
      Object.hasOwn(chineseApprovalOutcomes, outcome)
        ? chineseApprovalOutcomes[outcome as keyof typeof chineseApprovalOutcomes]
        : outcome,
    noCalls: '还没有技能调用记录。',
    noMatch: '没有匹配的技能调用。',
    more: (count, cursor, later) =>
      `${later ? `又显示了 ${count} 条` : `只显示了最新的 ${count} 条`}，还有更多：下一页请用相同的选项加上 \`--cursor ${cursor}\`${count < 500 ? '（或用更大的 --limit，最多 500）' : ''}。`,
    callErrors: chineseCallErrors,
    toolErrors: chineseToolErrors,
    error: chatWords['zh-CN'].error,
    badLimit: '--limit 须为 1 到 500 之间的整数',
    badStatus: (values) => `--status 须为以下之一：${values}`,
    badSource: (values) => `--source 须为以下之一：${values}`,
    badExport: '--export 须为 csv 或 json',
    longText: (max) => `--text 最多 ${max} 个字符`,
    exportPaged: '--export 会写出每一条符合条件的记录（最新的在前）：--cursor 和 --limit 对它不起作用',
    csvNotJson: '--export csv 输出的是 CSV：--json 对它不起作用（要 JSON 请用 --export json）',
    badCursor: '审计日志的翻页位置（--cursor）无效：请从第一页重新开始',
  },
};
