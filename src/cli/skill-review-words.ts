/** The words `ias skills review` says, in English and 简体中文. */
import type { Locale } from '../shared/locale.js';
import { chatWords, type ChatWords } from './chat-words.js';
import { skillTerms, type SkillTerms } from './skill-terms.js';

export interface ReviewWords extends SkillTerms {
  /** Put before an error (the label is coloured). */
  error: ChatWords['error'];
  systemSkill: (name: string, risk: string) => string;
  /** The first line of what is shown. */
  heading: (name: string) => string;
  labels: { risk: string; kind: string; state: string; folder: string; version: string };
  /** The risk it runs at once reviewed: as declared, or raised by the system skill it overrides. */
  riskAsDeclared: (risk: string) => string;
  riskRaised: (risk: string, declared: string, system: string) => string;
  neverReviewed: string;
  changedSinceReview: (oldHash: string) => string;
  /** Added to the state while the review makes a difference. */
  runsAsUntilReviewed: (risk: string) => string;
  files: (count: number) => string;
  bytes: (n: number) => string;
  unreadable: string;
  binary: string;
  namedByScript: string;
  notShown: string;
  moreLines: (count: number, file: string) => string;
  question: (hash: string) => string;
  reviewed: (name: string, hash: string, risk: string) => string;
  alreadyReviewed: (name: string, hash: string, risk: string) => string;
  declined: string;
  changedSinceShown: (name: string) => string;
  /** The skill is not (any more) at the version `--hash` names. */
  notAtHash: (name: string, hash: string) => string;
  changing: (name: string) => string;
  unreadableFolder: (name: string, reason: string) => string;
  needHash: (name: string) => string;
  /** --hash gives only the first digits of a hash: a version is named by its whole hash. */
  partOfHash: (given: string, name: string) => string;
  badHash: (given: string, name: string) => string;
  yesNeedsHash: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Where the whole hash of `name`'s version is printed. */
const hashFrom = {
  en: (name: string) =>
    `\`ias skills list --json\` prints it (the "hash" of ${name}), as does \`ias skills review ${name}\` on a terminal (its "version" line)`,
  'zh-CN': (name: string) =>
    `\`ias skills list --json\` 会输出它（${name} 的 "hash"），在终端中运行 \`ias skills review ${name}\` 时“版本”一行也会显示它`,
};

const english: ReviewWords = {
  ...skillTerms.en,
  error: chatWords.en.error,
  systemSkill: (name, risk) =>
    `${name} is a system skill, shipped with iAs: it always runs as ${risk} risk, with nothing to review.`,
  heading: (name) => `${name}: a user skill. Read what follows before you mark it reviewed.`,
  labels: { risk: 'risk', kind: 'kind', state: 'state', folder: 'folder', version: 'version' },
  riskAsDeclared: (risk) => `${risk}, as it declares`,
  riskRaised: (risk, declared, system) =>
    `${risk}: it declares ${declared}, but overrides the system skill ${system} and never runs lower than it`,
  neverReviewed: 'never reviewed',
  changedSinceReview: (oldHash) => `changed since you reviewed it at ${oldHash}`,
  runsAsUntilReviewed: (risk) => `; runs as ${risk} risk (each call needs your approval) until reviewed`,
  files: (count) => `${plural(count, 'file', 'files')}, all counted in the version:`,
  bytes: (n) => plural(n, 'byte', 'bytes'),
  unreadable: 'unreadable',
  binary: 'binary, not shown',
  namedByScript: 'named by the Execute script',
  notShown: 'not shown',
  moreLines: (count, file) => `… ${plural(count, 'more line', 'more lines')} not shown: read them in ${file}`,
  question: (hash) => `Mark it reviewed at ${hash}? [y/N] `,
  reviewed: (name, hash, risk) => `Reviewed ${name} at ${hash}: it runs as ${risk} risk until it changes.`,
  alreadyReviewed: (name, hash, risk) =>
    `${name} is already reviewed at ${hash}: it runs as ${risk} risk until it changes.`,
  declined: 'Not marked reviewed.',
  changedSinceShown: (name) =>
    `${name} changed after it was shown: nothing was marked reviewed. Run \`ias skills review ${name}\` again to see it as it is now.`,
  notAtHash: (name, hash) =>
    `${name} is not at version ${hash} (it changed, or the hash is another's): nothing was marked reviewed. Run \`ias skills review ${name}\` on a terminal to see it as it is now.`,
  changing: (name) => `${name} kept changing while it was read: nothing was shown or marked. Try again.`,
  unreadableFolder: (name, reason) => `${name} cannot be read as one version: ${reason}`,
  needHash: (name) =>
    `with no terminal to show ${name} on and ask you, give the version you reviewed: \`ias skills review ${name} --hash HASH\`, with its whole hash of 64 hex digits (${hashFrom.en(name)}); only that version is marked`,
  partOfHash: (given, name) =>
    `--hash ${given} is only the start of a version hash, and a part of one could name other content: give the whole hash, all 64 hex digits; ${hashFrom.en(name)}`,
  badHash: (given, name) =>
    `--hash "${given}" is not a version hash: give the whole hash, 64 hex digits; ${hashFrom.en(name)}`,
  yesNeedsHash: '--yes needs --hash: name the version you reviewed, or leave --yes out to be shown the skill and asked',
};

const chinese: ReviewWords = {
  ...skillTerms['zh-CN'],
  error: chatWords['zh-CN'].error,
  systemSkill: (name, risk) => `${name} 是随 iAs 提供的系统技能：它总是以${risk}风险运行，没有需要审核的内容。`,
  heading: (name) => `${name}：一个用户技能。标记为已审核之前，请先阅读下面的内容。`,
  labels: { risk: '风险', kind: '类型', state: '状态', folder: '文件夹', version: '版本' },
  riskAsDeclared: (risk) => `${risk}，与它声明的一致`,
  riskRaised: (risk, declared, system) =>
    `${risk}：它声明为${declared}，但它覆盖了系统技能 ${system}，运行风险不会低于该系统技能`,
  neverReviewed: '从未审核',
  changedSinceReview: (oldHash) => `在你于 ${oldHash} 审核之后已被改动`,
  runsAsUntilReviewed: (risk) => `；审核之前以${risk}风险运行（每次调用都需要你的确认）`,
  files: (count) => `${count} 个文件，全部计入版本：`,
  bytes: (n) => `${n.toLocaleString('en')} 字节`,
  unreadable: '无法读取',
  binary: '二进制文件，不显示',
  namedByScript: 'Execute 脚本中提到了它',
  notShown: '不显示',
  moreLines: (count, file) => `…… 还有 ${count} 行没有显示：请在 ${file} 中阅读`,
  question: (hash) => `把它标记为已审核（版本 ${hash}）？[y/N] `,
  reviewed: (name, hash, risk) => `已审核 ${name}（版本 ${hash}）：在它改动之前，它以${risk}风险运行。`,
  alreadyReviewed: (name, hash, risk) => `${name} 已经审核过（版本 ${hash}）：在它改动之前，它以${risk}风险运行。`,
  declined: '没有标记为已审核。',
  changedSinceShown: (name) =>
    `${name} 在显示之后被改动了：没有标记任何内容为已审核。请再次运行 \`ias skills review ${name}\`，查看它现在的内容。`,
  notAtHash: (name, hash) =>
    `${name} 的版本不是 ${hash}（它被改动了，或者这是别的版本的哈希）：没有标记任何内容为已审核。请在终端中运行 \`ias skills review ${name}\`，查看它现在的内容。`,
  changing: (name) => `${name} 在读取时不断被改动：没有显示也没有标记任何内容。请稍后再试。`,
  unreadableFolder: (name, reason) => `无法把 ${name} 作为一个版本读取：${reason}`,
  needHash: (name) =>
    `这里没有终端可以显示 ${name} 并询问你，请给出你审核过的版本：\`ias skills review ${name} --hash HASH\`，HASH 为完整的 64 位十六进制哈希（${hashFrom['zh-CN'](name)}）；只有该版本会被标记`,
  partOfHash: (given, name) =>
    `--hash ${given} 只是版本哈希的开头，而一部分哈希可能对应别的内容：请给出完整的 64 位十六进制哈希；${hashFrom['zh-CN'](name)}`,
  badHash: (given, name) => `--hash “${given}”不是版本哈希：请给出完整的 64 位十六进制哈希；${hashFrom['zh-CN'](name)}`,
  yesNeedsHash: '--yes 需要与 --hash 一起使用：请指明你审核过的版本，或者去掉 --yes，先查看技能再回答',
};

export const reviewWords: Record<Locale, ReviewWords> = { en: english, 'zh-CN': chinese };
