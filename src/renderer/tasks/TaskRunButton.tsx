/**
 * Runs a task now: "Run now", or "Try again" on a one-off whose run failed or was interrupted.
 * While a run of the task is under way (asked here, or its schedule's) it is disabled and says so.
 */
import type { TaskInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { useFocusKept } from '../ui/useFocusKept.js';

interface Props {
  task: TaskInfo;
  /** The request to run it is on its way. */
  starting: boolean;
  onRun: (task: TaskInfo) => void;
}

export function TaskRunButton({ task, starting, onRun }: Props) {
  const t = useT();
  const running = starting || task.lastStatus === 'running';
  // Disabled while the run is under way: the focus comes back to it once done.
  const keepFocus = useFocusKept(running);
  const retry = task.cron === null && (task.lastStatus === 'failed' || task.lastStatus === 'interrupted');
  const title = running
    ? t.tasks.runningTitle(task.name)
    : retry
      ? t.tasks.tryAgainTitle(task.name)
      : t.tasks.runNowTitle(task.name);
  return (
    <button
      type="button"
      className="button button-small task-run"
      data-testid="task-run"
      disabled={running}
      aria-busy={running}
      title={title}
      onClick={() => {
        keepFocus();
        onRun(task);
      }}
    >
      {running ? <Spinner size={10} /> : <Icon name={retry ? 'refresh' : 'play'} size={12} />}{' '}
      {running ? t.tasks.runningNow : retry ? t.tasks.tryAgain : t.tasks.runNow}
    </button>
  );
}
