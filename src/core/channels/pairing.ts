/**
 * Owner pairing: the app shows a short code; the owner sends it from their WeChat to the bot; that
 * contact becomes the owner. Started only from the app (or `ias wechat pair` at the terminal).
 */
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I/L
export const PAIRING_TTL_MS = 10 * 60_000;

/**
 * 6 characters of the alphabet, never digits alone: the approval gate reads the owner's messages
 * first, and takes 6 digits alone for an answer to it (so the owner pairing again would never pair).
 */
function newCode(): string {
  for (;;) {
    const code = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (!/^\d+$/.test(code)) return code;
  }
}

export class PairingSession {
  readonly code: string;
  readonly expiresAt: number;

  constructor(now = Date.now()) {
    this.code = newCode();
    this.expiresAt = now + PAIRING_TTL_MS;
  }

  /** Whether a direct message is the pairing code (case and spaces ignored), while it is valid. */
  matches(text: string, now = Date.now()): boolean {
    return now < this.expiresAt && text.normalize('NFKC').replace(/\s+/g, '').toUpperCase() === this.code;
  }
}
