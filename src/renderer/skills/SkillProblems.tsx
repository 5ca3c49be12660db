/** Skills that failed to load (or loaded with warnings), with file and line. */
import type { SkillProblemInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { problemText } from './problem-text.js';

export function SkillProblems({ problems }: { problems: SkillProblemInfo[] }) {
  const t = useT();
  if (problems.length === 0) return null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <details className="skill-problems" data-testid="skill-problems" open={errors > 0}>
      <summary>
        <Icon name="alert" size={14} /> {t.skills.loadProblems(problems.length)}
      </summary>
      <ul>
        {problems.map((problem, index) => (
          <li key={index} className={`problem problem-${problem.severity}`} data-testid="skill-problem">
            <code className="problem-path" title={problem.path}>
              <span dir="ltr">
                {problem.path}
                {problem.line !== undefined ? `:${problem.line}` : ''}
              </span>
            </code>
            <span>{problemText(t, problem)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
