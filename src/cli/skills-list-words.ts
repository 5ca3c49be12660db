/**
 * What `ias skills list` says, in English and 简体中文: its table (headers, source, state, as the
 * skills manager shows them) and the notes after it.
 */
import type { SkillSource } from '../shared/contract.js';
import type { Locale } from '../shared/locale.js';
import { skillTerms, type SkillTerms } from './skill-terms.js';

export interface ListWords extends SkillTerms {
  headers: { name: string; risk: string; source: string; kind: string; state: string; description: string };
  /** Where a skill comes from, and whether it replaces a system skill of its name. */
  source: (source: SkillSource, overrides: boolean) => string;
  on: string;
  off: string;
  needsSetup: string;
  unreviewed: string;
  /** A skill not reviewed at its version, which runs at `risk` (already said) until it is. */
  unreviewedRunsAs: (risk: string) => string;
  /** Between the parts of a state. */
  stateSeparator: string;
  noSkills: string;
  /** Put before a note (the label is coloured), and between it and the note. */
  note: string;
  separator: string;
  /** How many user skills run as High until reviewed, and how to review one. */
  runAsHighUntilReviewed: (count: number) => string;
  /** How many skills need settings before they can work, and how to see which. */
  needSettings: (count: number) => string;
}

const english: ListWords = {
  ...skillTerms.en,
  headers: { name: 'NAME', risk: 'RISK', source: 'SOURCE', kind: 'KIND', state: 'STATE', description: 'DESCRIPTION' },
  source: (source, overrides) => (overrides ? `${source} (overrides system)` : source),
  on: 'on',
  off: 'off',
  needsSetup: 'needs setup',
  unreviewed: 'unreviewed',
  unreviewedRunsAs: (risk) => `unreviewed: runs as ${risk}`,
  stateSeparator: ', ',
  noSkills: 'No skills found.',
  note: 'note',
  separator: ': ',
  runAsHighUntilReviewed: (count) =>
    `${count === 1 ? '1 of your skills runs as high risk (each call needs your approval) until you review it' : `${count} of your skills run as high risk (each call needs your approval) until you review them`}: \`ias skills review NAME\` shows one and asks`,
  needSettings: (count) =>
    `${count === 1 ? '1 skill needs settings before it can work' : `${count} skills need settings before they can work`}: \`ias skills config NAME\` shows what to set`,
};

const chinese: ListWords = {
  ...skillTerms['zh-CN'],
  headers: { name: '名称', risk: '风险', source: '来源', kind: '类型', state: '状态', description: '描述' },
  source: (source, overrides) => (overrides ? '用户（覆盖系统技能）' : source === 'system' ? '系统' : '用户'),
  on: '启用',
  off: '停用',
  needsSetup: '需要配置',
  unreviewed: '未审核',
  unreviewedRunsAs: (risk) => `未审核：以${risk}风险运行`,
  stateSeparator: '，',
  noSkills: '没有找到技能。',
  note: '注意',
  separator: '：',
  runAsHighUntilReviewed: (count) =>
    `你有 ${count} 个技能在你审核之前以高风险运行（每次调用都需要你的确认）：\`ias skills review 名称\` 会显示一个技能并询问你`,
  needSettings: (count) => `${count} 个技能需要先设置才能工作：\`ias skills config 名称\` 会显示要设置什么`,
};

export const listWords: Record<Locale, ListWords> = { en: english, 'zh-CN': chinese };
