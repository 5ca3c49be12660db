/**
 * The WeChat bot: a Wechaty instance run by iAs, its login (QR code), status, reconnection with
 * back-off, and a clean logout. A failing puppet — at start or asynchronously — never takes iAs
 * down: it becomes an 'error' status and a retry.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Message, Wechaty } from 'wechaty';
import type * as PUPPET from 'wechaty-puppet';
import { wechatErrorText, type WechatErrorCode } from '../../shared/wechat-errors.js';
import type { PuppetSettings } from './wechat-settings.js';

export type WechatState =
  'stopped' | 'starting' | 'waiting-for-scan' | 'logged-in' | 'logged-out' | 'reconnecting' | 'error';

export interface WechatStatus {
  state: WechatState;
  /** The QR code's text while waiting for a scan (render it as a QR image). */
  qr?: string;
  user?: { id: string; name: string };
  /** What went wrong, in English (a puppet's own words as they came). */
  error?: string;
  /** What went wrong, when iAs itself says it: its code, for a UI to say it in its language. */
  errorCode?: WechatErrorCode;
  /** When the next reconnection attempt is due (ms since epoch). */
  retryAt?: number;
}

export interface WechatBotOptions {
  /** Where the login session (the memory card, a credential) is kept. */
  dataDir: string;
  puppet: PuppetSettings | PUPPET.impls.PuppetInterface;
  /** Reconnect after errors and unexpected logouts. */
  reconnect?: boolean;
  maxBackoffMs?: number;
}

/** The bot's login session (a credential, kept 0600). */
export function wechatSessionFile(dataDir: string): string {
  return path.join(dataDir, 'wechat', 'session.memory-card.json');
}

/**
 * Whether a login session is kept: something a puppet saved in the session `file` (wechat4u keeps its
 * login there, and removes it at a logout). The empty file iAs makes before a first login, which a
 * login that failed leaves behind, holds none.
 */
export function wechatSessionSaved(file: string): boolean {
  try {
    const card = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return typeof card === 'object' && card !== null && Object.keys(card).length > 0;
  } catch {
    return false;
  }
}

/** Long enough to be a credential: a shorter token could be a word of the message itself. */
const SHORTEST_HIDDEN_TOKEN = 8;
const HIDDEN_TOKEN = '[token hidden]';

const CATCH_ALLS = ['uncaughtException', 'unhandledRejection'] as const;
type Listener = (...args: unknown[]) => void;
/** The process as a plain emitter: its catch-alls' listeners, whatever their event. */
const processEvents: NodeJS.EventEmitter = process;

/**
 * What the WeChat stack throws once no bot is guarded (containWechatFailures), such as the wechat4u
 * puppet's own logout handler failing after its bot was stopped, is dropped; anything else keeps its
 * usual fatal course.
 */
function dropStrayWechatErrors(err: unknown): void {
  if (isWechatError(err)) return;
  for (const event of CATCH_ALLS) processEvents.removeListener(event, dropStrayWechatErrors);
  throw err;
}

/**
 * Imports a module of the WeChat stack in place of the process-wide catch-alls it installs as it
 * loads: wechat4u adds an `uncaughtException` listener that prints every uncaught error with its
 * stack (on the terminal of `ias wechat` and `ias serve`) and so keeps any crash from ending iAs;
 * wechaty does the same with WECHATY_LOG=verbose. What they caught of their own is dropped instead.
 */
async function importWithoutCatchAlls(name: string): Promise<Record<string, unknown>> {
  const before = new Map(CATCH_ALLS.map((event) => [event, new Set(processEvents.listeners(event))]));
  try {
    return (await import(name)) as Record<string, unknown>;
  } finally {
    for (const event of CATCH_ALLS) {
      const added = processEvents.listeners(event).filter((listener) => !before.get(event)!.has(listener));
      for (const listener of added) processEvents.removeListener(event, listener as Listener);
      if (added.length > 0 && !processEvents.listeners(event).includes(dropStrayWechatErrors)) {
        processEvents.on(event, dropStrayWechatErrors);
      }
    }
  }
}

/**
 * WeChat's own log at `verbose` or `silly` (WECHATY_LOG, or a level it does not know, which it
 * takes as `silly`) prints every message sent and received, approval codes included
 * (`Contact.say(…)`). Codes are never logged: that log is kept at `info` at most.
 */
function keepCodesOutOfLog(log: Leveled): void {
  if (['verbose', 'silly'].includes(log.level())) log.level('info');
}

interface Leveled {
  level(name?: string): string;
}

/**
 * The log that wechaty-token (how wechaty-puppet-service finds its service) writes to is brolog's
 * shared one, apart from WeChat's own: its warnings quote the puppet service's token (the address
 * it asks, "token … does not exist"), a credential never to be printed. That log says errors only.
 * Reached through WeChat's log, which is made by the same brolog (`wechatyLog`).
 */
function keepTokenOutOfLog(wechatyLog: Leveled): void {
  const shared = (wechatyLog.constructor as { instance?: () => Leveled }).instance?.();
  if (shared && !['silent', 'error'].includes(shared.level())) shared.level('error');
}

/** Loads a puppet package by name and makes an instance (any package that exports a Puppet class). */
export async function loadPuppet(settings: PuppetSettings): Promise<PUPPET.impls.PuppetInterface> {
  let mod: Record<string, unknown>;
  try {
    mod = await importWithoutCatchAlls(settings.name);
  } catch (err) {
    throw new WechatError(
      wechatErrorText('puppet-not-installed', { name: settings.name, detail: (err as Error).message }),
    );
  }
  const candidates = [
    mod.default,
    ...Object.entries(mod)
      .filter(([k]) => /^Puppet/.test(k))
      .map(([, v]) => v),
  ];
  const Puppet = candidates.find((c) => typeof c === 'function') as
    (new (options?: Record<string, unknown>) => PUPPET.impls.PuppetInterface) | undefined;
  if (!Puppet) throw new WechatError(wechatErrorText('puppet-not-a-puppet', { name: settings.name }));
  return new Puppet(settings.options ?? {});
}

/** A failure iAs itself says (see wechat-errors.ts), with its code. */
export class WechatError extends Error {
  readonly errorCode: WechatErrorCode;

  constructor({ message, errorCode }: { message: string; errorCode: WechatErrorCode }) {
    super(message);
    this.name = 'WechatError';
    this.errorCode = errorCode;
  }
}

/** `ready`: the puppet has its contact list (wechat4u: some time after the login). */
export class WechatBot extends EventEmitter<{ status: [WechatStatus]; message: [Message]; ready: [] }> {
  private wechaty: Wechaty | undefined;
  private current: WechatStatus = { state: 'stopped' };
  private retry: { timer: NodeJS.Timeout; at: number } | undefined;
  private failures = 0;
  private stopping = false;
  /** Counts starts and stops: a start overtaken by a later start or a stop builds nothing more. */
  private runs = 0;

  constructor(private readonly options: WechatBotOptions) {
    super();
  }

  get status(): WechatStatus {
    return this.current;
  }

  get bot(): Wechaty | undefined {
    return this.wechaty;
  }

  get memoryFile(): string {
    return wechatSessionFile(this.options.dataDir);
  }

  private setStatus(status: WechatStatus): void {
    this.current = status;
    this.emit('status', status);
  }

  /**
   * Starts the bot, in place of any bot already there (Log in while a retry waits, say: the earlier
   * bot is stopped first, never left up beside the new one). Never throws: a failure becomes the
   * 'error' status (and a retry).
   */
  async start(): Promise<void> {
    const run = ++this.runs;
    this.stopping = false;
    this.cancelRetry();
    this.setStatus({ state: 'starting' });
    await this.shutdown();
    if (run !== this.runs) return;
    try {
      // The session file is a credential: private folder, 0600 file, made before the puppet writes it.
      fs.mkdirSync(path.dirname(this.memoryFile), { recursive: true, mode: 0o700 });
      if (!fs.existsSync(this.memoryFile)) fs.writeFileSync(this.memoryFile, '{}', { mode: 0o600 });
      else fs.chmodSync(this.memoryFile, 0o600);
      const given = this.options.puppet;
      const puppet = isPuppetSettings(given) ? await loadPuppet(given) : given;
      // Loaded when the bot first starts: wechaty is large, and most runs of iAs never need it.
      const { WechatyBuilder, log } = (await importWithoutCatchAlls('wechaty')) as typeof import('wechaty');
      keepCodesOutOfLog(log);
      keepTokenOutOfLog(log);
      if (run !== this.runs) return;
      const bot = WechatyBuilder.build({ name: this.memoryFile, puppet });
      this.wechaty = bot;
      bot.on('scan', (qr) => this.setStatus({ state: 'waiting-for-scan', qr }));
      bot.on('login', (user) => {
        this.failures = 0;
        this.setStatus({ state: 'logged-in', user: { id: user.id, name: user.name() } });
      });
      bot.on('logout', () => {
        this.setStatus({ state: 'logged-out' });
        if (!this.stopping) this.scheduleRestart(wechatErrorText('logged-out', {}));
      });
      bot.on('ready', () => {
        this.emit('ready');
      });
      bot.on('error', (err) => this.fail(err));
      bot.on('message', (message) => {
        this.emit('message', message);
      });
      await bot.start();
    } catch (err) {
      if (run === this.runs) this.fail(err);
    }
  }

  /** A puppet failure, reported and retried; never thrown. */
  fail(err: unknown): void {
    const message = this.withoutToken(err instanceof Error ? err.message : String(err));
    // iAs's own words carry their code; a puppet's come as they were said.
    const reason = err instanceof WechatError ? { message, errorCode: err.errorCode } : { message };
    this.setStatus({
      ...this.current,
      state: 'error',
      error: message,
      errorCode: reason.errorCode,
      qr: undefined,
    });
    if (!this.stopping) this.scheduleRestart(reason);
  }

  /**
   * A puppet's words with the puppet service's token hidden: a credential, never to be shown, which
   * a puppet may quote (wechaty-puppet-service, asking for a token with a prefix, shows it with one).
   */
  private withoutToken(text: string): string {
    const given = this.options.puppet;
    const token = isPuppetSettings(given) ? given.options?.token : undefined;
    if (typeof token !== 'string' || token.trim().length < SHORTEST_HIDDEN_TOKEN) return text;
    return text.split(token.trim()).join(HIDDEN_TOKEN);
  }

  /** Arms one retry; a failure while it waits is shown, and the bot is still reconnecting at that time. */
  private scheduleRestart(reason: { message: string; errorCode?: WechatErrorCode }): void {
    if (this.options.reconnect === false) return;
    if (!this.retry) {
      this.failures++;
      const delay = Math.min(this.options.maxBackoffMs ?? 60_000, 1000 * 2 ** Math.min(this.failures - 1, 10));
      const timer = setTimeout(() => {
        this.retry = undefined;
        if (!this.stopping) void this.start();
      }, delay);
      timer.unref();
      this.retry = { timer, at: Date.now() + delay };
    }
    this.setStatus({
      state: 'reconnecting',
      error: reason.message,
      ...(reason.errorCode ? { errorCode: reason.errorCode } : {}),
      retryAt: this.retry.at,
    });
  }

  private cancelRetry(): void {
    clearTimeout(this.retry?.timer);
    this.retry = undefined;
  }

  private async shutdown(): Promise<void> {
    const bot = this.wechaty;
    this.wechaty = undefined;
    if (!bot) return;
    (bot as unknown as EventEmitter).removeAllListeners();
    bot.on('error', () => undefined);
    try {
      await bot.stop();
    } catch {
      // A puppet that fails to stop is gone all the same.
    }
  }

  async stop(): Promise<void> {
    this.runs++;
    this.stopping = true;
    this.cancelRetry();
    await this.shutdown();
    this.setStatus({ state: 'stopped' });
  }

  /** Logs the account out and forgets the session. */
  async logout(): Promise<void> {
    this.stopping = true;
    try {
      if (this.wechaty?.isLoggedIn) await this.wechaty.logout();
    } catch {
      // Logged out locally all the same.
    }
    await this.stop();
    fs.rmSync(this.memoryFile, { force: true });
  }
}

function isPuppetSettings(p: PuppetSettings | PUPPET.impls.PuppetInterface): p is PuppetSettings {
  return typeof (p as { start?: unknown }).start !== 'function';
}

/** True for errors that come from the WeChat stack (so a process-wide guard can contain them). */
export function isWechatError(err: unknown): boolean {
  const stack = err instanceof Error ? `${err.stack ?? ''}` : String(err);
  return /wechaty|wechat4u|puppet|memory-card/i.test(stack);
}
