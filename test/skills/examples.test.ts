/**
 * The example user skills in `skills/`: they load, they are copied switched off, and their node
 * scripts run as real processes against stand-ins (HTTP services, a UDP listener) on 127.0.0.1.
 */
import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRuntime } from '../../src/core/runtime.js';
import { executeSkill } from '../../src/core/skills/executor.js';
import { SkillRegistry } from '../../src/core/skills/registry.js';
import type { Skill } from '../../src/core/skills/types.js';
import { closedPort, startStandIn, type StandIn } from '../helpers/http-stand-in.js';
import { qweatherRoute, qweatherV2Error, tavilyError, tavilyRoute } from '../helpers/provider-shapes.js';
import { tempDir } from '../helpers/temp.js';

const EXAMPLES = path.resolve('skills');
const SYSTEM = path.resolve('resources/skills');
const cache = tempDir('ias-cache-');

const registry = new SkillRegistry({ systemDir: SYSTEM, userDir: EXAMPLES });
registry.loadAll();
const skill = (name: string): Skill => {
  const s = registry.get(name);
  if (!s) throw new Error(`no skill ${name}`);
  return s;
};
const run = (name: string, params: Record<string, unknown>, env: Record<string, string>) =>
  executeSkill(skill(name), params, { scriptCacheDir: cache, env });

describe('the shipped skills', () => {
  it('load from skills/ and resources/skills/ without a problem', () => {
    expect(registry.problems()).toEqual({ errors: [], warnings: [] });
    const examples = fs
      .readdirSync(EXAMPLES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(examples.sort()).toEqual(['query_qweather', 'search_tavily', 'start_pc']);
    for (const name of examples) {
      expect(skill(name)).toMatchObject({ source: 'user', kind: 'script', script: { language: 'node' } });
    }
    expect(skill('start_pc').risk).toBe('high');
    expect(skill('query_qweather').risk).toBe('low');
    expect(skill('search_tavily').risk).toBe('low');
    expect(skill('query_weather')).toMatchObject({ source: 'system', kind: 'builtin', risk: 'low' });
    expect(skill('search_web')).toMatchObject({ source: 'system', kind: 'builtin', risk: 'low' });
    expect(skill('search_web').config?.map((f) => [f.name, f.required, f.secret])).toEqual([
      ['TAVILY_API_KEY', 'search', true],
      ['SEARXNG_URL', 'search', false],
      ['TAVILY_API_URL', false, false],
    ]);
  });

  it('are copied into a new data folder switched off, once, and ask for their settings', async () => {
    const home = tempDir('ias-examples-');
    const runtime = await openRuntime({ home, systemSkills: SYSTEM, exampleSkills: EXAMPLES });
    try {
      for (const name of ['query_qweather', 'search_tavily', 'start_pc']) {
        expect(fs.readFileSync(path.join(home, 'skills', name, 'SKILL.md'), 'utf8')).toBe(
          fs.readFileSync(path.join(EXAMPLES, name, 'SKILL.md'), 'utf8'),
        );
        expect(runtime.registry.get(name)?.source).toBe('user');
        // Their own switch: a system skill shipped later under the name is not switched off with them.
        expect(runtime.store.skillSettings.get(name)).toMatchObject({ enabled: true, userEnabled: false });
      }
      const offered = runtime.enabledSkills().map((s) => s.name);
      expect(offered).toEqual(expect.arrayContaining(['query_weather', 'search_web']));
      expect(offered).not.toEqual(expect.arrayContaining(['start_pc']));
      const qweather = runtime.registry.get('query_qweather')!;
      expect(runtime.skillConfig.missing(qweather)).toEqual([['QWEATHER_API_KEY']]);
      const outcome = await runtime.caller.call({ name: 'query_qweather', params: { place: '北京' }, source: 'cli' });
      expect(outcome.result.error).toMatch(/^query_qweather is not configured yet: set QWEATHER_API_KEY in Skills/);
      expect(runtime.skillConfig.env(runtime.registry.get('start_pc')!)).toEqual({
        BROADCAST_ADDRESS: '255.255.255.255',
        WOL_PORT: '9',
      });
    } finally {
      await runtime.close();
    }
    // The owner deleted one: it is not copied again.
    fs.rmSync(path.join(home, 'skills', 'start_pc'), { recursive: true });
    const again = await openRuntime({ home, systemSkills: SYSTEM, exampleSkills: EXAMPLES });
    await again.close();
    expect(fs.existsSync(path.join(home, 'skills', 'start_pc'))).toBe(false);
  });
});

describe('query_qweather (a node script)', () => {
  let qweather: StandIn;
  beforeAll(async () => {
    qweather = await startStandIn(qweatherRoute());
  });
  afterAll(() => qweather.close());
  afterEach(() => {
    qweather.received.length = 0;
    qweather.route(qweatherRoute());
  });
  const env = () => ({ QWEATHER_API_KEY: 'qw-script-key', QWEATHER_API_HOST: qweather.url });

  it('asks the API host with the key in X-QW-Api-Key and prints the weather', async () => {
    const result = await run('query_qweather', { place: '北京' }, env());
    expect(result).toMatchObject({
      success: true,
      exitCode: 0,
      data: {
        place: { name: '北京', region: '北京市', country: '中国', latitude: 39.90499, longitude: 116.40529 },
        current: { condition: '多云', temperature: 24, humidity: 72, windDirection: '东南风' },
        forecast: [
          { date: '2026-11-30', condition: '多云', tempMax: 12, tempMin: -1 },
          { date: '2026-12-01', condition: '小雨' },
          { date: '2026-12-02' },
        ],
        source: 'QWeather',
      },
    });
    expect(qweather.received.map((r) => r.path).sort()).toEqual([
      '/geo/v2/city/lookup',
      '/v7/weather/3d',
      '/v7/weather/now',
    ]);
    expect(qweather.received[0]!.query).toMatchObject({ location: '北京', number: '1', lang: 'zh' });
    for (const r of qweather.received) expect(r.headers['x-qw-api-key']).toBe('qw-script-key');
  });

  it('says what to fix for a bad key, an unknown place, a refused connection or no key', async () => {
    qweather.route(() => qweatherV2Error(401, 'Unauthorized', 'Authentication failed.'));
    expect(await run('query_qweather', { place: 'Beijing' }, env())).toMatchObject({
      success: false,
      error: expect.stringMatching(/refused the key \(401\): check QWEATHER_API_KEY/),
    });
    qweather.route(qweatherRoute({ locations: [] }));
    expect((await run('query_qweather', { place: 'Nowhereville' }, env())).error).toBe(
      'QWeather found no place "Nowhereville": check the spelling or give "lat,lon"',
    );
    const port = await closedPort();
    const host = `http://127.0.0.1:${port}`;
    const refused = await run('query_qweather', { place: 'Beijing' }, { ...env(), QWEATHER_API_HOST: host });
    expect(refused.error).toBe(`could not connect to ${host} (connection refused): check QWEATHER_API_HOST`);
    expect((await run('query_qweather', { place: 'Beijing' }, {})).error).toMatch(/^QWEATHER_API_KEY is not set/);
  });
});

describe('search_tavily (a node script)', () => {
  let tavily: StandIn;
  beforeAll(async () => {
    tavily = await startStandIn(tavilyRoute());
  });
  afterAll(() => tavily.close());
  afterEach(() => {
    tavily.received.length = 0;
    tavily.route(tavilyRoute());
  });
  const env = () => ({ TAVILY_API_KEY: 'tvly-script', TAVILY_API_URL: tavily.url });

  it('posts the search with the bearer key and prints title, url and snippet', async () => {
    const result = await run('search_tavily', { query: 'iAs', max_results: 2 }, env());
    expect(tavily.received).toHaveLength(1);
    expect(tavily.received[0]!.headers.authorization).toBe('Bearer tvly-script');
    expect(tavily.received[0]!.json).toEqual({ query: 'iAs', max_results: 2, search_depth: 'basic' });
    expect(result).toMatchObject({
      success: true,
      data: {
        query: 'iAs',
        source: 'Tavily',
        results: [
          {
            title: 'iAs — a desktop assistant',
            url: 'https://example.com/ias',
            snippet: expect.stringMatching(/^iAs lives/),
          },
          { title: 'Skills', url: 'https://example.com/skills' },
        ],
      },
    });
  });

  it("turns Tavily's errors and a refused connection into what to fix", async () => {
    tavily.route(() => tavilyError(401, 'Unauthorized: missing or invalid API key.'));
    expect((await run('search_tavily', { query: 'x' }, env())).error).toBe(
      'Tavily refused the API key (401): check TAVILY_API_KEY in Skills → search_tavily → Settings: Unauthorized: missing or invalid API key.',
    );
    tavily.route(() => tavilyError(432, "This request exceeds your plan's set usage limit."));
    expect((await run('search_tavily', { query: 'x' }, env())).error).toMatch(/plan's usage limit \(432\)/);
    const port = await closedPort();
    const refused = await run(
      'search_tavily',
      { query: 'x' },
      { ...env(), TAVILY_API_URL: `http://127.0.0.1:${port}` },
    );
    expect(refused.error).toBe(
      `could not connect to http://127.0.0.1:${port} (connection refused): check TAVILY_API_URL`,
    );
  });
});

describe('start_pc (a node script)', () => {
  let listener: dgram.Socket;
  let port: number;
  const packets: Buffer[] = [];
  beforeAll(async () => {
    listener = dgram.createSocket('udp4');
    listener.on('message', (msg) => packets.push(msg));
    await new Promise<void>((resolve) => listener.bind(0, '127.0.0.1', resolve));
    port = listener.address().port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));
  afterEach(() => {
    packets.length = 0;
  });
  const env = (mac: string) => ({ PC_MAC_ADDRESS: mac, BROADCAST_ADDRESS: '127.0.0.1', WOL_PORT: String(port) });
  const magic = (mac: number[]) => Buffer.concat([Buffer.alloc(6, 0xff), ...Array(16).fill(Buffer.from(mac))]);

  it('sends the magic packet: 6 × 0xFF, then the MAC 16 times (102 bytes)', async () => {
    const mac = [0x00, 0x1a, 0x2b, 0x3c, 0x4d, 0x5e];
    for (const written of ['00:1A:2B:3C:4D:5E', '00-1a-2b-3c-4d-5e', '001a2b3c4d5e']) {
      const result = await run('start_pc', {}, env(written));
      expect(result).toMatchObject({
        success: true,
        data: { mac: '00:1a:2b:3c:4d:5e', sentTo: `127.0.0.1:${port}` },
      });
    }
    await vi.waitFor(() => expect(packets).toHaveLength(3), { timeout: 10_000 });
    for (const packet of packets) {
      expect(packet.length).toBe(102);
      expect(packet.equals(magic(mac))).toBe(true);
    }
  });

  it('refuses a MAC address it cannot read, and sends nothing', async () => {
    for (const bad of ['00:1a:2b:3c:4d', '00:1a:2b:3c:4d:5g', '00:1a-2b:3c:4d:5e', '001a.2b3c.4d5e', 'my pc']) {
      const result = await run('start_pc', {}, env(bad));
      expect(result).toMatchObject({ success: false });
      expect(result.error).toBe(
        `PC_MAC_ADDRESS "${bad}" is not a MAC address: write six pairs of hex digits, as aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff or aabbccddeeff`,
      );
    }
    expect((await run('start_pc', {}, { ...env('00:1a:2b:3c:4d:5e'), WOL_PORT: '70000' })).error).toMatch(
      /^WOL_PORT "70000" is not a port/,
    );
    // Datagrams on 127.0.0.1 arrive in order: the first one the listener gets is this later, good one.
    await run('start_pc', {}, env('ff:ee:dd:cc:bb:aa'));
    await vi.waitFor(() => expect(packets.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(packets).toHaveLength(1);
    expect(packets[0]!.equals(magic([0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa]))).toBe(true);
  });
});
