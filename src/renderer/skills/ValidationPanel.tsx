/** Live validation of the SKILL.md being edited: its problems by line, and the tool the model will see. */
import type { SkillProblemInfo, SkillValidation } from '../../shared/contract.js';
import { inFileOrder } from '../../shared/problem-order.js';
import { useT } from '../i18n.js';
import { CodeBlock } from '../ui/CodeBlock.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { problemText } from './problem-text.js';

interface Props {
  validation: SkillValidation | undefined;
  checking: boolean;
  error?: string;
  onGoToLine: (line: number) => void;
}

function Problem({ problem, onGoToLine }: { problem: SkillProblemInfo; onGoToLine: (line: number) => void }) {
  const t = useT();
  const text = (
    <>
      <Icon name={problem.severity === 'error' ? 'alert' : 'info'} size={13} />
      {problem.line !== undefined && <span className="problem-line">{t.skills.line(problem.line)}</span>}
      <span className="problem-text">{problemText(t, problem)}</span>
    </>
  );
  return (
    <li className={`problem problem-${problem.severity}`} data-testid="validation-problem" data-line={problem.line}>
      {problem.line !== undefined ? (
        <button type="button" className="problem-button" onClick={() => onGoToLine(problem.line ?? 1)}>
          {text}
        </button>
      ) : (
        <span className="problem-button">{text}</span>
      )}
    </li>
  );
}

export function ValidationPanel({ validation, checking, error, onGoToLine }: Props) {
  const t = useT();
  const problems = validation ? inFileOrder([...validation.errors, ...validation.warnings]) : [];
  const state = validation === undefined ? 'unknown' : validation.ok ? 'ok' : 'error';
  return (
    <aside className="validation" data-testid="skill-validation" data-state={state} aria-live="polite">
      <div className="validation-head">
        {validation === undefined ? (
          <span className="muted">{t.skills.checking}</span>
        ) : validation.ok ? (
          <span className="validation-ok">
            <Icon name="check" size={14} /> {t.skills.valid}
          </span>
        ) : (
          <span className="validation-bad">
            <Icon name="alert" size={14} /> {t.skills.errors(validation.errors.length)}
          </span>
        )}
        {validation && validation.warnings.length > 0 && (
          <span className="muted">{t.skills.warnings(validation.warnings.length)}</span>
        )}
        {checking && <Spinner size={12} label={t.skills.checking} />}
      </div>
      {error && <p className="notice notice-error">{error}</p>}
      {problems.length > 0 && (
        <ul className="problems">
          {problems.map((problem, index) => (
            <Problem key={index} problem={problem} onGoToLine={onGoToLine} />
          ))}
        </ul>
      )}
      {validation?.risk && (
        <p className="validation-meta">
          <span className={`risk-pill risk-${validation.risk}`}>{t.skills.risk[validation.risk]}</span>
          {validation.kind && <span className="muted">{t.skills.kind[validation.kind]}</span>}
        </p>
      )}
      {validation?.tool && (
        <div className="tool-preview" data-testid="skill-tool-preview">
          <h3>{t.skills.toolPreview}</h3>
          <p className="hint">{t.skills.toolPreviewHint}</p>
          <CodeBlock value={validation.tool} label={t.skills.toolPreview} />
        </div>
      )}
    </aside>
  );
}
