/**
 * query_weather: the current weather and a short forecast for a place, from QWeather (和风天气)
 * when QWEATHER_API_KEY is set, else from Open-Meteo (no key needed).
 */
import type { RequestOptions } from './http-json.js';
import type { BuiltinContext } from './index.js';
import { openMeteoReport } from './weather-open-meteo.js';
import { qweatherReport } from './weather-qweather.js';
import type { PlaceQuery, WeatherLanguage, WeatherReport } from './weather-types.js';

export const DEFAULT_FORECAST_DAYS = 3;
const MAX_FORECAST_DAYS = 7;

const COORDINATES = /^\s*([+-]?\d+(?:\.\d+)?)\s*[,，]\s*([+-]?\d+(?:\.\d+)?)\s*$/;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** "Hangzhou", "杭州", "Springfield, Illinois" or "30.25,120.17" (latitude first). */
export function parsePlace(value: unknown): PlaceQuery {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw new Error('say which place: a city name (杭州, London) or coordinates as "lat,lon"');
  const coordinates = COORDINATES.exec(text);
  if (coordinates) {
    const latitude = Number(coordinates[1]);
    const longitude = Number(coordinates[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      throw new Error(
        `"${text}" are not valid coordinates: write latitude (-90 to 90) first, then longitude (-180 to 180)`,
      );
    }
    return { kind: 'coordinates', text, latitude, longitude };
  }
  const [name, ...rest] = text.split(/[,，]/);
  const qualifier = rest.join(',').trim();
  if (!name!.trim()) throw new Error(`"${text}" does not name a place: put the city first, as in "Springfield, US"`);
  return { kind: 'name', text, name: name!.trim(), ...(qualifier ? { qualifier } : {}) };
}

export async function queryWeather(
  params: Record<string, unknown>,
  context: BuiltinContext,
  options: RequestOptions = {},
): Promise<WeatherReport> {
  const place = parsePlace(params.place);
  const asked = Math.trunc(Number(params.days ?? DEFAULT_FORECAST_DAYS));
  const days = Number.isFinite(asked) ? Math.min(MAX_FORECAST_DAYS, Math.max(1, asked)) : DEFAULT_FORECAST_DAYS;
  const language: WeatherLanguage =
    params.language === 'zh' || params.language === 'en' ? params.language : CJK.test(place.text) ? 'zh' : 'en';
  const request = {
    place,
    days,
    language,
    env: context.env,
    signal: context.signal,
    timeoutMs: options.requestTimeoutMs,
  };
  return context.env.QWEATHER_API_KEY ? qweatherReport(request) : openMeteoReport(request);
}
