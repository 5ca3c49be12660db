/**
 * Scheduled tasks: every task with its schedule, next and last run, last result and skills; a
 * switch pauses or resumes one, Run now runs one at once, Delete removes it. Tasks are made in chat,
 * so an empty page says how. `#/tasks/<id>` (a link from the audit log) shows that task, marked.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TaskInfo } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useLoad } from '../api/hooks.js';
import { switchedAsChosen, useUnanswered } from '../api/unanswered.js';
import { navigate } from '../app/router.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { TaskItem } from '../tasks/TaskItem.js';
import { ConfirmDialog } from '../ui/Dialog.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { takingItsPlace } from '../ui/taking-its-place.js';

export function TasksPage({ selected }: { selected?: string }) {
  const t = useT();
  const toast = useToast();
  const tasks = useLoad(
    () => client.call.listTasks(),
    [],
    (event) => event.type === 'tasks-changed',
  );
  const { setData, reload } = tasks;
  // Which skills there are, and which are on: a task's allowed skill deleted or turned off is marked.
  const skillList = useLoad(
    () => client.call.listSkills(),
    [],
    (event) => event.type === 'skills-changed',
  );
  const skillStates = useMemo(() => {
    const loaded = skillList.data?.skills;
    if (!loaded) return undefined;
    return new Map(loaded.map((s) => [s.name, s.enabled ? 'on' : 'off'] as const));
  }, [skillList.data]);
  const [deleting, setDeleting] = useState<TaskInfo>();
  // A task deleted takes its delete button with it: the focus goes to that of the task taking its place.
  const page = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = refocus.current;
    if (id === undefined || deleting !== undefined) return;
    refocus.current = undefined;
    page.current?.querySelector<HTMLElement>(`li[data-id="${CSS.escape(id)}"] [data-testid="task-delete"]`)?.focus();
  }, [deleting]);
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());

  const replace = (task: TaskInfo) => setData((list) => list?.map((x) => (x.id === task.id ? task : x)));

  // A switch shows the last choice until it is answered (see useUnanswered); a refused one shows the
  // task as the core has it.
  const toggles = useUnanswered<{ id: string; enabled: boolean }>();
  const toggle = (task: TaskInfo, enabled: boolean) => {
    toggles
      .send({ id: task.id, enabled }, client.call.setTaskEnabled(task.id, enabled), replace)
      .catch((err: unknown) => {
        reload();
        toast({ tone: 'error', title: t.tasks.toggleFailed, body: errorText(t, err) });
      });
  };

  const started = (id: string, on: boolean) =>
    setStarting((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // Its end comes as any run's: the list is told the task changed, and the result is delivered.
  const run = (task: TaskInfo) => {
    started(task.id, true);
    client.call
      .runTaskNow(task.id)
      .then(replace, (err: unknown) => toast({ tone: 'error', title: t.tasks.runFailed, body: errorText(t, err) }))
      .finally(() => started(task.id, false));
  };

  const remove = (task: TaskInfo) => {
    refocus.current = takingItsPlace(list, (x) => x.id === task.id)?.id;
    setDeleting(undefined);
    client.call.deleteTask(task.id).then(
      () => {
        setData((list) => list?.filter((x) => x.id !== task.id));
        toast({ tone: 'success', title: t.tasks.deleted(task.name) });
      },
      (err: unknown) => toast({ tone: 'error', title: t.tasks.deleteFailed, body: errorText(t, err) }),
    );
  };

  const list = useMemo(
    () => switchedAsChosen(tasks.data ?? [], toggles.choices, (c, task) => c.id === task.id),
    [tasks.data, toggles.choices],
  );
  return (
    <div ref={page} className="simple-page tasks-page">
      <header className="page-head">
        <h1>{t.tasks.title}</h1>
        {tasks.data && list.length > 0 && <span className="muted">{t.tasks.count(list.length)}</span>}
        {tasks.loading && <Spinner />}
        <span className="spacer" />
        <button type="button" className="button" onClick={reload}>
          <Icon name="refresh" size={14} /> {t.common.refresh}
        </button>
      </header>
      {tasks.error && (
        <p className="notice notice-error" role="alert">
          {tasks.error}
        </p>
      )}
      {tasks.data && list.length === 0 && (
        <div className="empty-state tasks-empty" data-testid="tasks-empty">
          <span className="empty-icon">
            <Icon name="calendar" size={28} />
          </span>
          <h2>{t.tasks.emptyTitle}</h2>
          <p>{t.tasks.emptyBody}</p>
          <p className="tasks-example">{t.tasks.emptyExample}</p>
          <button type="button" className="button button-primary" onClick={() => navigate('chat')}>
            <Icon name="chat" size={14} /> {t.tasks.openChat}
          </button>
        </div>
      )}
      {list.length > 0 && (
        <>
          <p className="page-intro muted">{t.tasks.intro}</p>
          <ul className="task-items" data-testid="tasks-list">
            {list.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                skillStates={skillStates}
                selected={task.id === selected}
                starting={starting.has(task.id)}
                onToggle={toggle}
                onRun={run}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t.tasks.deleteTitle}
        message={deleting ? t.tasks.deleteMessage(deleting.name, deleting.lastStatus === 'running') : ''}
        confirmLabel={t.common.delete}
        danger
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}
