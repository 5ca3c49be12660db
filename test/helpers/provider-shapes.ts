/**
 * Routes for the HTTP stand-in that answer as QWeather, Open-Meteo, Tavily and SearXNG do, with
 * the response shapes of their documentation (field names, string numbers where QWeather uses
 * them, Open-Meteo's missing `results` when nothing matches).
 */
import type { ReceivedRequest, Route, StandInReply } from './http-stand-in.js';

const REFER = { sources: ['QWeather'], license: ['QWeather Developers License'] };

export const QW_BEIJING = {
  name: '北京',
  id: '101010100',
  lat: '39.90499',
  lon: '116.40529',
  adm2: '北京',
  adm1: '北京市',
  country: '中国',
  tz: 'Asia/Shanghai',
  utcOffset: '+08:00',
  isDst: '0',
  type: 'city',
  rank: '10',
  fxLink: 'https://www.qweather.com/weather/beijing-101010100.html',
};

export const QW_NOW = {
  obsTime: '2026-11-30T21:40+08:00',
  temp: '24',
  feelsLike: '26',
  icon: '101',
  text: '多云',
  wind360: '123',
  windDir: '东南风',
  windScale: '1',
  windSpeed: '3',
  humidity: '72',
  precip: '0.0',
  pressure: '1003',
  vis: '16',
  cloud: '10',
  dew: '21',
};

function qwDay(i: number) {
  const date = new Date(Date.UTC(2026, 10, 30 + i)).toISOString().slice(0, 10);
  return {
    fxDate: date,
    sunrise: '06:58',
    sunset: '16:59',
    tempMax: String(12 + i),
    tempMin: String(-1 + i),
    iconDay: '101',
    textDay: i % 2 === 0 ? '多云' : '小雨',
    iconNight: '150',
    textNight: '晴',
    wind360Day: '45',
    windDirDay: '东北风',
    windScaleDay: '1-2',
    windSpeedDay: '3',
    humidity: '65',
    precip: i % 2 === 0 ? '0.0' : '2.5',
    pressure: '1020',
    vis: '25',
    cloud: '4',
    uvIndex: '3',
  };
}

/** A QWeather API host: GeoAPI under /geo/v2 (`/v2` on the legacy GeoAPI host), weather under /v7. */
export function qweatherRoute(
  options: { locations?: Record<string, unknown>[]; override?: (r: ReceivedRequest) => StandInReply | undefined } = {},
): Route {
  return (r) => {
    const special = options.override?.(r);
    if (special) return special;
    if (r.path.endsWith('/v2/city/lookup')) {
      const locations = options.locations ?? [QW_BEIJING];
      if (locations.length === 0) return { json: { code: '404' } };
      return { json: { code: '200', location: locations, refer: REFER } };
    }
    if (r.path === '/v7/weather/now') {
      return {
        json: {
          code: '200',
          updateTime: '2026-11-30T22:00+08:00',
          fxLink: QW_BEIJING.fxLink,
          now: QW_NOW,
          refer: REFER,
        },
      };
    }
    const days = /^\/v7\/weather\/(\d+)d$/.exec(r.path);
    if (days) {
      const n = Number(days[1]);
      return {
        json: {
          code: '200',
          updateTime: '2026-11-30T16:35+08:00',
          daily: Array.from({ length: n }, (_, i) => qwDay(i)),
          refer: REFER,
        },
      };
    }
    return {
      status: 404,
      json: {
        error: {
          status: 404,
          type: 'https://dev.qweather.com/docs/resource/error-code/#not-found',
          title: 'Not Found',
          detail: 'The requested resource could not be found.',
        },
      },
    };
  };
}

/** A QWeather error v2 body with its HTTP status. */
export function qweatherV2Error(status: number, title: string, detail: string): StandInReply {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  return {
    status,
    json: { error: { status, type: `https://dev.qweather.com/docs/resource/error-code/#${slug}`, title, detail } },
  };
}

export const OM_BERLIN = {
  id: 2950159,
  name: 'Berlin',
  latitude: 52.52437,
  longitude: 13.41053,
  elevation: 74,
  feature_code: 'PPLC',
  country_code: 'DE',
  admin1_id: 2950157,
  timezone: 'Europe/Berlin',
  population: 3426354,
  country_id: 2921044,
  country: 'Germany',
  admin1: 'Land Berlin',
};

export const OM_SPRINGFIELDS = [
  {
    id: 4409896,
    name: 'Springfield',
    latitude: 37.21533,
    longitude: -93.29824,
    country_code: 'US',
    timezone: 'America/Chicago',
    country: 'United States',
    admin1: 'Missouri',
    admin2: 'Greene',
  },
  {
    id: 4250542,
    name: 'Springfield',
    latitude: 39.80172,
    longitude: -89.64371,
    country_code: 'US',
    timezone: 'America/Chicago',
    country: 'United States',
    admin1: 'Illinois',
    admin2: 'Sangamon',
  },
];

const OM_CODES = [3, 61, 71, 95, 0, 45, 80];
const OM_MAX = [5.1, 6.1, 7.1, 3.4, 2.2, 4.8, 6.6];
const OM_MIN = [1.2, 0.4, -0.8, -2.5, -3.1, 0.6, 1.9];
const OM_PROBABILITY = [0, 20, 40, 85, 5, 10, 60];

/** Open-Meteo: geocoding at /v1/search, the forecast at /v1/forecast (honouring forecast_days). */
export function openMeteoRoute(options: { places?: Record<string, unknown>[] } = {}): Route {
  return (r) => {
    if (r.path === '/v1/search') {
      const places = options.places ?? [OM_BERLIN];
      const count = Number(r.query.count ?? 10);
      // No `results` key at all when nothing matches.
      return {
        json:
          places.length > 0 ? { results: places.slice(0, count), generationtime_ms: 0.7 } : { generationtime_ms: 0.4 },
      };
    }
    if (r.path === '/v1/forecast') {
      const days = Number(r.query.forecast_days ?? 7);
      const dates = Array.from({ length: days }, (_, i) =>
        new Date(Date.UTC(2026, 10, 30 + i)).toISOString().slice(0, 10),
      );
      return {
        json: {
          latitude: Number(r.query.latitude),
          longitude: Number(r.query.longitude),
          generationtime_ms: 0.1,
          utc_offset_seconds: 3600,
          timezone: 'Europe/Berlin',
          timezone_abbreviation: 'GMT+1',
          elevation: 38,
          current_units: {
            time: 'iso8601',
            interval: 'seconds',
            temperature_2m: '°C',
            relative_humidity_2m: '%',
            apparent_temperature: '°C',
            weather_code: 'wmo code',
            wind_speed_10m: 'km/h',
            precipitation: 'mm',
          },
          current: {
            time: '2026-11-30T14:00',
            interval: 900,
            temperature_2m: 4.2,
            relative_humidity_2m: 81,
            apparent_temperature: 0.9,
            weather_code: 3,
            wind_speed_10m: 12.6,
            precipitation: 0,
          },
          daily_units: {
            time: 'iso8601',
            weather_code: 'wmo code',
            temperature_2m_max: '°C',
            temperature_2m_min: '°C',
            precipitation_probability_max: '%',
          },
          daily: {
            time: dates,
            weather_code: dates.map((_, i) => OM_CODES[i % OM_CODES.length]),
            temperature_2m_max: dates.map((_, i) => OM_MAX[i % 7]),
            temperature_2m_min: dates.map((_, i) => OM_MIN[i % 7]),
            precipitation_probability_max: dates.map((_, i) => OM_PROBABILITY[i % 7]),
          },
        },
      };
    }
    return { status: 404, text: 'Not Found' };
  };
}

export const TAVILY_RESULTS = [
  {
    title: 'iAs — a desktop assistant',
    url: 'https://example.com/ias',
    content: 'iAs lives in the system tray and acts through skills.\n  It asks before risky actions.',
    score: 0.91,
    raw_content: null,
  },
  { title: 'Skills', url: 'https://example.com/skills', content: 'A skill is a folder with a SKILL.md.', score: 0.8 },
  { title: 'Approvals', url: 'https://example.com/approvals', content: 'Codes go to WeChat.', score: 0.7 },
];

/** Tavily's POST /search. */
export function tavilyRoute(): Route {
  return (r) => {
    if (r.method !== 'POST' || r.path !== '/search') return { status: 404, json: { detail: 'Not Found' } };
    const body = r.json as { query: string; max_results?: number };
    return {
      json: {
        query: body.query,
        follow_up_questions: null,
        answer: null,
        images: [],
        results: TAVILY_RESULTS.slice(0, body.max_results ?? 5),
        response_time: 1.09,
      },
    };
  };
}

/** A Tavily error as the API sends it: `{detail: {error}}`. */
export function tavilyError(status: number, error: string, headers: Record<string, string> = {}): StandInReply {
  return { status, json: { detail: { error } }, headers };
}

export const SEARXNG_RESULTS = [
  {
    url: 'https://example.org/a',
    title: 'First',
    content: 'The first result.',
    engine: 'duckduckgo',
    engines: ['duckduckgo', 'brave'],
    score: 2,
    category: 'general',
  },
  { url: 'https://example.org/b', title: 'Second', content: 'The second result.', engine: 'brave', score: 1.5 },
  { url: 'https://example.org/c', title: '', content: '', engine: 'wikipedia', score: 1 },
];

/** SearXNG's GET /search?format=json; `jsonEnabled: false` answers 403 as an instance without json. */
export function searxngRoute(options: { prefix?: string; jsonEnabled?: boolean } = {}): Route {
  const prefix = options.prefix ?? '';
  return (r) => {
    if (r.path !== `${prefix}/search`) return { status: 404, text: 'Not Found', contentType: 'text/html' };
    if (r.query.format === 'json' && options.jsonEnabled === false) {
      return { status: 403, text: '<html><body>Forbidden</body></html>', contentType: 'text/html' };
    }
    return {
      json: {
        query: r.query.q,
        number_of_results: 0,
        results: SEARXNG_RESULTS,
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      },
    };
  };
}
