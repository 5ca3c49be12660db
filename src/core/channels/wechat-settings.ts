/**
 * WeChat settings: which puppet runs the bot, who the owner is (and whether the bot's latest login
 * found them), and the chat conversation.
 */
import type { SettingsRepo } from '../store/settings-repo.js';

export const DEFAULT_PUPPET = 'wechaty-puppet-wechat4u';

export interface PuppetSettings {
  /** A puppet package: wechaty-puppet-wechat4u (default), wechaty-puppet-service, or any other. */
  name: string;
  /**
   * For wechaty-puppet-service: { endpoint }; passed to the puppet as given, with the token from the
   * secret store (see puppet-token.ts). Only a setting an earlier iAs saved holds a token.
   */
  options?: Record<string, unknown>;
}

/** The owner: a paired contact, or "the bot is my own account" (replies via 文件传输助手). */
export type OwnerBinding =
  { mode: 'contact'; contactId: string; name: string; boundAt: number } | { mode: 'self'; boundAt: number };

export interface WechatAccount {
  id: string;
  name: string;
  loggedInAt: number;
}

const KEYS = {
  puppet: 'wechat.puppet',
  owner: 'wechat.owner',
  account: 'wechat.account',
  ownerMissing: 'wechat.ownerMissing',
  conversation: 'wechat.conversation',
} as const;

export class WechatSettings {
  constructor(private readonly settings: SettingsRepo) {}

  puppet(): PuppetSettings {
    return this.settings.get<PuppetSettings>(KEYS.puppet) ?? { name: DEFAULT_PUPPET };
  }

  setPuppet(value: PuppetSettings): void {
    this.settings.set(KEYS.puppet, value);
  }

  owner(): OwnerBinding | undefined {
    return this.settings.get<OwnerBinding>(KEYS.owner);
  }

  /** A new owner (or none): whether the owner before was found no longer matters. */
  setOwner(value: OwnerBinding | undefined): void {
    if (value) this.settings.set(KEYS.owner, value);
    else this.settings.delete(KEYS.owner);
    this.settings.delete(KEYS.ownerMissing);
  }

  /**
   * Whether the paired contact was not found in the bot's latest login (contact ids can change with
   * each login). Kept as the binding it was found missing for, so a result for an owner before
   * never marks the owner now.
   */
  ownerMissing(): boolean {
    const owner = this.owner();
    const missing = this.settings.get<{ contactId: string; boundAt: number }>(KEYS.ownerMissing);
    return owner?.mode === 'contact' && missing?.contactId === owner.contactId && missing.boundAt === owner.boundAt;
  }

  /** Records whether the bot found the paired contact `owner`; only its own binding's record changes. */
  setOwnerFound(owner: OwnerBinding, found: boolean): void {
    const now = this.owner();
    if (owner.mode !== 'contact' || now?.mode !== 'contact') return;
    if (now.contactId !== owner.contactId || now.boundAt !== owner.boundAt || this.ownerMissing() === !found) return;
    if (found) this.settings.delete(KEYS.ownerMissing);
    else this.settings.set(KEYS.ownerMissing, { contactId: owner.contactId, boundAt: owner.boundAt });
  }

  account(): WechatAccount | undefined {
    return this.settings.get<WechatAccount>(KEYS.account);
  }

  setAccount(value: WechatAccount | undefined): void {
    if (value) this.settings.set(KEYS.account, value);
    else this.settings.delete(KEYS.account);
  }

  conversation(): string | undefined {
    return this.settings.get<string>(KEYS.conversation);
  }

  setConversation(id: string | undefined): void {
    if (id) this.settings.set(KEYS.conversation, id);
    else this.settings.delete(KEYS.conversation);
  }
}

/** Whether a setting is the record of the owner's contact being found (the WeChat status changes with it). */
export function isOwnerMissingSetting(key: string): boolean {
  return key === KEYS.ownerMissing;
}
