/** The skills a task's runs may use, as links to the skills manager; a long list folds after a few. */
import { useState } from 'react';
import { routeHref } from '../app/router.js';
import { useT } from '../i18n.js';

const SHOWN = 6;

export function TaskSkills({ skills }: { skills: string[] }) {
  const t = useT();
  const [all, setAll] = useState(false);
  if (skills.length === 0) return <span className="muted">{t.tasks.noSkills}</span>;
  const shown = all ? skills : skills.slice(0, SHOWN);
  return (
    <ul className="task-skills" data-testid="task-skills">
      {shown.map((name) => (
        <li key={name}>
          <a className="skill-chip" href={routeHref('skills', name)}>
            {name}
          </a>
        </li>
      ))}
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
