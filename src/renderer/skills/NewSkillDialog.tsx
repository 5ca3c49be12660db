/** New skill: its name (the tool's name) and a starting template. */
import { useEffect, useId, useState } from 'react';
import type { SkillInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Dialog } from '../ui/Dialog.js';

export const SKILL_NAME = /^[a-z0-9_-]{1,64}$/;

interface Props {
  open: boolean;
  skills: SkillInfo[];
  /** The owner's skills that may not load (a problem in their SKILL.md): their names are taken too. */
  unloaded: ReadonlySet<string | undefined>;
  onCancel: () => void;
  onCreate: (name: string, kind: 'script' | 'instructions') => void;
}

export function NewSkillDialog({ open, skills, unloaded, onCancel, onCreate }: Props) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'script' | 'instructions'>('script');
  // Each opening starts empty: a name made or given up before is not offered again (shut, nothing shows).
  useEffect(() => {
    if (open) return;
    setName('');
    setKind('script');
  }, [open]);
  const existing = skills.find((s) => s.name === name);
  const problem =
    name === ''
      ? undefined
      : !SKILL_NAME.test(name)
        ? t.skills.nameRule
        : existing?.source === 'user' || unloaded.has(name)
          ? t.skills.nameTaken
          : undefined;
  const create = () => {
    if (name && !problem) onCreate(name, kind);
  };
  return (
    <Dialog
      open={open}
      title={t.skills.newTitle}
      onClose={onCancel}
      onSubmit={create}
      testId="skill-new-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t.common.cancel}
          </button>
          <button
            type="submit"
            className="button button-primary"
            data-testid="skill-new-create"
            disabled={!name || problem !== undefined}
          >
            {t.skills.create}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t.skills.newName}</label>
        <input
          id={`${id}-name`}
          data-testid="skill-new-name"
          value={name}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          placeholder="my-skill"
          aria-invalid={problem !== undefined}
          aria-describedby={`${id}-name-hint`}
          onChange={(e) => setName(e.target.value.trim())}
        />
        <span className={problem ? 'hint hint-error' : 'hint'} id={`${id}-name-hint`}>
          {problem ?? (existing?.source === 'system' ? t.skills.willOverride : t.skills.nameRule)}
        </span>
      </div>
      <fieldset className="field">
        <legend>{t.skills.template}</legend>
        {(['script', 'instructions'] as const).map((k) => (
          <label key={k} className="radio">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              data-testid={`skill-new-kind-${k}`}
              onChange={() => setKind(k)}
            />
            <span>
              <strong>{t.skills.kind[k]}</strong>
              <span className="hint">{t.skills.templateHint[k]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
