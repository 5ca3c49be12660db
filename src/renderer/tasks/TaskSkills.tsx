/**
 * The skills a task's runs may use, as links to the skills manager; a long list folds after a few.
 * One deleted or turned off since the task was made is marked and says so: its runs go without it.
 */
import { useState } from 'react';
import { routeHref } from '../app/router.js';
import { useT } from '../i18n.js';

const SHOWN = 6;

export function TaskSkills({ skills, states }: { skills: string[]; states?: ReadonlyMap<string, 'on' | 'off'> }) {
  const t = useT();
  const [all, setAll] = useState(false);
  if (skills.length === 0) return <span className="muted">{t.tasks.noSkills}</span>;
  // Missing ones first: they are what the owner must see, even in a folded list.
  const missing = (name: string) => (states === undefined ? undefined : (states.get(name) ?? 'deleted'));
  const ordered = [...skills].sort((a, b) => Number(missing(b) !== 'on') - Number(missing(a) !== 'on'));
  const shown = all ? ordered : ordered.slice(0, SHOWN);
  return (
    <ul className="task-skills" data-testid="task-skills">
      {shown.map((name) => {
        const state = missing(name);
        const gone = state === 'deleted' || state === 'off';
        return (
          <li key={name}>
            <a
              className={`skill-chip${gone ? ' skill-chip-missing' : ''}`}
              href={routeHref('skills', name)}
              data-missing={gone ? state : undefined}
              title={state === 'deleted' ? t.tasks.skillDeleted : state === 'off' ? t.tasks.skillOff : undefined}
            >
              {name}
              {gone && (
                <span className="skill-chip-why"> · {state === 'deleted' ? t.tasks.deletedMark : t.tasks.offMark}</span>
              )}
            </a>
          </li>
        );
      })}
      {skills.length > SHOWN && (
        <li>
          <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? t.tasks.fewerSkills : t.tasks.moreSkills(skills.length - SHOWN)}
          </button>
        </li>
      )}
    </ul>
  );
}
