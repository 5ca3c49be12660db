/**
 * Skills that failed to load (or loaded with warnings), with file and line, the skill's folder, and
 * a button that copies the file's path (to open it in an editor or a file manager).
 */
import { useId } from 'react';
import type { SkillProblemInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { useCopy } from '../ui/useCopy.js';
import { problemFolder } from './problem-folder.js';
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
          <Problem key={index} problem={problem} />
        ))}
      </ul>
    </details>
  );
}

function Problem({ problem }: { problem: SkillProblemInfo }) {
  const t = useT();
  const id = useId();
  const { copied, copy } = useCopy();
  return (
    <li className={`problem problem-${problem.severity}`} data-testid="skill-problem">
      <code className="problem-path" title={problem.path} id={`${id}-path`}>
        <span dir="ltr">
          {problem.path}
          {problem.line !== undefined ? `:${problem.line}` : ''}
        </span>
      </code>
      <span className="problem-reason">{problemText(t, problem)}</span>
      <span className="problem-where">
        <span className="muted">{t.skills.problemFolder}</span>
        <code className="problem-folder" data-testid="skill-problem-folder" dir="ltr">
          {problemFolder(problem.path)}
        </code>
        <button
          type="button"
          className="link-button"
          data-testid="skill-problem-copy"
          aria-describedby={`${id}-path`}
          onClick={() => copy(problem.path)}
        >
          <Icon name={copied ? 'check' : 'copy'} size={13} />
          <span aria-live="polite">{copied ? t.common.copied : t.skills.copyPath}</span>
        </button>
      </span>
    </li>
  );
}
