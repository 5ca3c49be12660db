/**
 * What `ias skills review` shows before it asks: the skill, its risk and state, every file its
 * version counts, the text of SKILL.md and of the files its Execute script names, and the version.
 * File text is shown as it reads, never as instructions to the terminal: control characters,
 * carriage returns and reordering marks appear as \uXXXX.
 */
import path from 'node:path';
import stringWidth from 'string-width';
import { textOf, type FolderVersion, type VersionFile } from '../core/skills/folder-version.js';
import type { Risk, Skill } from '../core/skills/types.js';
import { visibleLine } from '../shared/visible-text.js';
import { color, padToWidth } from './format.js';
import type { ReviewWords } from './skill-review-words.js';

/** Lines of a file's text shown; the rest is named with where to read it. */
const SHOWN_LINES = 300;

/** A skill's state as the review changes it. */
export interface ReviewState {
  /** The version last reviewed, if any. */
  reviewedHash: string | null;
  /** The risk a call meets now. */
  effectiveRisk: Risk;
  /** The system skill it overrides. */
  overridden?: Skill;
}

/** The file texts shown: SKILL.md and any file the Execute script names. */
export function textShownFor(skill: Skill): (rel: string) => boolean {
  return (rel) => rel === 'SKILL.md' || Boolean(skill.script?.body.includes(rel));
}

function fileRows(version: FolderVersion, words: ReviewWords): string[] {
  const width = Math.max(...version.files.map((f) => stringWidth(visibleLine(f.path))));
  const sizes = version.files.map((f) => (f.size === null ? '' : words.bytes(f.size)));
  const sizeWidth = Math.max(...sizes.map((s) => s.length));
  return version.files.map((f, i) => {
    const notes: string[] = [];
    if (f.size === null) notes.push(words.unreadable);
    else if (f.content && textOf(f.content) === undefined) notes.push(words.binary);
    else if (!f.content) notes.push(words.notShown);
    if (f.path !== 'SKILL.md' && f.content) notes.push(words.namedByScript);
    return `  ${padToWidth(visibleLine(f.path), width)}  ${sizes[i]!.padStart(sizeWidth)}${notes.length ? color.dim(`  (${notes.join('; ')})`) : ''}`;
  });
}

function fileText(skill: Skill, file: VersionFile, words: ReviewWords): string[] {
  const text = file.content && textOf(file.content);
  if (text === undefined) return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const shown = lines.slice(0, SHOWN_LINES);
  const gutter = String(shown.length).length;
  const out = [
    '',
    color.bold(`── ${visibleLine(file.path)} ──`),
    ...shown.map((line, i) => `${color.dim(String(i + 1).padStart(gutter))}  ${visibleLine(line)}`),
  ];
  if (lines.length > shown.length) {
    const where = visibleLine(path.join(skill.dir, ...file.path.split('/')));
    out.push(color.yellow(words.moreLines(lines.length - shown.length, where)));
  }
  return out;
}

export function versionView(skill: Skill, version: FolderVersion, state: ReviewState, words: ReviewWords): string {
  const risk = (r: Risk) => (r === 'high' ? color.red(words.risk(r)) : color.green(words.risk(r)));
  const declared =
    state.overridden && skill.risk !== skill.declaredRisk
      ? words.riskRaised(risk(skill.risk), risk(skill.declaredRisk), color.bold(state.overridden.name))
      : words.riskAsDeclared(risk(skill.risk));
  let reviewState = state.reviewedHash
    ? words.changedSinceReview(state.reviewedHash.slice(0, 12))
    : words.neverReviewed;
  if (state.effectiveRisk !== skill.risk) reviewState += words.runsAsUntilReviewed(risk(state.effectiveRisk));
  const label = (l: string) => color.dim(l);
  const labels = Object.values(words.labels);
  const labelWidth = Math.max(...labels.map((x) => stringWidth(x)));
  const pad = (l: string) => label(padToWidth(l, labelWidth));
  return [
    color.bold(words.heading(skill.name)),
    `  ${pad(words.labels.risk)}  ${declared}`,
    `  ${pad(words.labels.kind)}  ${words.kind(skill.kind)}`,
    `  ${pad(words.labels.state)}  ${color.yellow(reviewState)}`,
    `  ${pad(words.labels.folder)}  ${visibleLine(skill.dir)}`,
    '',
    words.files(version.files.length),
    ...fileRows(version, words),
    ...version.files.flatMap((f) => fileText(skill, f, words)),
    '',
    `${label(words.labels.version)}  ${version.hash}`,
  ].join('\n');
}
