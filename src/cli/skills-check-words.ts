/** The fixed sentences of `ias skills check`, in English and 简体中文. */
import type { Locale } from '../shared/locale.js';
import { skillTerms, type SkillTerms } from './skill-terms.js';

export interface CheckWords extends SkillTerms {
  ok: string;
  /** After a skill's name: its risk and its kind, bracketed as the language writes it. */
  riskAndKind: (risk: string, kind: string) => string;
  overrides: string;
  /** Between "overrides" (coloured) and what it overrides. */
  overridesSeparator: string;
  /** After "overrides": the system skill, its risk and the risk this one runs at (already coloured). */
  overridesSystem: (system: string, systemRisk: string, risk: string) => string;
  unreviewed: string;
  /** After a coloured label ("unreviewed"). */
  separator: string;
  /** After "unreviewed": the risk it runs at now and the command that reviews it. */
  runsAsUntilReviewed: (risk: string, command: string) => string;
  /** The label before a note of `ias skills list`. */
  note: string;
  /** `ias skills list`: how many of the owner's skills run as High only because they are not reviewed, and how to review one. */
  summary: (valid: number, errors: number, warnings: number) => string;
}

const english: CheckWords = {
  ...skillTerms.en,
  ok: 'ok',
  riskAndKind: (risk, kind) => ` (${risk}, ${kind})`,
  overrides: 'overrides',
  overridesSeparator: ' ',
  overridesSystem: (system, systemRisk, risk) =>
    `the system skill ${system} (${systemRisk} risk): it runs as ${risk} risk, never lower than the system skill`,
  unreviewed: 'unreviewed',
  separator: ': ',
  runsAsUntilReviewed: (risk, command) =>
    `it runs as ${risk} risk (each call needs your approval) until you review it: ${command}`,
  note: 'note',
  summary: (valid, errors, warnings) => `${valid} valid, ${errors} error(s), ${warnings} warning(s)`,
};

const chinese: CheckWords = {
  ...skillTerms['zh-CN'],
  ok: '通过',
  riskAndKind: (risk, kind) => `（${risk}，${kind}）`,
  overrides: '覆盖',
  overridesSeparator: '',
  overridesSystem: (system, systemRisk, risk) =>
    `系统技能 ${system}（${systemRisk}风险）：它以${risk}风险运行，不会低于该系统技能`,
  unreviewed: '未审核',
  separator: '：',
  runsAsUntilReviewed: (risk, command) => `在你审核之前，它以${risk}风险运行（每次调用都需要你的确认）：${command}`,
  note: '注意',
  summary: (valid, errors, warnings) => `${valid} 个有效，${errors} 个错误，${warnings} 个警告`,
};

export const checkWords: Record<Locale, CheckWords> = { en: english, 'zh-CN': chinese };
