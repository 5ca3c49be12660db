import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parsePlace, queryWeather } from '../../../src/core/builtins/weather.js';
import { qweatherEndpoints } from '../../../src/core/builtins/weather-qweather.js';
import { builtinWorld, type BuiltinWorld } from '../../helpers/builtin-world.js';
import { closedPort, startStandIn, type StandIn } from '../../helpers/http-stand-in.js';
import {
  OM_SPRINGFIELDS,
  openMeteoRoute,
  QW_BEIJING,
  qweatherRoute,
  qweatherV2Error,
} from '../../helpers/provider-shapes.js';

const KEY = 'qw-test-key-5f2a';

let world: BuiltinWorld;
let service: StandIn;

beforeAll(async () => {
  world = await builtinWorld();
  service = await startStandIn();
});
afterAll(async () => {
  await service.close();
  await world.close();
});
afterEach(() => {
  service.received.length = 0;
});

const openMeteo = (extra: Record<string, string> = {}) =>
  world.configure('query_weather', {
    OPEN_METEO_URL: service.url,
    OPEN_METEO_GEOCODING_URL: service.url,
    ...extra,
  });
const qweather = (extra: Record<string, string> = {}) =>
  world.configure('query_weather', { QWEATHER_API_KEY: KEY, QWEATHER_API_HOST: service.url, ...extra });
const weather = (params: Record<string, unknown>) => world.call('query_weather', params);

describe('query_weather with Open-Meteo (no key)', () => {
  it('geocodes the place, asks for current and daily weather, and puts WMO codes in words', async () => {
    openMeteo();
    service.route(openMeteoRoute());
    const result = await weather({ place: 'Berlin' });
    expect(result.success).toBe(true);
    const [geo, forecast] = service.received;
    expect(geo).toMatchObject({
      method: 'GET',
      path: '/v1/search',
      query: { name: 'Berlin', count: '1', language: 'en', format: 'json' },
    });
    expect(forecast).toMatchObject({
      path: '/v1/forecast',
      query: {
        latitude: '52.52437',
        longitude: '13.41053',
        current: 'temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m,precipitation',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
        timezone: 'auto',
        forecast_days: '3',
      },
    });
    expect(result.data).toEqual({
      place: {
        name: 'Berlin',
        region: 'Land Berlin',
        country: 'Germany',
        latitude: 52.52437,
        longitude: 13.41053,
        timezone: 'Europe/Berlin',
      },
      current: {
        time: '2026-11-30T14:00',
        condition: 'Overcast',
        temperature: 4.2,
        feelsLike: 0.9,
        humidity: 81,
        windSpeed: 12.6,
        precipitation: 0,
      },
      forecast: [
        { date: '2026-11-30', condition: 'Overcast', tempMax: 5.1, tempMin: 1.2, precipitationProbability: 0 },
        { date: '2026-12-01', condition: 'Slight rain', tempMax: 6.1, tempMin: 0.4, precipitationProbability: 20 },
        { date: '2026-12-02', condition: 'Slight snowfall', tempMax: 7.1, tempMin: -0.8, precipitationProbability: 40 },
      ],
      units: { temperature: '°C', windSpeed: 'km/h', precipitation: 'mm' },
      source: 'Open-Meteo',
    });
  });

  it('asks in Chinese for a Chinese name and answers in Chinese, for the days asked', async () => {
    openMeteo();
    service.route(
      openMeteoRoute({
        places: [
          {
            name: '杭州市',
            latitude: 30.29365,
            longitude: 120.16142,
            country: '中国',
            admin1: '浙江省',
            timezone: 'Asia/Shanghai',
          },
        ],
      }),
    );
    const result = await weather({ place: '杭州', days: 5 });
    expect(service.received[0]!.query).toMatchObject({ name: '杭州', language: 'zh' });
    expect(service.received[1]!.query.forecast_days).toBe('5');
    const data = result.data as { place: object; current: { condition: string }; forecast: { condition: string }[] };
    expect(data.place).toMatchObject({ name: '杭州市', region: '浙江省', country: '中国' });
    expect(data.current.condition).toBe('阴');
    expect(data.forecast.map((d) => d.condition)).toEqual(['阴', '小雨', '小雪', '雷阵雨', '晴']);
  });

  it('takes "lat,lon" without geocoding', async () => {
    openMeteo();
    service.route(openMeteoRoute());
    const result = await weather({ place: '30.25, 120.17', days: 1 });
    expect(service.received.map((r) => r.path)).toEqual(['/v1/forecast']);
    expect(service.received[0]!.query).toMatchObject({ latitude: '30.25', longitude: '120.17', forecast_days: '1' });
    expect(result.data).toMatchObject({
      place: { name: '30.25, 120.17', latitude: 30.25, longitude: 120.17, timezone: 'Europe/Berlin' },
      forecast: [{ date: '2026-11-30' }],
    });
  });

  it('picks the place whose region or country follows the comma', async () => {
    openMeteo();
    service.route(openMeteoRoute({ places: OM_SPRINGFIELDS }));
    const result = await weather({ place: 'Springfield, Illinois' });
    expect(service.received[0]!.query).toMatchObject({ name: 'Springfield', count: '10' });
    expect(result.data).toMatchObject({ place: { region: 'Illinois', latitude: 39.80172 } });
  });

  it('prefers a region or country named exactly to one whose name only contains it', async () => {
    openMeteo();
    // "US" is inside "Russia": Moscow, US is Moscow in Idaho, not the first Moscow found.
    const moscows = [
      {
        name: 'Moscow',
        latitude: 55.75222,
        longitude: 37.61556,
        country_code: 'RU',
        country: 'Russia',
        admin1: 'Moscow',
      },
      {
        name: 'Moscow',
        latitude: 46.73239,
        longitude: -117.00017,
        country_code: 'US',
        country: 'United States',
        admin1: 'Idaho',
        admin2: 'Latah',
      },
    ];
    service.route(openMeteoRoute({ places: moscows }));
    const result = await weather({ place: 'Moscow, US' });
    expect(result.data).toMatchObject({ place: { region: 'Idaho', country: 'United States', latitude: 46.73239 } });
  });

  it('says when no place is found (no "results" in the answer)', async () => {
    openMeteo();
    service.route(openMeteoRoute({ places: [] }));
    const result = await weather({ place: 'Atlantis' });
    expect(result).toMatchObject({ success: false });
    expect(result.error).toMatch(/found no place "Atlantis".*"lat,lon"/);
    expect(service.received).toHaveLength(1);
  });

  it("passes on Open-Meteo's reason for a 400 and its request limit for a 429", async () => {
    openMeteo();
    service.route((r) =>
      r.path === '/v1/search'
        ? openMeteoRoute()(r)
        : { status: 400, json: { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 91.0.' } },
    );
    expect((await weather({ place: 'Berlin' })).error).toBe(
      'Open-Meteo refused the request (HTTP 400): Latitude must be in range of -90 to 90°. Given: 91.0.',
    );
    service.route(() => ({
      status: 429,
      json: { error: true, reason: 'Daily API request limit exceeded. Please try again tomorrow.' },
    }));
    expect((await weather({ place: 'Berlin' })).error).toBe(
      "Open-Meteo's request limit is reached (429: Daily API request limit exceeded. Please try again tomorrow.); try again later",
    );
  });

  it('refuses coordinates out of range before asking anyone', async () => {
    openMeteo();
    const result = await weather({ place: '91,10' });
    expect(result.error).toMatch(/"91,10" are not valid coordinates: write latitude \(-90 to 90\) first/);
    expect(service.received).toHaveLength(0);
  });

  it('says the address is wrong when nothing listens there, or when it is not http(s)', async () => {
    const port = await closedPort();
    openMeteo({ OPEN_METEO_GEOCODING_URL: `http://127.0.0.1:${port}` });
    const refused = await weather({ place: 'Berlin' });
    expect(refused.error).toBe(
      `could not connect to Open-Meteo at http://127.0.0.1:${port}: the connection was refused (nothing is listening there); check OPEN_METEO_GEOCODING_URL and that the service is running`,
    );
    openMeteo({ OPEN_METEO_URL: 'ftp://weather.example' });
    expect((await weather({ place: '1,2' })).error).toBe(
      'OPEN_METEO_URL "ftp://weather.example" must start with http:// or https://',
    );
  });

  it('gives up on a service that does not answer, saying so', async () => {
    service.route(() => ({ hang: true }));
    const env = { OPEN_METEO_URL: service.url, OPEN_METEO_GEOCODING_URL: service.url };
    await expect(
      queryWeather({ place: 'Berlin' }, world.context('query_weather', env), { requestTimeoutMs: 300 }),
    ).rejects.toThrow(`Open-Meteo (${service.url}) did not answer within 0.3 s; try again later`);
    expect(service.received).toHaveLength(1);
  });
});

describe('query_weather with QWeather (a key is set)', () => {
  it('looks the city up and asks for now and 3 days on the account API host, the key in X-QW-Api-Key', async () => {
    qweather();
    service.route(qweatherRoute());
    const result = await weather({ place: '北京' });
    expect(result.success).toBe(true);
    const [geo, ...rest] = service.received;
    expect(geo).toMatchObject({
      path: '/geo/v2/city/lookup',
      query: { location: '北京', number: '1', lang: 'zh' },
    });
    expect(rest.map((r) => `${r.path}?location=${r.query.location}&lang=${r.query.lang}`).sort()).toEqual([
      '/v7/weather/3d?location=101010100&lang=zh',
      '/v7/weather/now?location=101010100&lang=zh',
    ]);
    for (const r of service.received) {
      expect(r.headers['x-qw-api-key']).toBe(KEY);
      expect(r.query.key).toBeUndefined();
    }
    expect(result.data).toEqual({
      place: {
        name: '北京',
        region: '北京市',
        country: '中国',
        latitude: 39.90499,
        longitude: 116.40529,
        timezone: 'Asia/Shanghai',
      },
      current: {
        time: '2026-11-30T21:40+08:00',
        condition: '多云',
        temperature: 24,
        feelsLike: 26,
        humidity: 72,
        windSpeed: 3,
        windDirection: '东南风',
        windScale: '1',
        precipitation: 0,
        pressure: 1003,
        visibility: 16,
      },
      forecast: [
        {
          date: '2026-11-30',
          condition: '多云',
          conditionNight: '晴',
          tempMax: 12,
          tempMin: -1,
          precipitation: 0,
          humidity: 65,
          windDirection: '东北风',
          windScale: '1-2',
        },
        expect.objectContaining({ date: '2026-12-01', condition: '小雨', precipitation: 2.5 }),
        expect.objectContaining({ date: '2026-12-02' }),
      ],
      units: { temperature: '°C', windSpeed: 'km/h', precipitation: 'mm' },
      source: 'QWeather',
    });
  });

  it('uses the 7-day forecast past 3 days, region filters and coordinates longitude first', async () => {
    qweather();
    service.route(qweatherRoute({ locations: [{ ...QW_BEIJING, name: 'Haidian', adm2: 'Beijing', adm1: 'Beijing' }] }));
    const five = await weather({ place: 'Haidian, Beijing', days: 5 });
    expect(service.received[0]!.query).toMatchObject({ location: 'Haidian', adm: 'Beijing', lang: 'en' });
    expect(service.received.some((r) => r.path === '/v7/weather/7d')).toBe(true);
    expect((five.data as { forecast: unknown[] }).forecast).toHaveLength(5);
    expect(five.data).toMatchObject({ place: { name: 'Haidian', region: 'Beijing' } });
    service.received.length = 0;
    await weather({ place: '39.9042,116.4074' });
    expect(service.received[0]!.query.location).toBe('116.41,39.90');
  });

  it('says which place was not found (code 404, and NOT FOUND of error codes v2)', async () => {
    qweather();
    service.route(qweatherRoute({ locations: [] }));
    const v1 = await weather({ place: 'Nowhereville' });
    expect(v1.error).toMatch(/^QWeather found no place "Nowhereville": check the spelling/);
    service.route(() => qweatherV2Error(400, 'Not Found', 'The location was not found.'));
    expect((await weather({ place: 'Nowhereville' })).error).toBe(v1.error);
  });

  it('turns codes 401, 402 and 429 and HTTP errors v2 into what to fix, never showing the key', async () => {
    qweather();
    const cases: [() => object, RegExp][] = [
      [() => ({ json: { code: '401' } }), /refused the API key \(401 Unauthorized\): check QWEATHER_API_KEY/],
      [() => ({ json: { code: '402' } }), /over its quota or out of balance \(402\)/],
      [() => ({ json: { code: '429' } }), /too many requests \(429\); try again later/],
      [
        () => qweatherV2Error(401, 'Unauthorized', 'Authentication failed.'),
        /refused the API key \(401 Unauthorized\)/,
      ],
      [
        () => ({
          ...qweatherV2Error(429, 'Too Many Requests', 'Too many requests.'),
          headers: { 'retry-after': '30' },
        }),
        /too many requests \(429 Too Many Requests\); try again in 30 s/,
      ],
      [() => qweatherV2Error(403, 'Invalid Host', 'Invalid host.'), /set QWEATHER_API_HOST to the API Host shown/],
      [
        () => qweatherV2Error(403, 'No Credit', 'Not enough credit.'),
        /refused the request \(403 No Credit: Not enough credit.\)/,
      ],
      [
        () => ({ status: 404, text: 'not here' }),
        /no such API at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404\); check QWEATHER_API_HOST/,
      ],
    ];
    for (const [reply, message] of cases) {
      service.route(reply as never);
      const result = await weather({ place: 'Beijing' });
      expect(result.success).toBe(false);
      expect(result.error).toMatch(message);
      expect(result.error).not.toContain(KEY);
    }
  });

  it('chooses the host and how the key is sent from QWEATHER_API_HOST', () => {
    const legacy = qweatherEndpoints(undefined);
    expect([legacy.geo.href, legacy.weather.href, legacy.keyInHeader]).toEqual([
      'https://geoapi.qweather.com/v2/',
      'https://devapi.qweather.com/v7/',
      false,
    ]);
    const paid = qweatherEndpoints('api.qweather.com');
    expect([paid.geo.href, paid.weather.href, paid.keyInHeader]).toEqual([
      'https://geoapi.qweather.com/v2/',
      'https://api.qweather.com/v7/',
      false,
    ]);
    const own = qweatherEndpoints('abc1234xyz.re.qweatherapi.com');
    expect([own.geo.href, own.weather.href, own.keyInHeader]).toEqual([
      'https://abc1234xyz.re.qweatherapi.com/geo/v2/',
      'https://abc1234xyz.re.qweatherapi.com/v7/',
      true,
    ]);
  });
});

describe('places', () => {
  it('reads names, regions after a comma (also a Chinese one) and coordinates', () => {
    expect(parsePlace(' London ')).toEqual({ kind: 'name', text: 'London', name: 'London' });
    expect(parsePlace('朝阳，北京')).toEqual({ kind: 'name', text: '朝阳，北京', name: '朝阳', qualifier: '北京' });
    expect(parsePlace('-33.87,151.21')).toEqual({
      kind: 'coordinates',
      text: '-33.87,151.21',
      latitude: -33.87,
      longitude: 151.21,
    });
    expect(() => parsePlace('  ')).toThrow(/say which place/);
    expect(() => parsePlace(', France')).toThrow(/does not name a place/);
  });
});
