/**
 * One-time approval codes: 6 digits from a cryptographic RNG, stored only as an HMAC bound to the
 * approval id, the skill, the canonical params hash and the skill hash; compared in constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export interface CodeBinding {
  approvalId: string;
  skillName: string;
  paramsHash: string;
  skillHash: string;
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
