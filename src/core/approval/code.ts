/**
 * One-time approval codes: 6 digits from a cryptographic RNG, stored only as an HMAC bound to the
 * approval id, the skill, the canonical params hash and the skill hash; compared in constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ApprovalRow } from '../store/approvals-repo.js';
import { sha256Hex } from './canonical.js';

export interface CodeBinding {
  approvalId: string;
  skillName: string;
  paramsHash: string;
  skillHash: string;
}

/** What the code of approval `row` is bound to. */
export function codeBinding(row: Pick<ApprovalRow, 'id' | 'skillName' | 'params' | 'skillHash'>): CodeBinding {
  // The params hash is recomputed from the stored params, so a row edited behind the gate's back
  // no longer matches the code that was sent.
  return { approvalId: row.id, skillName: row.skillName, paramsHash: sha256Hex(row.params), skillHash: row.skillHash };
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function codeHmac(key: Buffer, binding: CodeBinding, code: string): string {
  return createHmac('sha256', key)
    .update(
      ['ias-approval-v1', binding.approvalId, binding.skillName, binding.paramsHash, binding.skillHash, code].join(
        '\0',
      ),
    )
    .digest('hex');
}

export function codeMatches(key: Buffer, binding: CodeBinding, code: string, storedHmac: string): boolean {
  const expected = Buffer.from(storedHmac, 'hex');
  const actual = Buffer.from(codeHmac(key, binding, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Text as typed, for codes: full-width digits as ASCII (NFKC), without surrounding space. */
export function normalizeCodeText(text: string): string {
  return text.normalize('NFKC').trim();
}

/**
 * Whether the code is anywhere in `text` (normalized), among other words or typed in groups
 * ("123 456", "123,456", "123、456").
 */
export function codeInText(key: Buffer, binding: CodeBinding, text: string, storedHmac: string): boolean {
  return codeCandidates(text).some((w) => codeMatches(key, binding, w, storedHmac));
}

/**
 * Every 6 digits in `text` (normalized) that could be a code, among other words or typed in groups
 * ("123 456", "123,456", "123、456"): each 6 in a row of a longer run too. Each number once: a run
 * repeating one number is compared once, not once per place it is found.
 */
export function codeCandidates(text: string): string[] {
  const runs = text.replace(/(?<=\d)[\s.\-·,、_/]+(?=\d)/g, '').match(/\d{6,}/g) ?? [];
  const windows = new Set<string>();
  for (const run of runs) for (let i = 0; i + 6 <= run.length; i++) windows.add(run.slice(i, i + 6));
  return [...windows];
}
