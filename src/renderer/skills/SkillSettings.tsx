/**
 * A skill's settings: where it stands (what is still missing, whether it is on), one row per
 * declared setting, and Save, which sends only what changed. Secrets go to the secret store and
 * never come back: the form only knows whether each is set. What is typed while a save is on its
 * way stays, to be saved next.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SkillConfigField, SkillInfo } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { useFocusKept } from '../ui/useFocusKept.js';
import { ConfigFieldRow } from './ConfigFieldRow.js';

interface Props {
  skill: SkillInfo;
  onToggle: (skill: SkillInfo, enabled: boolean) => void;
  /** Saved: the settings as they now stand (the list reloads for what is still missing). */
  onSaved: (config: SkillConfigField[]) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** What to send: typed values, cleared secrets, and plain values emptied ('' clears them). */
function changes(
  fields: SkillConfigField[],
  drafts: Record<string, string>,
  clearing: Set<string>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const field of fields) {
    const draft = drafts[field.name];
    if (field.secret) {
      if (clearing.has(field.name)) out[field.name] = null;
      else if (draft?.trim()) out[field.name] = draft.trim();
    } else if (draft !== undefined && draft.trim() !== (field.value ?? '')) {
      out[field.name] = draft.trim() === '' ? null : draft.trim();
    }
  }
  return out;
}

/** The settings after `sent` was saved, as the core will report them. */
function applied(fields: SkillConfigField[], sent: Record<string, string | null>): SkillConfigField[] {
  return fields.map((field) => {
    if (!(field.name in sent)) return field;
    const value = sent[field.name];
    const next: SkillConfigField = { ...field, set: value !== null };
    if (!field.secret) {
      if (value === null) delete next.value;
      else next.value = value;
    }
    return next;
  });
}

export function SkillSettings({ skill, onToggle, onSaved, onDirtyChange }: Props) {
  const t = useT();
  const c = t.skills.config;
  const toast = useToast();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [clearing, setClearing] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // Save is disabled while it works, and after it while nothing is left to save: the focus comes
  // back to it, or else goes to the first setting.
  const form = useRef<HTMLFormElement>(null);
  const keepFocus = useFocusKept(busy, () =>
    form.current?.querySelector<HTMLElement>('input:not(:disabled), textarea'),
  );
  const pending = changes(skill.config, drafts, clearing);
  const dirty = Object.keys(pending).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const missing = new Set(skill.needsConfig.flat());
  const groups = new Map<string, string[]>();
  for (const f of skill.config) {
    if (typeof f.required === 'string') groups.set(f.required, [...(groups.get(f.required) ?? []), f.name]);
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || busy) return;
    keepFocus();
    setBusy(true);
    const sent = { drafts, clearing };
    try {
      await client.call.setSkillConfig(skill.name, pending);
      onSaved(applied(skill.config, pending));
      // What was typed or cleared while the save was on its way is still to save: it stays.
      setDrafts((now) =>
        Object.fromEntries(Object.entries(now).filter(([name, value]) => sent.drafts[name] !== value)),
      );
      setClearing((now) => new Set([...now].filter((name) => !sent.clearing.has(name))));
      toast({ tone: 'success', title: c.saved(skill.name) });
    } catch (err) {
      toast({ tone: 'error', title: c.saveFailed, body: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  /** One entry of `needsConfig`: its names, any one of which will do. */
  const orList = (names: string[]): ReactNode =>
    names.map((name, i) => (
      <span key={name}>
        {i > 0 && ` ${c.or} `}
        <code>{name}</code>
      </span>
    ));

  return (
    <div className="skill-settings" data-testid="skill-settings">
      <div className="skill-settings-inner">
        {skill.needsConfig.length > 0 ? (
          <div className="notice notice-warn setup-notice" data-testid="skill-missing" role="status">
            <Icon name="alert" size={14} />
            <div>
              <strong>{c.missingTitle}</strong>
              <ul className="missing-list">
                {skill.needsConfig.map((names) => (
                  <li key={names.join(' ')} data-testid="skill-missing-item">
                    {orList(names)}
                  </li>
                ))}
              </ul>
              <span>{skill.enabled ? c.missingOn : c.missingOff}</span>
            </div>
          </div>
        ) : skill.enabled ? (
          <p className="notice notice-success setup-notice" data-testid="skill-ready">
            <Icon name="check" size={14} /> {c.readyOn}
          </p>
        ) : (
          <div className="notice notice-info setup-notice" data-testid="skill-ready-off">
            <Icon name="info" size={14} />
            <span className="spacer">{c.readyOff}</span>
            <button
              type="button"
              className="button button-primary button-small"
              data-testid="skill-turn-on"
              onClick={() => onToggle(skill, true)}
            >
              {c.turnOn}
            </button>
          </div>
        )}
        <p className="muted section-intro">{c.intro}</p>
        <form ref={form} onSubmit={(e) => void save(e)} data-testid="skill-settings-form">
          {skill.config.map((field) => (
            <ConfigFieldRow
              key={field.name}
              field={field}
              groupMates={
                typeof field.required === 'string'
                  ? (groups.get(field.required) ?? []).filter((n) => n !== field.name)
                  : []
              }
              missing={missing.has(field.name)}
              draft={drafts[field.name]}
              clearing={clearing.has(field.name)}
              onDraft={(value) => setDrafts((d) => ({ ...d, [field.name]: value }))}
              onClear={(on) =>
                setClearing((set) => {
                  const next = new Set(set);
                  if (on) next.add(field.name);
                  else next.delete(field.name);
                  return next;
                })
              }
            />
          ))}
          <div className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              data-testid="skill-settings-save"
              disabled={!dirty || busy}
            >
              {busy && <Spinner size={12} />} {t.common.save}
            </button>
            {skill.config.some((f) => f.secret) && <span className="hint">{c.secretHint}</span>}
          </div>
        </form>
      </div>
    </div>
  );
}
