/**
 * QWeather (和风天气): GeoAPI city lookup, then current weather and the daily forecast.
 *
 * Hosts: each account now has its own API host (`abc1234xyz.re.qweatherapi.com`, set in
 * QWEATHER_API_HOST) serving `/geo/v2/city/lookup` and `/v7/weather/*`, with the key in the
 * `X-QW-Api-Key` header. Without it, or with a legacy `*.qweather.com` host, the legacy hosts are
 * used: `geoapi.qweather.com/v2/city/lookup` and `devapi.qweather.com/v7/weather/*` with `key=`.
 * Errors come as v1 codes in the body (`{code: "401"}`) or as v2 HTTP errors
 * (`{error: {status, type, title, detail}}`); both become sentences saying what to fix.
 */
import { below, requestJson, retryAfter, serviceUrl, unexpectedAnswer, type HttpAnswer } from './http-json.js';
import {
  compact,
  num,
  UNITS,
  type CurrentWeather,
  type ForecastDay,
  type WeatherPlace,
  type WeatherReport,
  type WeatherRequest,
} from './weather-types.js';

const SERVICE = 'QWeather';
const LEGACY_GEO = 'https://geoapi.qweather.com/v2/';
const LEGACY_WEATHER = 'https://devapi.qweather.com/v7/';
const CONSOLE = 'console.qweather.com';

interface Endpoints {
  /** Base of `city/lookup`. */
  geo: URL;
  /** Base of `weather/now`, `weather/3d`. */
  weather: URL;
  /** The key goes in the X-QW-Api-Key header (own API host) or as `key=` (legacy hosts). */
  keyInHeader: boolean;
}

export function qweatherEndpoints(host: string | undefined): Endpoints {
  if (!host?.trim()) return { geo: new URL(LEGACY_GEO), weather: new URL(LEGACY_WEATHER), keyInHeader: false };
  const base = serviceUrl(host, 'QWEATHER_API_HOST');
  if (base.hostname.endsWith('.qweather.com')) {
    // A legacy host (devapi. for free keys, api. for paid ones); GeoAPI has its own legacy host.
    return { geo: new URL(LEGACY_GEO), weather: below(base, 'v7/'), keyInHeader: false };
  }
  return { geo: below(base, 'geo/v2/'), weather: below(base, 'v7/'), keyInHeader: true };
}

interface QwLocation {
  name?: string;
  id?: string;
  lat?: string;
  lon?: string;
  adm1?: string;
  adm2?: string;
  country?: string;
  tz?: string;
}

export async function qweatherReport(request: WeatherRequest): Promise<WeatherReport> {
  const key = request.env.QWEATHER_API_KEY!;
  const endpoints = qweatherEndpoints(request.env.QWEATHER_API_HOST);
  const get = async (base: URL, relative: string, query: Record<string, string>, notFound: string) => {
    const url = below(base, relative, { ...query, lang: request.language, ...(endpoints.keyInHeader ? {} : { key }) });
    const answer = await requestJson({
      service: SERVICE,
      url,
      signal: request.signal,
      timeoutMs: request.timeoutMs,
      headers: endpoints.keyInHeader ? { 'X-QW-Api-Key': key } : {},
      setting: 'QWEATHER_API_HOST',
    });
    const problem = qweatherProblem(url, answer, notFound);
    if (problem) throw new Error(problem);
    return answer.json as Record<string, unknown>;
  };

  const place = request.place;
  const lookup: Record<string, string> = { number: '1' };
  if (place.kind === 'coordinates') {
    // QWeather writes coordinates longitude first, with at most two decimals.
    lookup.location = `${place.longitude.toFixed(2)},${place.latitude.toFixed(2)}`;
  } else {
    lookup.location = place.name;
    if (place.qualifier) lookup.adm = place.qualifier;
  }
  const notFound =
    `QWeather found no place "${place.text}": check the spelling, name the city (not a street), ` +
    `or give coordinates as "lat,lon"`;
  const geo = await get(endpoints.geo, 'city/lookup', lookup, notFound);
  const found = (Array.isArray(geo.location) ? geo.location[0] : undefined) as QwLocation | undefined;
  if (!found?.id) throw new Error(notFound);

  const location = { location: found.id, unit: 'm' };
  const daysPath = request.days <= 3 ? 'weather/3d' : 'weather/7d';
  const [now, daily] = await Promise.all([
    get(endpoints.weather, 'weather/now', location, notFound),
    get(endpoints.weather, daysPath, location, notFound),
  ]);
  return {
    place: qwPlace(found),
    current: qwCurrent((now.now ?? {}) as Record<string, unknown>),
    forecast: (Array.isArray(daily.daily) ? daily.daily : [])
      .slice(0, request.days)
      .map((d) => qwDay(d as Record<string, unknown>)),
    units: UNITS,
    source: SERVICE,
  };
}

function qwPlace(found: QwLocation): WeatherPlace {
  // adm2 is the city above a district, adm1 the province: "北京, 北京市" says one thing twice.
  const adm2 = found.adm2 && found.adm2 !== found.name && !found.adm1?.startsWith(found.adm2) ? found.adm2 : undefined;
  const adm1 = found.adm1 && found.adm1 !== found.name ? found.adm1 : undefined;
  const region = [adm2, adm1].filter(Boolean).join(', ');
  return compact({
    name: found.name ?? '',
    region: region || undefined,
    country: found.country,
    latitude: num(found.lat) ?? 0,
    longitude: num(found.lon) ?? 0,
    timezone: found.tz,
  });
}

function qwCurrent(now: Record<string, unknown>): CurrentWeather {
  return compact({
    time: now.obsTime as string | undefined,
    condition: (now.text as string | undefined) ?? '',
    temperature: num(now.temp),
    feelsLike: num(now.feelsLike),
    humidity: num(now.humidity),
    windSpeed: num(now.windSpeed),
    windDirection: now.windDir as string | undefined,
    windScale: now.windScale as string | undefined,
    precipitation: num(now.precip),
    pressure: num(now.pressure),
    visibility: num(now.vis),
  });
}

function qwDay(day: Record<string, unknown>): ForecastDay {
  return compact({
    date: (day.fxDate as string | undefined) ?? '',
    condition: (day.textDay as string | undefined) ?? '',
    conditionNight: day.textNight as string | undefined,
    tempMax: num(day.tempMax),
    tempMin: num(day.tempMin),
    precipitation: num(day.precip),
    humidity: num(day.humidity),
    windDirection: day.windDirDay as string | undefined,
    windScale: day.windScaleDay as string | undefined,
  });
}

const KEY_HINT = `check QWEATHER_API_KEY (${CONSOLE} → Projects → credentials)`;

/** Why a QWeather answer is not data, or undefined when it is. */
export function qweatherProblem(url: URL, answer: HttpAnswer, notFound: string): string | undefined {
  const body = answer.json as { code?: unknown; error?: Record<string, unknown> } | undefined;
  if (body?.error && typeof body.error === 'object') return v2Problem(url, answer, body.error, notFound);
  const code = body && typeof body.code === 'string' ? body.code : undefined;
  if (code === '200' && answer.status < 300) return undefined;
  switch (code ?? String(answer.status)) {
    case '204':
      return `QWeather has no data for this place (204); try a nearby city`;
    case '400':
      return `QWeather rejected the request (400): ${notFound}`;
    case '401':
      return `QWeather refused the API key (401 Unauthorized): ${KEY_HINT}; a key for an API host must be used with QWEATHER_API_HOST`;
    case '402':
      return `QWeather says the account is over its quota or out of balance (402); see ${CONSOLE}`;
    case '403':
      return `QWeather denied access (403): the key may not be allowed for this data or host; ${KEY_HINT} and QWEATHER_API_HOST`;
    case '404':
      return code ? notFound : `QWeather has no such API at ${url.origin} (HTTP 404); check QWEATHER_API_HOST`;
    case '429':
      return `QWeather says there are too many requests (429)${retryAfter(answer)}`;
    case '500':
      return `QWeather had a server error or timed out (500); try again later`;
  }
  return unexpectedAnswer(SERVICE, url, answer);
}

function v2Problem(url: URL, answer: HttpAnswer, error: Record<string, unknown>, notFound: string): string {
  const status = num(error.status) ?? answer.status;
  const title = typeof error.title === 'string' ? error.title : '';
  const detail = typeof error.detail === 'string' ? error.detail : '';
  const type = typeof error.type === 'string' ? error.type : '';
  const said = [title, detail].filter(Boolean).join(': ');
  const is = (words: string) => `${title} ${type}`.toLowerCase().replace(/-/g, ' ').includes(words);
  if (is('not found') || is('no such location')) return notFound;
  if (status === 401) return `QWeather refused the API key (401 ${title || 'Unauthorized'}): ${KEY_HINT}`;
  if (is('invalid host')) {
    return `QWeather says the API host is wrong (403 ${title}): set QWEATHER_API_HOST to the API Host shown in ${CONSOLE} → Settings`;
  }
  if (status === 429) return `QWeather says there are too many requests (429 ${title})${retryAfter(answer)}`;
  if (status === 403) return `QWeather refused the request (403 ${said}); see ${CONSOLE}`;
  if (status === 404) return `QWeather has no such API at ${url.origin} (404 ${said}); check QWEATHER_API_HOST`;
  return `QWeather answered HTTP ${status}${said ? ` (${said})` : ''}`;
}
