/**
 * Open-Meteo: no key needed. Geocoding (`/v1/search`, no `results` when nothing matches), then one
 * forecast call (`/v1/forecast`) for the current conditions and the daily forecast. Both hosts can
 * be overridden (OPEN_METEO_URL, OPEN_METEO_GEOCODING_URL) for a self-hosted instance. Errors are
 * `{error: true, reason}` with HTTP 400 (and 429 past the free limits).
 */
import { below, requestJson, retryAfter, serviceUrl, unexpectedAnswer, type HttpAnswer } from './http-json.js';
import { weatherCodeText } from './weather-codes.js';
import {
  compact,
  num,
  UNITS,
  type PlaceQuery,
  type WeatherPlace,
  type WeatherReport,
  type WeatherRequest,
} from './weather-types.js';

const SERVICE = 'Open-Meteo';
export const OPEN_METEO_URL = 'https://api.open-meteo.com';
export const OPEN_METEO_GEOCODING_URL = 'https://geocoding-api.open-meteo.com';

const CURRENT = [
  'temperature_2m',
  'relative_humidity_2m',
  'apparent_temperature',
  'weather_code',
  'wind_speed_10m',
  'precipitation',
];
const DAILY = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'precipitation_probability_max'];

interface GeoResult {
  name?: string;
  latitude?: number;
  longitude?: number;
  country?: string;
  country_code?: string;
  admin1?: string;
  admin2?: string;
  timezone?: string;
}

export async function openMeteoReport(request: WeatherRequest): Promise<WeatherReport> {
  const { env, language } = request;
  const get = async (url: URL, setting: string) => {
    const answer = await requestJson({
      service: SERVICE,
      url,
      signal: request.signal,
      timeoutMs: request.timeoutMs,
      setting,
    });
    const problem = openMeteoProblem(url, answer);
    if (problem) throw new Error(problem);
    return answer.json as Record<string, unknown>;
  };

  let place: WeatherPlace;
  if (request.place.kind === 'coordinates') {
    const { latitude, longitude } = request.place;
    place = { name: `${latitude}, ${longitude}`, latitude, longitude };
  } else {
    const base = serviceUrl(env.OPEN_METEO_GEOCODING_URL || OPEN_METEO_GEOCODING_URL, 'OPEN_METEO_GEOCODING_URL');
    const query = request.place;
    const url = below(base, 'v1/search', {
      name: query.name,
      count: query.qualifier ? 10 : 1,
      language,
      format: 'json',
    });
    const geo = await get(url, 'OPEN_METEO_GEOCODING_URL');
    const results = (Array.isArray(geo.results) ? geo.results : []) as GeoResult[];
    const found = pick(results, query);
    if (!found || typeof found.latitude !== 'number' || typeof found.longitude !== 'number') {
      throw new Error(
        `Open-Meteo's geocoding found no place "${query.text}": check the spelling, use the city's name ` +
          `(add the country after a comma, as in "Springfield, US"), or give coordinates as "lat,lon"`,
      );
    }
    place = compact({
      name: found.name ?? query.name,
      region: found.admin1,
      country: found.country,
      latitude: found.latitude,
      longitude: found.longitude,
      timezone: found.timezone,
    });
  }

  const base = serviceUrl(env.OPEN_METEO_URL || OPEN_METEO_URL, 'OPEN_METEO_URL');
  const url = below(base, 'v1/forecast', {
    latitude: place.latitude,
    longitude: place.longitude,
    current: CURRENT.join(','),
    daily: DAILY.join(','),
    timezone: 'auto',
    forecast_days: request.days,
  });
  const forecast = await get(url, 'OPEN_METEO_URL');
  const current = (forecast.current ?? {}) as Record<string, unknown>;
  const daily = (forecast.daily ?? {}) as Record<string, unknown[] | undefined>;
  const dates = (daily.time ?? []) as string[];
  if (!place.timezone && typeof forecast.timezone === 'string') place.timezone = forecast.timezone;
  return {
    place,
    current: compact({
      time: current.time as string | undefined,
      condition: weatherCodeText(current.weather_code, language),
      temperature: num(current.temperature_2m),
      feelsLike: num(current.apparent_temperature),
      humidity: num(current.relative_humidity_2m),
      windSpeed: num(current.wind_speed_10m),
      precipitation: num(current.precipitation),
    }),
    forecast: dates.slice(0, request.days).map((date, i) =>
      compact({
        date,
        condition: weatherCodeText(daily.weather_code?.[i], language),
        tempMax: num(daily.temperature_2m_max?.[i]),
        tempMin: num(daily.temperature_2m_min?.[i]),
        precipitationProbability: num(daily.precipitation_probability_max?.[i]),
      }),
    ),
    units: UNITS,
    source: SERVICE,
  };
}

/**
 * The first result, or the first whose country or region is what followed the comma: named
 * exactly, else containing it or contained in it (never by two letters: "US" is inside "Russia").
 */
function pick(results: GeoResult[], query: Extract<PlaceQuery, { kind: 'name' }>): GeoResult | undefined {
  if (!query.qualifier) return results[0];
  const q = query.qualifier.toLowerCase();
  const names = (r: GeoResult) =>
    [r.country, r.country_code, r.admin1, r.admin2].flatMap((v) => (v ? [v.toLowerCase()] : []));
  const inOther = (a: string, b: string) => a.length > 2 && b.includes(a);
  return (
    results.find((r) => names(r).includes(q)) ??
    results.find((r) => names(r).some((s) => inOther(q, s) || inOther(s, q))) ??
    results[0]
  );
}

/** Why an Open-Meteo answer is not data, or undefined when it is. */
export function openMeteoProblem(url: URL, answer: HttpAnswer): string | undefined {
  const body = answer.json as { error?: unknown; reason?: unknown } | undefined;
  const reason = typeof body?.reason === 'string' ? body.reason : undefined;
  if (answer.status === 429) {
    return `Open-Meteo's request limit is reached (429${reason ? `: ${reason}` : ''})${retryAfter(answer)}`;
  }
  if (body?.error === true || (answer.status >= 400 && reason)) {
    return `Open-Meteo refused the request (HTTP ${answer.status}): ${reason ?? 'no reason given'}`;
  }
  if (answer.status === 404) {
    return `Open-Meteo has no such API at ${url.origin} (HTTP 404); check OPEN_METEO_URL and OPEN_METEO_GEOCODING_URL`;
  }
  if (answer.status >= 500) return `Open-Meteo had a server error (HTTP ${answer.status}); try again later`;
  if (answer.status >= 300 || !body || typeof body !== 'object') return unexpectedAnswer(SERVICE, url, answer);
  return undefined;
}
