/** Language, theme, time zone, notifications, launch at login, pausing high-risk skills, and where the data lives. */
import { useId } from 'react';
import type { Language, Theme } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useLoad } from '../api/hooks.js';
import { useSettings } from '../app/SettingsProvider.js';
import { useBrowserNotificationPermission, useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { Switch } from '../ui/Switch.js';
import { useCopy } from '../ui/useCopy.js';
import { TimeZoneField } from './TimeZoneField.js';

export function GeneralSection() {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const { settings, save, setHighRiskPaused } = useSettings();
  const version = useLoad(() => client.call.version());
  const [permission, requestPermission] = useBrowserNotificationPermission();
  const { copied, copy } = useCopy();

  const apply = (action: Promise<void>) =>
    action.catch((err: unknown) => toast({ tone: 'error', title: t.settings.saveFailed, body: errorText(t, err) }));

  if (!settings) return null;
  return (
    <>
      <section className="settings-section" aria-labelledby={`${id}-look`}>
        <h2 id={`${id}-look`}>{t.settings.appearance}</h2>
        <div className="field field-inline">
          <label htmlFor={`${id}-language`}>{t.settings.language}</label>
          <select
            id={`${id}-language`}
            data-testid="settings-language"
            value={settings.language}
            onChange={(e) => void apply(save({ language: e.target.value as Language }))}
          >
            <option value="system">{t.settings.followSystem}</option>
            <option value="zh-CN">简体中文</option>
            <option value="en">English</option>
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor={`${id}-theme`}>{t.settings.theme}</label>
          <select
            id={`${id}-theme`}
            data-testid="settings-theme"
            value={settings.theme}
            onChange={(e) => void apply(save({ theme: e.target.value as Theme }))}
          >
            <option value="system">{t.settings.followSystem}</option>
            <option value="light">{t.settings.light}</option>
            <option value="dark">{t.settings.dark}</option>
          </select>
        </div>
        <TimeZoneField
          id={`${id}-time-zone`}
          value={settings.timeZone}
          inUse={settings.timeZoneInUse}
          onChange={(zone) => void apply(save({ timeZone: zone }))}
        />
      </section>

      <section className="settings-section" aria-labelledby={`${id}-behaviour`}>
        <h2 id={`${id}-behaviour`}>{t.settings.behaviour}</h2>
        <Switch
          label={t.settings.notifications}
          description={t.settings.notificationsHint}
          checked={settings.notifications}
          testId="settings-notifications"
          onChange={(on) => {
            void apply(save({ notifications: on }));
            if (on && permission === 'default') requestPermission();
          }}
        />
        {permission === 'default' && settings.notifications && (
          <p className="hint">
            <button type="button" className="link-button" onClick={requestPermission}>
              {t.settings.allowBrowserNotifications}
            </button>
          </p>
        )}
        {permission === 'denied' && <p className="hint">{t.settings.browserNotificationsDenied}</p>}
        <Switch
          label={t.settings.launchAtLogin}
          description={client.transport === 'ws' ? t.settings.launchAtLoginWebHint : undefined}
          checked={settings.launchAtLogin}
          testId="settings-launch-at-login"
          onChange={(on) => void apply(save({ launchAtLogin: on }))}
        />
        <Switch
          label={t.settings.pauseHighRisk}
          description={t.settings.pauseHighRiskHint}
          checked={settings.highRiskPaused}
          testId="settings-pause-high-risk"
          onChange={(on) => void apply(setHighRiskPaused(on))}
        />
      </section>

      <section className="settings-section" aria-labelledby={`${id}-data`}>
        <h2 id={`${id}-data`}>{t.settings.data}</h2>
        <div className="field">
          <label htmlFor={`${id}-dir`}>{t.settings.dataDir}</label>
          <div className="input-with-button">
            <input
              id={`${id}-dir`}
              data-testid="settings-data-dir"
              value={settings.dataDir}
              readOnly
              spellCheck={false}
            />
            <button type="button" className="button" onClick={() => copy(settings.dataDir)}>
              <Icon name={copied ? 'check' : 'copy'} size={14} /> {copied ? t.common.copied : t.common.copy}
            </button>
          </div>
        </div>
        {version.data && <p className="hint">{t.settings.version(version.data)}</p>}
      </section>
    </>
  );
}
