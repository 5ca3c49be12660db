/**
 * The app's settings, and what follows from them at once: the theme on <html> and the language
 * of every string. Until the core answers, the last choice (kept in localStorage) or the OS's.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AppSettings, Language, Theme } from '../../shared/contract.js';
import { client } from '../api/client.js';
import { useLoad } from '../api/hooks.js';
import { useUnanswered } from '../api/unanswered.js';
import { dictionaries, I18nContext, pickLocale, systemLanguage } from '../i18n.js';
import { localTimeZone } from '../ui/format.js';

type SettingsInput = Parameters<typeof client.call.saveSettings>[0];

export interface SettingsContextValue {
  settings: AppSettings | undefined;
  error: string | undefined;
  save: (input: SettingsInput) => Promise<void>;
  setHighRiskPaused: (paused: boolean) => Promise<void>;
}

const SettingsContext = createContext<SettingsContextValue | undefined>(undefined);

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}

/** The owner's time zone (the one Settings puts in use); the computer's until the core answers. */
export function useTimeZone(): string {
  return useSettings().settings?.timeZoneInUse ?? localTimeZone();
}

const STORED_THEME = 'ias.theme';
const STORED_LANGUAGE = 'ias.language';

function stored<T extends string>(key: string, allowed: readonly T[]): T | undefined {
  try {
    const value = localStorage.getItem(key);
    return allowed.find((a) => a === value);
  } catch {
    return undefined;
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (a locked-down profile): the core's setting still applies.
  }
}

function useSystemDark(): boolean {
  const query = useMemo(() => window.matchMedia('(prefers-color-scheme: dark)'), []);
  const [dark, setDark] = useState(query.matches);
  useEffect(() => {
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return dark;
}

/** The system's language, followed as it changes (a browser tells its pages when its preferred language does). */
function useSystemLanguage(): string | undefined {
  const [language, setLanguage] = useState(systemLanguage);
  useEffect(() => {
    const onChange = () => setLanguage(systemLanguage());
    window.addEventListener('languagechange', onChange);
    return () => window.removeEventListener('languagechange', onChange);
  }, []);
  return language;
}

export function SettingsProvider({ children }: { children: ReactNode }) {
  // Read again when a setting is saved anywhere (another window, another iAs process): the language
  // and theme follow. Each control saves as it changes, so there is no unsaved edit to keep.
  const loaded = useLoad(
    () => client.call.getSettings(),
    [],
    (event) => event.type === 'settings-changed',
  );
  const { setData, reload } = loaded;
  // Choices not answered yet show over the settings as last read (see useUnanswered).
  const { choices: unanswered, send } = useUnanswered<Partial<AppSettings>>();
  const settings = useMemo(
    () => loaded.data && unanswered.reduce<AppSettings>((shown, choice) => ({ ...shown, ...choice }), loaded.data),
    [loaded.data, unanswered],
  );
  const systemDark = useSystemDark();
  const systemLocale = useSystemLanguage();

  const theme: Theme = settings?.theme ?? stored(STORED_THEME, ['system', 'light', 'dark'] as const) ?? 'system';
  const language: Language =
    settings?.language ?? stored(STORED_LANGUAGE, ['system', 'en', 'zh-CN'] as const) ?? 'system';
  const resolvedTheme = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
  const locale = pickLocale(language, systemLocale);

  useEffect(() => {
    document.documentElement.dataset.theme = resolvedTheme;
    document.documentElement.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (!settings) return;
    remember(STORED_THEME, settings.theme);
    remember(STORED_LANGUAGE, settings.language);
  }, [settings]);

  // A choice shows at once (a control that snapped back until the core answers would read as a
  // refusal) and until the core answers it; the answer then replaces it, and a refused save reads
  // the saved settings again.
  const shownWhileSaved = useCallback(
    async (choice: Partial<AppSettings>, saving: Promise<AppSettings | void>) => {
      try {
        // Answered with the settings, or with nothing (the choice is then what is saved).
        await send(choice, saving, (next) => setData((current) => next ?? (current && { ...current, ...choice })));
      } catch (err) {
        reload();
        throw err;
      }
    },
    [send, setData, reload],
  );
  const save = useCallback(
    (input: SettingsInput) => shownWhileSaved(input, client.call.saveSettings(input)),
    [shownWhileSaved],
  );
  const setHighRiskPaused = useCallback(
    (paused: boolean) => shownWhileSaved({ highRiskPaused: paused }, client.call.setHighRiskPaused(paused)),
    [shownWhileSaved],
  );

  const value = useMemo(
    () => ({ settings, error: loaded.error, save, setHighRiskPaused }),
    [settings, loaded.error, save, setHighRiskPaused],
  );
  const i18n = useMemo(() => ({ locale, t: dictionaries[locale] }), [locale]);
  return (
    <SettingsContext.Provider value={value}>
      <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
    </SettingsContext.Provider>
  );
}
