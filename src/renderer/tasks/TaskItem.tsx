/**
 * One scheduled task: its name and prompt; when it runs (the cron expression in words and as
 * written, and its time zone; or the one-off moment); the next and last run with its status; the
 * skills it may use; the last result on request. A switch pauses or resumes it; a button runs it now.
 */
import { useEffect, useRef } from 'react';
import type { TaskInfo } from '../../shared/contract.js';
import { sayCron } from '../../shared/cron-words.js';
import { sayTaskResult } from '../../shared/task-results.js';
import { hasRunLeft, interruptedOneOff, ranBeforeItsMoment } from '../../shared/task-run-left.js';
import { useNow } from '../api/hooks.js';
import { useTimeZone } from '../app/SettingsProvider.js';
import { RichText } from '../chat/RichText.js';
import { useLocale, useT } from '../i18n.js';
import { formatDateTime, formatRelative } from '../ui/format.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { Switch } from '../ui/Switch.js';
import { TaskRunButton } from './TaskRunButton.js';
import { TaskSkills } from './TaskSkills.js';

interface Props {
  task: TaskInfo;
  /** Each skill there is, on or off (undefined until they are loaded): its missing skills are marked. */
  skillStates?: ReadonlyMap<string, 'on' | 'off'>;
  /** The one the route names (`#/tasks/<id>`): scrolled into view and marked. */
  selected?: boolean;
  /** A request to run it now is on its way. */
  starting: boolean;
  onToggle: (task: TaskInfo, enabled: boolean) => void;
  onRun: (task: TaskInfo) => void;
  onDelete: (task: TaskInfo) => void;
}

export function TaskItem({ task, skillStates, selected = false, starting, onToggle, onRun, onDelete }: Props) {
  const t = useT();
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) item.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const locale = useLocale();
  // Its runs read in the owner's zone, as every time in the app; its schedule in its own.
  const timeZone = useTimeZone();
  const now = useNow(30_000);
  // A one-off whose moment has passed, or that was run now, has no run left: it cannot be resumed.
  const resumable = hasRunLeft(task, now);
  const finished = !task.enabled && !resumable;
  // A one-off whose run was cut off (iAs quit or was killed) did not do its work: not finished.
  const cutOff = finished && interruptedOneOff(task, now);
  const state = task.enabled ? 'active' : cutOff ? 'interrupted' : finished ? 'finished' : 'paused';
  // Why a finished one-off cannot be resumed, as the core says it.
  const whyFinished = cutOff
    ? t.tasks.runAgain
    : ranBeforeItsMoment(task, now)
      ? t.tasks.ranAlready
      : t.tasks.noRunLeft;
  const otherZone = task.timeZone !== timeZone;
  const cronWords = task.cron !== null ? sayCron(task.cron, locale) : null;

  const next =
    task.enabled && task.nextRunAt !== null ? (
      <span
        title={otherZone ? `${formatDateTime(task.nextRunAt, locale, task.timeZone)} (${task.timeZone})` : undefined}
      >
        {formatDateTime(task.nextRunAt, locale, timeZone)}
        <span className="muted"> · {formatRelative(task.nextRunAt, locale, now)}</span>
      </span>
    ) : state === 'paused' ? (
      <span className="muted">{t.tasks.paused}</span>
    ) : (
      <span className="muted">—</span>
    );

  return (
    <li
      ref={item}
      className={`task-item task-${state}${selected ? ' task-selected' : ''}`}
      data-testid="task-item"
      data-id={task.id}
      data-state={state}
      data-selected={selected || undefined}
      aria-current={selected || undefined}
    >
      <div className="task-head">
        <Icon name={task.cron ? 'repeat' : 'clock'} className="task-kind" />
        <h2 className="task-name" title={task.name}>
          {task.name}
        </h2>
        {state === 'paused' && <span className="status-pill status-paused">{t.tasks.paused}</span>}
        {state === 'finished' && <span className="status-pill">{t.tasks.finished}</span>}
        {state === 'interrupted' && (
          <span className="status-pill status-interrupted" title={t.tasks.runAgain}>
            {t.tasks.notFinished}
          </span>
        )}
        <span className="spacer" />
        <TaskRunButton task={task} starting={starting} onRun={onRun} />
        <span
          className="task-switch"
          title={
            finished ? whyFinished : task.enabled && task.lastStatus === 'running' ? t.tasks.pauseLeavesRun : undefined
          }
        >
          <Switch
            checked={task.enabled}
            disabled={finished}
            ariaLabel={t.tasks.enable(task.name)}
            testId="task-enabled"
            onChange={(on) => onToggle(task, on)}
          />
        </span>
        <button
          type="button"
          className="icon-button"
          data-testid="task-delete"
          aria-label={t.tasks.delete(task.name)}
          title={t.tasks.delete(task.name)}
          onClick={() => onDelete(task)}
        >
          <Icon name="trash" />
        </button>
      </div>
      <p className="task-prompt" title={task.prompt}>
        {task.prompt}
      </p>
      <dl className="task-facts">
        <div>
          <dt>{t.tasks.schedule}</dt>
          <dd data-testid="task-schedule">
            {task.cron !== null ? (
              <>
                {cronWords !== null ? (
                  <span className="task-cron-words" data-testid="task-cron-words">
                    {cronWords}
                  </span>
                ) : (
                  <span className="muted">{t.tasks.repeats}</span>
                )}{' '}
                <code className="task-cron">{task.cron}</code>
              </>
            ) : (
              <>
                <span className="muted">{t.tasks.once}</span>{' '}
                {task.runAt !== null && formatDateTime(task.runAt, locale, task.timeZone)}
              </>
            )}
            <span className="task-zone muted">{t.tasks.inZone(task.timeZone)}</span>
          </dd>
        </div>
        <div>
          <dt>{t.tasks.nextRun}</dt>
          <dd data-testid="task-next">{next}</dd>
        </div>
        <div>
          <dt>{t.tasks.lastRun}</dt>
          <dd data-testid="task-last">
            {task.lastRunAt === null ? (
              <span className="muted">{t.tasks.never}</span>
            ) : (
              <>
                {formatDateTime(task.lastRunAt, locale, timeZone)}{' '}
                {task.lastStatus && (
                  <span className={`status-pill status-${task.lastStatus}`} data-testid="task-status">
                    {task.lastStatus === 'running' && <Spinner size={9} />} {t.tasks.status[task.lastStatus]}
                  </span>
                )}
              </>
            )}
          </dd>
        </div>
      </dl>
      <div className="task-skills-row">
        <span className="task-label">{t.tasks.skills}</span>
        <TaskSkills skills={task.skills} states={skillStates} />
      </div>
      {task.lastResult && (
        <details className={`task-result task-result-${task.lastStatus ?? 'none'}`} data-testid="task-result">
          <summary>
            <Icon name="chevronRight" size={14} className="disclosure" /> {t.tasks.lastResult}
          </summary>
          <div className="task-result-body">
            <RichText text={sayTaskResult(t.taskResult, task.lastResult, task.lastResultCode)} />
          </div>
        </details>
      )}
    </li>
  );
}
