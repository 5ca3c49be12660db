/**
 * WeChat for iAs: the bot, the approval channel (first in preference, before the desktop), the
 * router, and the wiring between them and the gate. A channel that goes away hands its waiting
 * approval to the next channel.
 */
import type { Agent } from '../agent/agent.js';
import type { ApprovalGate } from '../approval/gate.js';
import type { SecretStore } from '../approval/key-store.js';
import { ownerLocale } from '../owner-locale.js';
import type { Runtime } from '../runtime.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { puppetWithToken } from './puppet-token.js';
import { isWechatError, WechatBot, type WechatBotOptions, type WechatStatus } from './wechat-bot.js';
import { WechatChannel } from './wechat-channel.js';
import { WechatRouter } from './wechat-router.js';
import { WechatSettings, type OwnerBinding } from './wechat-settings.js';

export type WechatServiceOptions = {
  dataDir: string;
  gate: ApprovalGate;
  settings: SettingsRepo;
  agent?: Agent;
  reconnect?: boolean;
} & (
  | {
      /** A puppet instance or package (tests use wechaty-puppet-mock), used as given. */
      puppet: WechatBotOptions['puppet'];
      secrets?: undefined;
    }
  | {
      puppet?: undefined;
      /** The puppet in settings, with the puppet service's token from here. */
      secrets: SecretStore;
    }
);

export class WechatService {
  readonly settings: WechatSettings;
  readonly bot: WechatBot;
  readonly channel: WechatChannel;
  readonly router: WechatRouter;

  constructor(options: WechatServiceOptions) {
    this.settings = new WechatSettings(options.settings);
    this.bot = new WechatBot({
      dataDir: options.dataDir,
      puppet: options.puppet ?? puppetWithToken(this.settings.puppet(), options.secrets),
      reconnect: options.reconnect,
    });
    this.channel = new WechatChannel(this.bot, this.settings);
    options.gate.addChannel(this.channel, 'first');
    this.router = new WechatRouter({
      bot: this.bot,
      channel: this.channel,
      gate: options.gate,
      settings: this.settings,
      agent: options.agent,
      locale: () => ownerLocale(options.settings),
    });
    this.bot.on('status', (status) => {
      if (status.state === 'logged-in' && status.user) {
        this.settings.setAccount({ ...status.user, loggedInAt: Date.now() });
        void this.channel.checkOwner();
      } else if (status.state !== 'starting') {
        void options.gate.channelDown(this.channel.name);
      }
    });
    // Asked again once the puppet has every contact (wechat4u's list fills in after the login).
    this.bot.on('ready', () => void this.channel.checkOwner());
  }

  /** `ownerMissing`: the paired contact was not found in the bot's latest login. */
  status(): WechatStatus & { owner?: OwnerBinding; ownerMissing?: true } {
    return {
      ...this.bot.status,
      owner: this.settings.owner(),
      ...(this.settings.ownerMissing() ? { ownerMissing: true as const } : {}),
    };
  }

  start(): Promise<void> {
    return this.bot.start();
  }

  async stop(): Promise<void> {
    this.router.close();
    await this.bot.stop();
  }

  /** Logs the bot out; the router stays, so a later login (Settings → Log in) is heard as before. */
  async logout(): Promise<void> {
    this.router.endPairing();
    await this.bot.logout();
    this.settings.setAccount(undefined);
  }
}

/**
 * WeChat over a runtime: its data folder, gate, settings and puppet token. With `chat`, the owner's
 * messages are answered by the runtime's agent (source "chat"); without, WeChat only carries
 * approvals and pairing (`ias wechat login` and the like, which also do not reconnect).
 */
export function runtimeWechat(
  runtime: Pick<Runtime, 'paths' | 'gate' | 'store' | 'secrets' | 'agent'>,
  options: { chat: boolean },
): WechatService {
  return new WechatService({
    dataDir: runtime.paths.home,
    gate: runtime.gate,
    settings: runtime.store.settings,
    secrets: runtime.secrets,
    ...(options.chat ? { agent: runtime.agent({ source: 'chat' }) } : { reconnect: false }),
  });
}

/**
 * Contains what the WeChat stack throws outside any call of ours (the wechat4u puppet throws when
 * WeChat's servers cannot be reached): it becomes the bot's error status, never a crash. Anything
 * else keeps its usual fatal course. Returns the function that removes the guard.
 */
export function containWechatFailures(bot: WechatBot): () => void {
  const onError = (err: unknown) => {
    if (isWechatError(err)) {
      bot.fail(err);
      return;
    }
    process.removeListener('uncaughtException', onError);
    process.removeListener('unhandledRejection', onError);
    throw err;
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.removeListener('uncaughtException', onError);
    process.removeListener('unhandledRejection', onError);
  };
}
