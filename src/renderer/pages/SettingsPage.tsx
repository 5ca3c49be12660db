/** Settings: the model provider, WeChat, and the app's general preferences. */
import { client } from '../api/client.js';
import { useLoad } from '../api/hooks.js';
import { useSettings } from '../app/SettingsProvider.js';
import { useT } from '../i18n.js';
import { GeneralSection } from '../settings/GeneralSection.js';
import { ProviderForm } from '../settings/ProviderForm.js';
import { WechatSection } from '../settings/WechatSection.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';

export function SettingsPage() {
  const t = useT();
  // Read again when the provider is saved anywhere (another window, `ias provider`, the chat's card).
  const provider = useLoad(
    () => client.call.getProvider(),
    [],
    (event) => event.type === 'provider-changed',
  );
  const { error } = useSettings();
  const effective = provider.data?.effective;
  return (
    <div className="simple-page settings-page">
      <header className="page-head">
        <h1>{t.settings.title}</h1>
      </header>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <section className="settings-section" data-testid="settings-provider" aria-labelledby="provider-title">
        <h2 id="provider-title">
          <Icon name="spark" /> {t.provider.title}
        </h2>
        <p className="muted section-intro" data-testid="provider-effective">
          {effective === undefined
            ? ''
            : effective === null
              ? provider.data?.unusable
                ? t.provider.unusable
                : t.provider.notConfigured
              : t.provider.inUse(effective.model, effective.baseUrl)}
        </p>
        {provider.error && <p className="notice notice-error">{provider.error}</p>}
        {provider.data ? (
          <ProviderForm info={provider.data} onSaved={provider.reload} />
        ) : (
          !provider.error && <Spinner />
        )}
      </section>
      <WechatSection />
      <GeneralSection />
    </div>
  );
}
