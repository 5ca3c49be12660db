/**
 * A real core (gateWorld) with iAs's WeChat service on a wechaty-puppet-mock bot, and iAs's bare
 * WeChat bot on a puppet package; each is shut down after the test that started it.
 */
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Agent, AgentOptions } from '../../src/core/agent/agent.js';
import { WechatBot } from '../../src/core/channels/wechat-bot.js';
import { WechatService } from '../../src/core/channels/wechat-service.js';
import { testAgent } from './agent.js';
import { gateWorld, type GateWorld } from './gate.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { tempDir } from './temp.js';
import { MOCK_IDS, startMockWeChat, type MockWeChat } from './wechat-mock.js';

/** A puppet package that logs in by itself, a new mock WeChat at each start (loaded by path, as the app loads one). */
export const AUTO_LOGIN_PUPPET = path.resolve('test/fixtures/auto-login-puppet.mjs');

/** What the running test started, shut down after it, the last started first. */
const started: (() => Promise<void>)[] = [];
afterEach(async () => {
  const failures: unknown[] = [];
  for (const stop of started.splice(0).reverse()) {
    try {
      await stop();
    } catch (err) {
      failures.push(err);
    }
  }
  // A shutdown that fails fails the test, as ever; the rest are shut down all the same.
  if (failures.length) throw failures[0];
});

export interface WechatWorld extends GateWorld {
  wx: MockWeChat;
  service: WechatService;
  /** Done after the test; the test may do it sooner. */
  shutdown(): Promise<void>;
}

export interface WechatWorldOptions {
  ttlMs?: number;
  owner?: 'contact' | 'self' | 'none';
  agent?: (world: GateWorld) => Agent;
  /** The bot retries after a failure (off by default: a test fails the bot to see it stay down). */
  reconnect?: boolean;
}

export async function wechatWorld(options: WechatWorldOptions = {}): Promise<WechatWorld> {
  // The desktop card is the fallback; the test stand-in for WeChat in gateWorld stays disconnected.
  const world = gateWorld({ ttlMs: options.ttlMs, wechatConnected: false });
  let service: WechatService | undefined;
  const wx = await startMockWeChat({
    startBot: async (puppet) => {
      service = new WechatService({
        dataDir: world.home,
        gate: world.gate,
        settings: world.store.settings,
        agent: options.agent?.(world),
        puppet,
        reconnect: options.reconnect ?? false,
      });
      await service.start();
      return service.bot.bot!;
    },
  });
  let down: Promise<void> | undefined;
  const shutdown = () =>
    (down ??= (async () => {
      await service!.router.idle();
      await service!.stop();
      await wx.stop();
      world.close();
    })());
  started.push(shutdown);
  const owner = options.owner ?? 'contact';
  if (owner === 'contact') {
    service!.settings.setOwner({ mode: 'contact', contactId: MOCK_IDS.owner, name: 'Owner', boundAt: Date.now() });
  } else if (owner === 'self') {
    service!.router.bindSelf();
  }
  return { ...world, wx, service: service!, shutdown };
}

export interface ChatWechatWorld extends WechatWorld {
  /** The scripted model server the owner's messages reach, through the agent. */
  model: ModelServer;
}

/**
 * A wechatWorld whose owner chats with iAs: an agent over its core (testAgent, with `agent`'s
 * options) talking to a scripted model server, `model`, closed after the test.
 */
export async function chatWechatWorld(
  options: Omit<WechatWorldOptions, 'agent'> & { agent?: Partial<AgentOptions> } = {},
): Promise<ChatWechatWorld> {
  const model = await startModelServer();
  started.push(() => model.close());
  const world = await wechatWorld({ ...options, agent: (core) => testAgent(core, model.url, options.agent) });
  return { ...world, model };
}

/**
 * iAs's WeChat bot alone, on the puppet package `puppet` (a name, or a path) with its `options`,
 * retrying after a failure at most `maxBackoffMs` apart; stopped after the test.
 */
export function wechatBot(puppet: string, maxBackoffMs: number, options?: Record<string, unknown>): WechatBot {
  const bot = new WechatBot({
    dataDir: tempDir(),
    puppet: { name: puppet, ...(options ? { options } : {}) },
    reconnect: true,
    maxBackoffMs,
  });
  started.push(() => bot.stop());
  return bot;
}
