/** The shapes shared by query_weather and its providers (QWeather, Open-Meteo). */

export type WeatherLanguage = 'zh' | 'en';

/** Where the owner asked about: a place name (maybe with a region or country) or coordinates. */
export type PlaceQuery =
  | { kind: 'name'; text: string; name: string; /** "Illinois" in "Springfield, Illinois". */ qualifier?: string }
  | { kind: 'coordinates'; text: string; latitude: number; longitude: number };

export interface WeatherRequest {
  place: PlaceQuery;
  /** Forecast days, today included (1–7). */
  days: number;
  language: WeatherLanguage;
  env: Record<string, string>;
  signal: AbortSignal;
  /** Per request; tests shorten it. */
  timeoutMs?: number;
}

export interface WeatherPlace {
  name: string;
  /** Province or state (and the city above a district). */
  region?: string;
  country?: string;
  latitude: number;
  longitude: number;
  timezone?: string;
}

export interface CurrentWeather {
  /** The observation time, as the provider gives it (local time). */
  time?: string;
  condition: string;
  /** °C */
  temperature?: number;
  feelsLike?: number;
  /** % */
  humidity?: number;
  /** km/h */
  windSpeed?: number;
  windDirection?: string;
  /** Beaufort scale, as QWeather gives it ("3-4"). */
  windScale?: string;
  /** mm in the last hour */
  precipitation?: number;
  /** hPa */
  pressure?: number;
  /** km */
  visibility?: number;
}

export interface ForecastDay {
  /** YYYY-MM-DD, local to the place. */
  date: string;
  condition: string;
  conditionNight?: string;
  tempMax?: number;
  tempMin?: number;
  /** mm over the day */
  precipitation?: number;
  /** % */
  precipitationProbability?: number;
  humidity?: number;
  windDirection?: string;
  windScale?: string;
}

export interface WeatherReport {
  place: WeatherPlace;
  current: CurrentWeather;
  forecast: ForecastDay[];
  units: { temperature: '°C'; windSpeed: 'km/h'; precipitation: 'mm' };
  source: 'QWeather' | 'Open-Meteo';
}

export const UNITS: WeatherReport['units'] = { temperature: '°C', windSpeed: 'km/h', precipitation: 'mm' };

/** A number from a provider's field ("23", 23.4); undefined when absent or not a number. */
export function num(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A copy without the undefined fields, so results stay compact. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;
}
