/**
 * What the outside services of the built-in skills (weather, search) may answer besides their
 * API's shapes: a redirect elsewhere, an endless body. Real HTTP stand-ins on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { searchWeb } from '../../../src/core/builtins/search.js';
import { queryWeather } from '../../../src/core/builtins/weather.js';
import { builtinWorld, type BuiltinWorld } from '../../helpers/builtin-world.js';
import { startStandIn, type StandIn } from '../../helpers/http-stand-in.js';
import { qweatherRoute, searxngRoute } from '../../helpers/provider-shapes.js';

const KEY = 'qw-test-key-5f2a';

let world: BuiltinWorld;
let service: StandIn;
let elsewhere: StandIn;

beforeAll(async () => {
  world = await builtinWorld();
  service = await startStandIn();
  elsewhere = await startStandIn(() => ({ json: { code: '200', location: [] } }));
});
afterAll(async () => {
  await service.close();
  await elsewhere.close();
  await world.close();
});
afterEach(() => {
  service.received.length = 0;
  elsewhere.received.length = 0;
});

describe('answers that are not the API’s', () => {
  it('sends no key to another host a service redirects to, and says where it pointed', async () => {
    service.route(() => ({ status: 307, headers: { location: `${elsewhere.url}/geo/v2/city/lookup?from=redirect` } }));
    const context = world.context('query_weather', { QWEATHER_API_KEY: KEY, QWEATHER_API_HOST: service.url });
    await expect(queryWeather({ place: '北京' }, context)).rejects.toThrow(
      `QWeather (${service.url}) redirected the request to another address (${elsewhere.url}); nothing was sent there: if that is the service's address now, set QWEATHER_API_HOST to it`,
    );
    expect(service.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
  });

  it('follows a redirect within the service’s own address', async () => {
    const answer = qweatherRoute();
    service.route((request) =>
      request.path.startsWith('/moved/')
        ? answer({ ...request, path: request.path.slice('/moved'.length) })
        : { status: 308, headers: { location: `/moved${request.path}?${new URLSearchParams(request.query)}` } },
    );
    const context = world.context('query_weather', { QWEATHER_API_KEY: KEY, QWEATHER_API_HOST: service.url });
    const report = await queryWeather({ place: '北京' }, context);
    expect(report.place.name).toBe('北京');
    expect(
      service.received.filter((r) => r.path.startsWith('/moved/')).every((r) => r.headers['x-qw-api-key'] === KEY),
    ).toBe(true);
  });

  it('stops reading an answer that does not end, and says so', async () => {
    // A server that sends JSON-looking bytes without end (64 MB here): a broken proxy, a wrong port.
    let sent = 0;
    const endless = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      res.write('{"results": [');
      const more = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end(']}');
      };
      res.on('close', () => res.destroy());
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
    try {
      const context = world.context('search_web', { SEARXNG_URL: url });
      await expect(searchWeb({ query: 'x' }, context)).rejects.toThrow(
        `SearXNG (${url}) sent more than 5 MB, far more than an answer of its API; check SEARXNG_URL`,
      );
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('signs in with the user and password written in the address, and never repeats them', async () => {
    // A private SearXNG behind basic authentication, its address written as curl takes it.
    const password = 'pa55-w0rd-7c1d';
    const answer = searxngRoute();
    service.route((request) =>
      request.headers.authorization === `Basic ${Buffer.from(`owner:${password}`).toString('base64')}`
        ? answer(request)
        : { status: 401, text: 'Unauthorized', headers: { 'www-authenticate': 'Basic' } },
    );
    const withPassword = `http://owner:${password}@${service.url.slice('http://'.length)}`;
    const report = await searchWeb({ query: 'x' }, world.context('search_web', { SEARXNG_URL: withPassword }));
    expect(report.results[0]).toMatchObject({ url: 'https://example.org/a' });
    expect(service.received[0]!.path).toBe('/search');
    // A wrong password: the refusal says so without either.
    const wrong = world.context('search_web', { SEARXNG_URL: withPassword.replace(password, 'guess-9f3e') });
    const refused = await searchWeb({ query: 'x' }, wrong).then(
      () => 'no error',
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/^SearXNG at http:\/\/127\.0\.0\.1:\d+ answered HTTP 401/);
    expect(refused).not.toContain('guess-9f3e');
  });

  it('says a service speaks plain http when its address, written without a scheme, was tried as https', async () => {
    service.route(searxngRoute());
    const bare = service.url.slice('http://'.length);
    const failed = await searchWeb({ query: 'x' }, world.context('search_web', { SEARXNG_URL: bare })).then(
      () => 'no error',
      (err: Error) => err.message,
    );
    expect(failed).toBe(
      `SearXNG at https://${bare} did not answer in https (plain http, perhaps); if it is served over plain http, start SEARXNG_URL with http://`,
    );
  });
});
