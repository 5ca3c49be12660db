/**
 * What `ias wechat login | pair` say when a wait ends without what it waited for: a real WeChat
 * service on wechaty-puppet-mock (a bot that never logs in, or whose saved session is gone).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PuppetMock, mock } from 'wechaty-puppet-mock';
import { PairingSession, PAIRING_TTL_MS } from '../../src/core/channels/pairing.js';
import { WechatService } from '../../src/core/channels/wechat-service.js';
import { loggedIn, pairedOwner, WechatWaitFailed } from '../../src/cli/wechat-waits.js';
import { wechatWords } from '../../src/cli/wechat-words.js';
import { gateWorld, type GateWorld } from '../helpers/gate.js';

/** A puppet that asks for a scan as it starts: the saved session is gone. */
class ScanOnStartPuppet extends PuppetMock {
  constructor(private readonly scanner = new mock.Mocker()) {
    super({ mocker: scanner });
  }

  override async onStart(): Promise<void> {
    await super.onStart();
    this.scanner.scan('https://login.weixin.qq.com/l/ias-test-expired');
  }
}

let opened: { world: GateWorld; service: WechatService }[] = [];

function serviceOver(puppet: PuppetMock): WechatService {
  const world = gateWorld({ wechatConnected: false });
  const service = new WechatService({
    dataDir: world.home,
    gate: world.gate,
    settings: world.store.settings,
    puppet,
    reconnect: false,
  });
  opened.push({ world, service });
  return service;
}

afterEach(async () => {
  for (const { world, service } of opened) {
    await service.stop();
    world.close();
  }
  opened = [];
});

async function failure(wait: Promise<unknown>): Promise<WechatWaitFailed> {
  const err = await wait.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WechatWaitFailed);
  return err as WechatWaitFailed;
}

describe('ias wechat: a wait that ends without what it waited for is said in the owner’s language', () => {
  it('no login in time', async () => {
    const zh = await failure(loggedIn(serviceOver(new PuppetMock()), wechatWords['zh-CN'], { timeoutMs: 1000 }));
    expect(zh.message).toBe('1 秒内没有登录：请再次运行该命令并扫描新的二维码');
    const en = await failure(loggedIn(serviceOver(new PuppetMock()), wechatWords.en, { timeoutMs: 1000 }));
    expect(en.message).toBe('no login within 1 s: run the command again and scan the new QR code');
  });

  it('a saved session that has expired, when no scan is wanted', async () => {
    const zh = await failure(loggedIn(serviceOver(new ScanOnStartPuppet()), wechatWords['zh-CN'], { scan: false }));
    expect(zh.message).toBe('保存的会话已过期');
  });

  it('no pairing code before the session expires', async () => {
    const service = serviceOver(new PuppetMock());
    const expired = () => new PairingSession(Date.now() - PAIRING_TTL_MS);
    const zh = await failure(pairedOwner(service, wechatWords['zh-CN'], expired()));
    expect(zh.message).toBe('10 分钟内没有收到配对码：请再次运行 `ias wechat pair` 获取新的配对码');
    const en = await failure(pairedOwner(service, wechatWords.en, expired()));
    expect(en.message).toBe('no pairing code arrived within 10 minutes: run `ias wechat pair` again for a new one');
    expect(service.router.listenerCount('paired')).toBe(0);
  });
});
