/**
 * What iAs itself says of the WeChat bot's trouble (it was logged out, its puppet package cannot be
 * loaded), as a stable code with its parameters, so that a UI can say it in its own language; and
 * how each reads in English. An error of the puppet's own has no code: its words are shown as they
 * came. Plain types and functions: no Node, no DOM.
 */
import { sayCoded } from './coded-text.js';

export interface WechatErrorParams {
  /** WeChat logged the bot's account out (from the phone, or the session ended); iAs logs in again. */
  'logged-out': Record<string, never>;
  /** The puppet package `name` cannot be loaded; `detail`: the loader's own words. */
  'puppet-not-installed': { name: string; detail: string };
  /** The package `name` exports no Wechaty puppet. */
  'puppet-not-a-puppet': { name: string };
}

export type WechatErrorName = keyof WechatErrorParams;

/** A WeChat error's code and parameters (one of {@link WechatErrorParams}). */
export type WechatErrorCode = { [C in WechatErrorName]: { code: C; params: WechatErrorParams[C] } }[WechatErrorName];

/** How each error (by its code) reads in a language. */
export type WechatErrorStrings = { [C in WechatErrorName]: (p: WechatErrorParams[C]) => string };

export const englishWechatErrors: WechatErrorStrings = {
  'logged-out': () => 'logged out',
  'puppet-not-installed': (p) => `the WeChat puppet "${p.name}" is not installed (${p.detail})`,
  'puppet-not-a-puppet': (p) => `the package "${p.name}" does not export a Wechaty puppet`,
};

/** The error `code` with `params`, in English, with its code. */
export function wechatErrorText<C extends WechatErrorName>(
  code: C,
  params: WechatErrorParams[C],
): { message: string; errorCode: WechatErrorCode } {
  const english = englishWechatErrors[code] as (p: WechatErrorParams[C]) => string;
  return { message: english(params), errorCode: { code, params } as WechatErrorCode };
}

/** The error in a language: by its code when `strings` know it, else the words that came with it. */
export function sayWechatError(strings: WechatErrorStrings, message: string, errorCode?: WechatErrorCode): string {
  return sayCoded(strings, message, errorCode);
}
