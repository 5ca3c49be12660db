/** A real core (gateWorld) with iAs's WeChat service on a wechaty-puppet-mock bot. */
import type { Agent } from '../../src/core/agent/agent.js';
import { WechatService } from '../../src/core/channels/wechat-service.js';
import { gateWorld, type GateWorld } from './gate.js';
import { MOCK_IDS, startMockWeChat, type MockWeChat } from './wechat-mock.js';

export interface WechatWorld extends GateWorld {
  wx: MockWeChat;
  service: WechatService;
  shutdown(): Promise<void>;
}

export async function wechatWorld(
  options: {
    ttlMs?: number;
    owner?: 'contact' | 'self' | 'none';
    agent?: (world: GateWorld) => Agent;
    /** The bot retries after a failure (off by default: a test fails the bot to see it stay down). */
    reconnect?: boolean;
  } = {},
): Promise<WechatWorld> {
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
  const owner = options.owner ?? 'contact';
  if (owner === 'contact') {
    service!.settings.setOwner({ mode: 'contact', contactId: MOCK_IDS.owner, name: 'Owner', boundAt: Date.now() });
  } else if (owner === 'self') {
    service!.router.bindSelf();
  }
  return {
    ...world,
    wx,
    service: service!,
    async shutdown() {
      await service!.router.idle();
      await service!.stop();
      await wx.stop();
      world.close();
    },
  };
}
