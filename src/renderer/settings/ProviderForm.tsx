/**
 * The model provider: a preset (or a custom OpenAI-compatible URL), the model, the API key;
 * Save, and Test connection (which saves first when something changed). The key is never shown
 * back: a saved one is kept unless a new one is typed, or removed with "Remove saved key" (asked
 * first; the provider saved stays as it is). A base URL or a key the core refuses is said
 * under its field, and nothing is saved. A saved one in use that cannot be used is said under its
 * field too, until it is changed; one from an IAS_LLM_* variable above the form, with the variable
 * to change (Settings cannot). The form follows the provider saved elsewhere (another window, `ias
 * provider`, the chat's card): untouched, it shows the new settings; with edits not saved yet, it
 * keeps them and says the settings changed, with a button to load them instead. Leaving for
 * elsewhere in the app with edits not saved (a key typed too) asks first. What is typed while a
 * save is on its way stays, to be saved next.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { MessageCode, ProviderInfo, ProviderInput } from '../../shared/contract.js';
import { client, errorCode, errorText } from '../api/client.js';
import { useToast } from '../app/Toasts.js';
import { useLeaveGuard } from '../app/useLeaveGuard.js';
import { turnLine } from '../chat/turn-line.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/Dialog.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { useFocusKept } from '../ui/useFocusKept.js';
import { unusableLine, unusableVariable } from './unusable-line.js';

const CUSTOM = '';

/** The fields whose refusal by the core is said under them. */
type Field = 'url' | 'key';

/** The field a failed save was the core refusing (said under it, not in a toast), if it was. */
const refusedField = (err: unknown): Field | undefined => {
  const code = errorCode(err)?.code;
  return code === 'bad-base-url' ? 'url' : code === 'bad-api-key' ? 'key' : undefined;
};

interface Props {
  info: ProviderInfo;
  onSaved: () => void;
}

/** What the form's fields hold: the preset, the base URL and the model (never the key). */
interface Fields {
  preset: string;
  baseUrl: string;
  model: string;
}

const sameFields = (a: Fields, b: Fields) => a.preset === b.preset && a.baseUrl === b.baseUrl && a.model === b.model;

/** The fields as `info` has them saved: a preset's own URL and model where none is saved. */
function savedFields(info: ProviderInfo): Fields {
  const preset = info.saved.preset ?? (info.saved.baseUrl ? CUSTOM : (info.presets[0]?.id ?? CUSTOM));
  const chosen = info.presets.find((p) => p.id === preset);
  return {
    preset,
    baseUrl: info.saved.baseUrl ?? chosen?.baseUrl ?? '',
    model: info.saved.model ?? chosen?.model ?? '',
  };
}

/** Nothing saved yet: the fields show a suggestion, which Test saves first. */
const nothingSaved = (info: ProviderInfo) => !info.saved.model && !info.saved.baseUrl && !info.saved.preset;

export function ProviderForm({ info, onSaved }: Props) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const presetOf = (presetId: string) => info.presets.find((p) => p.id === presetId);
  /** The settings the fields were last filled from (or saved with): edits are what differs from them. */
  const [base, setBase] = useState(() => savedFields(info));
  const [preset, setPreset] = useState(base.preset);
  const [baseUrl, setBaseUrl] = useState(base.baseUrl);
  const [model, setModel] = useState(base.model);
  const [apiKey, setApiKey] = useState('');
  /** The fields show a suggestion (nothing saved yet), which Test saves first. */
  const [suggested, setSuggested] = useState(nothingSaved(info));
  const [busy, setBusy] = useState<'save' | 'test' | 'remove'>();
  /** Save, Test and Remove key are disabled while they work: the focus comes back to them once done. */
  const keepFocus = useFocusKept(busy !== undefined);
  const start = (work: 'save' | 'test' | 'remove') => {
    keepFocus();
    setBusy(work);
  };
  /** The settings saved elsewhere are not those the fields were filled from, which hold edits. */
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  /** What Test saves first: a suggestion, fields changed elsewhere, or fields that differ from those last filled or saved. */
  const dirty = suggested || changedElsewhere || !sameFields({ preset, baseUrl, model }, base);
  /** "Remove saved key" was clicked: the dialog asks first. */
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; message: string; messageCode?: MessageCode }>();
  /** The core's refusal of a field last saved (its error), until that field changes. */
  const [refusal, setRefusal] = useState<{ field: Field; error: unknown }>();
  /** The owner's edits so far, by field: an answer comes for what was sent, shown only if still there. */
  const edits = useRef({ url: 0, key: 0, model: 0 });
  const untouchedSince = (sent: typeof edits.current) =>
    sent.url === edits.current.url && sent.key === edits.current.key && sent.model === edits.current.model;
  const changed = (field: Field) => {
    edits.current[field]++;
    setRefusal((r) => (r?.field === field ? undefined : r));
  };
  /** A failed save of what was `sent`: said under the field the core refused (unless typed anew since), else by `otherwise`. */
  const failed = (err: unknown, sent: typeof edits.current, otherwise: () => void) => {
    const field = refusedField(err);
    if (field && sent[field] === edits.current[field]) setRefusal({ field, error: err });
    else otherwise();
  };
  /** Fills the fields with the settings saved now, dropping what was typed (the key too). */
  const fillFrom = (next: ProviderInfo) => {
    const fields = savedFields(next);
    setBase(fields);
    setPreset(fields.preset);
    setBaseUrl(fields.baseUrl);
    setModel(fields.model);
    setApiKey('');
    setSuggested(nothingSaved(next));
    setChangedElsewhere(false);
    setTest(undefined);
    setRefusal(undefined);
  };
  // The provider read anew (saved here, or elsewhere). Looked at once this form's own save is over,
  // so that what it saved is not taken for a change made elsewhere.
  const [seen, setSeen] = useState(info);
  if (info !== seen && busy === undefined) {
    setSeen(info);
    const next = savedFields(info);
    const shown = { preset, baseUrl, model };
    if (sameFields(next, base)) setChangedElsewhere(false);
    else if (sameFields(next, shown)) {
      // The fields hold what is saved now already.
      setBase(next);
      setChangedElsewhere(false);
    } else if (sameFields(shown, base) && apiKey === '') fillFrom(info);
    else setChangedElsewhere(true);
  }

  const unusable = info.unusable;
  /** What is wrong with the field: the core's refusal of it, else the saved value's problem while it is shown. */
  const problem = (field: Field): string | undefined => {
    if (refusal?.field === field) return errorText(t, refusal.error);
    if (unusable?.from !== 'settings' || (unusable.setting === 'base-url' ? 'url' : 'key') !== field) return undefined;
    const shown = field === 'url' ? baseUrl === (info.saved.baseUrl ?? '') : apiKey === '';
    return shown ? unusableLine(t, unusable) : undefined;
  };
  const errorUnder = (field: Field, testId: string) => {
    const text = problem(field);
    return (
      text !== undefined && (
        <span className="hint hint-error" id={`${id}-${field}-error`} role="alert" data-testid={testId}>
          {text}
        </span>
      )
    );
  };

  const current = presetOf(preset);
  // A custom server's needs are its own: some want a key (a proxy), some none (LM Studio, vLLM).
  const needsKey = current?.needsKey;

  const choosePreset = (next: string) => {
    setPreset(next);
    const chosen = presetOf(next);
    if (chosen) {
      setBaseUrl(chosen.baseUrl);
      setModel(chosen.model);
    }
    setTest(undefined);
    changed('url');
    edits.current.model++;
  };

  const save = async (): Promise<boolean> => {
    const input: ProviderInput = {
      ...(preset ? { preset } : {}),
      baseUrl: baseUrl.trim(),
      model: model.trim(),
      ...(apiKey ? { apiKey } : {}),
    };
    await client.call.saveProvider(input);
    // What is saved, as saved (trimmed): the fields' base from now on. A field typed in while the
    // save was on its way keeps what was typed (an edit still to save), the key too.
    const saved = { preset, baseUrl: input.baseUrl!, model: input.model! };
    setBase(saved);
    setBaseUrl((now) => (now === baseUrl ? saved.baseUrl : now));
    setModel((now) => (now === model ? saved.model : now));
    setApiKey((now) => (now === apiKey ? '' : now));
    setSuggested(false);
    setChangedElsewhere(false);
    return true;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    start('save');
    const sent = { ...edits.current };
    try {
      await save();
      toast({ tone: 'success', title: t.provider.saved });
      onSaved();
    } catch (err) {
      failed(err, sent, () => toast({ tone: 'error', title: t.provider.saveFailed, body: errorText(t, err) }));
    } finally {
      setBusy(undefined);
    }
  };

  const onTest = async () => {
    start('test');
    setTest(undefined);
    const sent = { ...edits.current };
    let saving = false;
    try {
      if (dirty || apiKey) {
        saving = true;
        await save();
        onSaved();
        saving = false;
      }
      const result = await client.call.testProvider();
      // Of the settings as they were: with a field changed since, it is not said next to it.
      if (untouchedSince(sent)) setTest(result);
    } catch (err) {
      failed(err, sent, () => {
        if (untouchedSince(sent)) setTest({ ok: false, message: errorText(t, err) });
        // Not saved, with fields changed since: said all the same, apart from them.
        else if (saving) toast({ tone: 'error', title: t.provider.saveFailed, body: errorText(t, err) });
      });
    } finally {
      setBusy(undefined);
    }
  };

  /** Deletes the saved key alone (the provider saved, and what is typed in the other fields, stay). */
  const onRemoveKey = async () => {
    setConfirmRemove(false);
    start('remove');
    const typed = apiKey;
    try {
      await client.call.saveProvider({ apiKey: '' });
      // A key typed while the removal was on its way is the owner's next one: it stays.
      setApiKey((now) => (now === typed ? '' : now));
      changed('key');
      setTest(undefined);
      toast({ tone: 'success', title: t.provider.keyRemoved });
      onSaved();
    } catch (err) {
      toast({ tone: 'error', title: t.provider.removeKeyFailed, body: errorText(t, err) });
    } finally {
      setBusy(undefined);
    }
  };

  // Leaving Settings (or for anywhere else in the app) with edits not saved asks first.
  const edited = apiKey !== '' || !sameFields({ preset, baseUrl, model }, base);
  const leave = useLeaveGuard(edited, t.provider.discardMessage);

  const canSave = model.trim() !== '' && baseUrl.trim() !== '' && busy === undefined;

  return (
    <>
      <form className="provider-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {changedElsewhere && (
          <div className="notice notice-warn" role="status" data-testid="provider-changed-elsewhere">
            <Icon name="alert" size={14} />
            <span>
              {t.provider.changedElsewhere}{' '}
              <button
                type="button"
                className="link-button"
                data-testid="provider-reload"
                disabled={busy !== undefined}
                onClick={() => fillFrom(info)}
              >
                {t.provider.loadChanged}
              </button>
            </span>
          </div>
        )}
        {(info.env.baseUrl || info.env.model) && (
          <p className="notice notice-info" data-testid="provider-from-env">
            <Icon name="info" size={14} /> {t.provider.fromEnv}
          </p>
        )}
        {/* In use, unless it cannot be (then said below, with how to mend it). */}
        {info.env.apiKey && !(unusable?.setting === 'api-key' && unusable.from === 'env') && (
          <p className="notice notice-info" data-testid="provider-key-from-env">
            <Icon name="info" size={14} /> {t.provider.keyFromEnv}
          </p>
        )}
        {info.effective?.keyFor != null && (
          <p className="notice notice-warn" role="status" data-testid="provider-key-other-server">
            <Icon name="alert" size={14} /> {t.provider.keyForOtherServer(info.effective.keyFor)}
          </p>
        )}
        {unusable?.from === 'env' && (
          <p className="notice notice-error" role="alert" data-testid="provider-env-problem">
            <Icon name="alert" size={14} />
            <span>
              {unusableLine(t, unusable)} {t.provider.envOnly(unusableVariable(unusable))}
            </span>
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-preset`}>{t.provider.preset}</label>
          <select
            id={`${id}-preset`}
            data-testid="provider-preset"
            value={preset}
            onChange={(e) => choosePreset(e.target.value)}
          >
            {info.presets.map((p) => (
              <option key={p.id} value={p.id}>
                {t.provider.presetLabels[p.id] ?? p.label}
              </option>
            ))}
            <option value={CUSTOM}>{t.provider.custom}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-url`}>{t.provider.baseUrl}</label>
          <input
            id={`${id}-url`}
            data-testid="provider-base-url"
            type="url"
            value={baseUrl}
            readOnly={preset !== CUSTOM}
            spellCheck={false}
            placeholder="https://…/v1"
            aria-invalid={problem('url') !== undefined}
            aria-describedby={problem('url') !== undefined ? `${id}-url-error` : undefined}
            onChange={(e) => {
              setBaseUrl(e.target.value);
              changed('url');
            }}
          />
          {errorUnder('url', 'provider-base-url-error')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-model`}>{t.provider.model}</label>
          <input
            id={`${id}-model`}
            data-testid="provider-model"
            value={model}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => {
              setModel(e.target.value);
              edits.current.model++;
            }}
          />
        </div>
        <div className="field">
          <div className="field-head">
            <label htmlFor={`${id}-key`}>{t.provider.apiKey}</label>
            {info.saved.hasKey && (
              <button
                type="button"
                className="link-button"
                data-testid="provider-remove-key"
                disabled={busy !== undefined}
                onClick={() => setConfirmRemove(true)}
              >
                {busy === 'remove' ? <Spinner size={10} /> : <Icon name="trash" size={12} />} {t.provider.removeKey}
              </button>
            )}
          </div>
          <input
            id={`${id}-key`}
            data-testid="provider-key"
            type="password"
            value={apiKey}
            autoComplete="off"
            spellCheck={false}
            placeholder={
              info.env.apiKey
                ? t.provider.keyGivenByEnv
                : info.saved.hasKey
                  ? t.provider.keyKept
                  : needsKey === undefined
                    ? t.provider.keyIfAsked
                    : needsKey
                      ? t.provider.keyNeeded
                      : t.provider.keyOptional
            }
            aria-invalid={problem('key') !== undefined}
            aria-describedby={problem('key') !== undefined ? `${id}-key-error ${id}-key-hint` : `${id}-key-hint`}
            onChange={(e) => {
              setApiKey(e.target.value);
              changed('key');
            }}
          />
          {errorUnder('key', 'provider-key-error')}
          <span className="hint" id={`${id}-key-hint`} data-testid="provider-key-hint">
            {t.provider.keyHint[info.keyKeptIn]}
          </span>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" data-testid="provider-save" disabled={!canSave}>
            {busy === 'save' && <Spinner size={12} />} {t.common.save}
          </button>
          <button
            type="button"
            className="button"
            data-testid="provider-test"
            disabled={busy !== undefined || (!canSave && dirty)}
            onClick={() => void onTest()}
          >
            {busy === 'test' && <Spinner size={12} />} {t.provider.test}
          </button>
          <span
            className={test ? (test.ok ? 'test-result ok' : 'test-result fail') : 'test-result'}
            role="status"
            data-testid="provider-test-result"
          >
            {test && <Icon name={test.ok ? 'check' : 'alert'} size={14} />}
            {test &&
              (test.ok
                ? t.provider.testOk(turnLine(t, test.message, test.messageCode))
                : t.provider.testFailed(turnLine(t, test.message, test.messageCode)))}
          </span>
        </div>
      </form>
      {/* Outside the form: the dialog's own form would submit this one too. */}
      <ConfirmDialog
        open={confirmRemove}
        title={t.provider.removeKeyTitle}
        message={t.provider.removeKeyMessage[info.keyKeptIn]}
        confirmLabel={t.provider.removeKeyConfirm}
        danger
        onConfirm={() => void onRemoveKey()}
        onCancel={() => setConfirmRemove(false)}
      />
      {leave.dialog}
    </>
  );
}
