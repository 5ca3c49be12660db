/**
 * One declared setting of a skill: its name, whether it is required (alone or as one of a group),
 * its description and its input. A secret is a password input that only says whether it is set:
 * typing replaces it, Clear removes it on save; its value is never shown. A secret that is set but
 * not used (its file could have been swapped or read by another user) says why, and what mends it.
 */
import { useId } from 'react';
import type { SkillConfigField } from '../../shared/contract.js';
import { saySkillSecret } from '../../shared/skill-secrets.js';
import { localText } from '../../shared/skill-text.js';
import { useLocale, useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

interface Props {
  field: SkillConfigField;
  /** The other settings of its required group, when it is in one. */
  groupMates: string[];
  /** It is (part of) what the skill still needs. */
  missing: boolean;
  /** What the owner typed; undefined when untouched. */
  draft: string | undefined;
  clearing: boolean;
  onDraft: (value: string) => void;
  onClear: (clearing: boolean) => void;
}

export function ConfigFieldRow({ field, groupMates, missing, draft, clearing, onDraft, onClear }: Props) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const c = t.skills.config;
  const description = localText(field, 'description', locale);
  const usingDefault = !field.set && field.default !== undefined;
  const state = clearing
    ? 'clearing'
    : field.refused
      ? 'refused'
      : field.set
        ? 'set'
        : usingDefault
          ? 'default'
          : 'unset';
  const stateLabel = {
    set: c.set,
    refused: c.notUsed,
    default: c.usingDefault,
    unset: c.notSet,
    clearing: c.notSet,
  }[state];

  return (
    <div
      className={missing ? 'config-field missing' : 'config-field'}
      data-testid="config-field"
      data-name={field.name}
      data-state={state}
    >
      <div className="config-field-head">
        <label htmlFor={`${id}-input`}>
          <code className="config-name">{field.name}</code>
        </label>
        {field.required !== false && (
          <span className="required-pill">
            {groupMates.length > 0 ? c.eitherOr(groupMates.join(` ${c.or} `)) : c.required}
          </span>
        )}
        {field.secret && (
          <span className="secret-pill">
            <Icon name="lock" size={11} /> {c.secret}
          </span>
        )}
        <span className="spacer" />
        <span className={`config-state config-${state}`} data-testid="config-state">
          {state === 'set' && <Icon name="check" size={12} />}
          {stateLabel}
        </span>
      </div>
      {description && (
        <p className="hint" id={`${id}-description`} data-testid="config-description">
          {description}
        </p>
      )}
      <div className="input-with-button">
        {field.secret ? (
          <input
            id={`${id}-input`}
            type="password"
            data-testid="config-input"
            value={draft ?? ''}
            disabled={clearing}
            autoComplete="new-password"
            spellCheck={false}
            placeholder={clearing ? c.willClear : field.set ? c.secretKept : ''}
            aria-describedby={description ? `${id}-description` : undefined}
            aria-required={field.required === true}
            onChange={(e) => onDraft(e.target.value)}
          />
        ) : (
          <input
            id={`${id}-input`}
            type="text"
            data-testid="config-input"
            value={draft ?? field.value ?? ''}
            autoComplete="off"
            spellCheck={false}
            placeholder={field.default !== undefined ? c.defaultPlaceholder(field.default) : ''}
            aria-describedby={description ? `${id}-description` : undefined}
            aria-required={field.required === true}
            onChange={(e) => onDraft(e.target.value)}
          />
        )}
        {field.secret && field.set && (
          <button
            type="button"
            className="button"
            data-testid="config-clear"
            aria-pressed={clearing}
            onClick={() => onClear(!clearing)}
          >
            {clearing ? c.undo : c.clear}
          </button>
        )}
      </div>
      {clearing && <span className="hint hint-warn">{c.willClear}</span>}
      {field.refused && !clearing && (
        <p className="hint hint-warn" data-testid="config-refused" role="alert">
          {saySkillSecret(t.skillSecret, field.refused.message, field.refused.messageCode)}
        </p>
      )}
    </div>
  );
}
