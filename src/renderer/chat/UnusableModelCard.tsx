/**
 * Shown in the chat, instead of the setup card, when a model is set up but a setting in use cannot
 * be used: which one, where it comes from and why; the way to Settings to mend a saved one (in the
 * tray's compact window, which has no Settings, the form itself), or the variable to change.
 */
import type { ProviderInfo } from '../../shared/contract.js';
import { navigate } from '../app/router.js';
import { useT } from '../i18n.js';
import { ProviderForm } from '../settings/ProviderForm.js';
import { unusableLine, unusableVariable, type Unusable } from '../settings/unusable-line.js';
import { Icon } from '../ui/icons.js';

interface Props {
  info: ProviderInfo;
  unusable: Unusable;
  compact: boolean;
  onSaved: () => void;
}

export function UnusableModelCard({ info, unusable, compact, onSaved }: Props) {
  const t = useT();
  return (
    <section className="setup-card unusable-card" data-testid="model-unusable" aria-labelledby="unusable-title">
      <h2 id="unusable-title">
        <Icon name="alert" /> {t.unusable.title}
      </h2>
      <p data-testid="model-unusable-problem">{unusableLine(t, unusable)}</p>
      {unusable.from === 'env' ? (
        <p className="muted" data-testid="model-unusable-env">
          {t.provider.envOnly(unusableVariable(unusable))}
        </p>
      ) : compact ? (
        <ProviderForm info={info} onSaved={onSaved} />
      ) : (
        <button
          type="button"
          className="button button-primary"
          data-testid="model-unusable-open-settings"
          onClick={() => navigate('settings')}
        >
          {t.unusable.openSettings}
        </button>
      )}
    </section>
  );
}
