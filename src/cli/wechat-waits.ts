/**
 * What `ias wechat` waits for — the bot's login, the owner's pairing code — and, when a wait ends
 * without it (a time-out, a puppet that failed), why, in the owner's language.
 */
import type { WechatStatus } from '../core/channels/wechat-bot.js';
import type { WechatService } from '../core/channels/wechat-service.js';
import { PAIRING_TTL_MS, type PairingSession } from '../core/channels/pairing.js';
import type { OwnerBinding } from '../core/channels/wechat-settings.js';
import { printQr } from './wechat-qr.js';
import type { WechatWords } from './wechat-words.js';
import { sayWechatError } from '../shared/wechat-errors.js';

export const LOGIN_WAIT_MS = 5 * 60_000;

/** A wait that ended without what it waited for; its message is said in the owner's language. */
export class WechatWaitFailed extends Error {}

/**
 * Waits until the bot is logged in, printing QR codes as they come — or, with `scan: false`, fails
 * when a scan would be needed (the saved session is gone).
 */
export function loggedIn(
  service: WechatService,
  words: WechatWords,
  options: { timeoutMs?: number; scan?: boolean } = {},
): Promise<WechatStatus> {
  const timeoutMs = options.timeoutMs ?? LOGIN_WAIT_MS;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      service.bot.off('status', onStatus);
      reject(new WechatWaitFailed(message));
    };
    const timer = setTimeout(() => fail(words.noLoginWithin(Math.round(timeoutMs / 1000))), timeoutMs);
    const onStatus = (status: WechatStatus) => {
      if (status.state === 'waiting-for-scan' && options.scan === false) fail(words.sessionExpired);
      else if (status.state === 'waiting-for-scan' && status.qr) void printQr(status.qr);
      else if (status.state === 'logged-in') {
        clearTimeout(timer);
        service.bot.off('status', onStatus);
        resolve(status);
      } else if (status.state === 'error') {
        // What iAs says (a package not installed, say) by its code; a puppet's own words as they were said.
        fail(status.error ? sayWechatError(words.errors, status.error, status.errorCode) : words.puppetFailed);
      }
    };
    service.bot.on('status', onStatus);
    void service.start();
  });
}

/**
 * Waits for the owner to send the pairing code, until the session expires — or until the bot can
 * no longer receive it (WeChat logged it out, its puppet failed), which is said at once.
 */
export function pairedOwner(
  service: WechatService,
  words: WechatWords,
  session: PairingSession,
): Promise<{ name: string }> {
  return new Promise((resolve, reject) => {
    const end = () => {
      clearTimeout(timer);
      service.router.off('paired', onPaired);
      service.bot.off('status', onStatus);
    };
    const onPaired = (bound: OwnerBinding) => {
      end();
      resolve({ name: bound.mode === 'contact' ? bound.name : 'self' });
    };
    const onStatus = (status: WechatStatus) => {
      if (status.state !== 'logged-out' && status.state !== 'error') return;
      end();
      const why =
        status.state === 'logged-out'
          ? words.loggedOutWhilePairing
          : status.error
            ? sayWechatError(words.errors, status.error, status.errorCode)
            : words.puppetFailed;
      reject(new WechatWaitFailed(why));
    };
    const timer = setTimeout(
      () => {
        end();
        reject(new WechatWaitFailed(words.noPairingCodeWithin(Math.round(PAIRING_TTL_MS / 60_000))));
      },
      Math.max(0, session.expiresAt - Date.now()),
    );
    service.router.once('paired', onPaired);
    service.bot.on('status', onStatus);
  });
}
