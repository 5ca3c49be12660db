/** The tabs of a skill that declares settings: Settings (with a dot while setup is missing) and SKILL.md. */
import { useT } from '../i18n.js';

export type SkillTab = 'settings' | 'file';

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
  return (
    <div className="segmented editor-tabs" role="tablist" aria-label={t.skills.tabs.label}>
      {(['settings', 'file'] as const).map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`skill-tab-${id}`}
          aria-selected={current === id}
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
