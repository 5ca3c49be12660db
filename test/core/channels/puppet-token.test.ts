import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileSecretStore, type SecretStore } from '../../../src/core/approval/key-store.js';
import { PUPPET_TOKEN_SECRET, puppetToken } from '../../../src/core/channels/puppet-token.js';
import { WechatService } from '../../../src/core/channels/wechat-service.js';
import type { PuppetSettings } from '../../../src/core/channels/wechat-settings.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import { tempDir } from '../../helpers/temp.js';

const AUTO_LOGIN = path.resolve('test/fixtures/auto-login-puppet.mjs');
const TOKEN = 'puppet_service_Kp4Rt7Nb2Hs6';
const OLD_PUPPET: PuppetSettings = { name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1', token: TOKEN } };

/** A data folder whose database holds the puppet setting as an earlier iAs saved it (the token in it). */
function oldHome(): string {
  const home = tempDir('ias-token-');
  fs.mkdirSync(path.join(home, 'system'));
  const store = openStore(path.join(home, 'ias.db'));
  store.settings.set('wechat.puppet', OLD_PUPPET);
  store.close();
  return home;
}

/** Opens the core over `home` (with `secrets`, else its private files), runs `check`, closes it. */
async function withRuntime(home: string, check: (runtime: Runtime) => Promise<void>, secrets?: SecretStore) {
  const runtime = await openRuntime({ home, systemSkills: path.join(home, 'system'), secrets });
  try {
    await check(runtime);
  } finally {
    await runtime.close();
  }
}

/** The token is in the secret store, and the puppet setting keeps the rest. */
function expectMoved(runtime: Runtime): void {
  expect(puppetToken(runtime.secrets)).toBe(TOKEN);
  expect(runtime.store.settings.get('wechat.puppet')).toEqual({
    name: AUTO_LOGIN,
    options: { endpoint: 'grpc://127.0.0.1:1' },
  });
}

/** The options the puppet of a WechatService over `runtime` is made with. */
async function puppetOptions(runtime: Runtime): Promise<Record<string, unknown>> {
  const file = path.join(runtime.paths.home, 'puppet-options.json');
  vi.stubEnv('IAS_TEST_PUPPET_OPTIONS', file);
  const service = new WechatService({
    dataDir: runtime.paths.home,
    gate: runtime.gate,
    settings: runtime.store.settings,
    secrets: runtime.secrets,
    reconnect: false,
  });
  try {
    await service.start();
    await vi.waitFor(() => expect(fs.existsSync(file)).toBe(true), { timeout: 10_000 });
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } finally {
    await service.stop();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the puppet service token', () => {
  it('found in the database, moves to the secret store on open, once; the puppet gets it from there', async () => {
    const home = oldHome();
    await withRuntime(home, async (runtime) => {
      expectMoved(runtime);
      expect(await puppetOptions(runtime)).toEqual({ endpoint: 'grpc://127.0.0.1:1', token: TOKEN });
    });
    await withRuntime(home, async (again) => expectMoved(again));
  });

  it('stays in the database while the secret store cannot take it, and the puppet still gets it', async () => {
    const home = oldHome();
    const files = new FileSecretStore(path.join(home, 'secrets'));
    const unwritable: SecretStore = {
      keptIn: 'file',
      get: (name) => files.get(name),
      set: (name, value) => {
        if (name === PUPPET_TOKEN_SECRET) throw new Error('the keychain is locked');
        files.set(name, value);
      },
      delete: (name) => files.delete(name),
    };
    await withRuntime(
      home,
      async (runtime) => {
        expect(runtime.store.settings.get('wechat.puppet')).toEqual(OLD_PUPPET);
        expect(await puppetOptions(runtime)).toEqual({ endpoint: 'grpc://127.0.0.1:1', token: TOKEN });
      },
      unwritable,
    );
    // The next open that can write it moves it.
    await withRuntime(home, async (later) => expectMoved(later));
  });
});
