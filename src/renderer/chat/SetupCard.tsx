/** Shown in the chat until a model is configured: pick a provider, a model and a key. */
import type { ProviderInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { ProviderForm } from '../settings/ProviderForm.js';

export function SetupCard({ info, onSaved }: { info: ProviderInfo; onSaved: () => void }) {
  const t = useT();
  return (
    <section className="setup-card" data-testid="setup-card" aria-labelledby="setup-title">
      <h2 id="setup-title">
        <Icon name="spark" /> {t.setup.title}
      </h2>
      <p className="muted">{t.setup.intro[info.keyKeptIn]}</p>
      <ProviderForm info={info} onSaved={onSaved} />
    </section>
  );
}
