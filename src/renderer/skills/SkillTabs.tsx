/**
 * The tabs of a skill that declares settings: Settings (with a dot while setup is missing) and
 * SKILL.md. As tabs are from the keyboard: one tab stop (the tab shown), the arrow keys, Home and
 * End show and focus another.
 */
import type { KeyboardEvent } from 'react';
import { useT } from '../i18n.js';

export type SkillTab = 'settings' | 'file';

const TABS = ['settings', 'file'] as const;

export function SkillTabs({
  current,
  needsSetup,
  onChange,
}: {
  current: SkillTab;
  needsSetup: boolean;
  onChange: (tab: SkillTab) => void;
}) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(current);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    onChange(TABS[to]!);
    document.getElementById(`skill-tab-${TABS[to]}`)?.focus();
  };
  return (
    <div className="segmented editor-tabs" role="tablist" aria-label={t.skills.tabs.label} onKeyDown={onKeyDown}>
      {TABS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`skill-tab-${id}`}
          aria-selected={current === id}
          tabIndex={current === id ? 0 : -1}
          aria-controls={`skill-tabpanel-${id}`}
          data-testid={`skill-tab-${id}`}
          className={current === id ? 'segment current' : 'segment'}
          onClick={() => onChange(id)}
        >
          {t.skills.tabs[id]}
          {id === 'settings' && needsSetup && <span className="tab-dot" aria-hidden="true" />}
        </button>
      ))}
    </div>
  );
}
