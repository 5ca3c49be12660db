/**
 * An audit entry's "Requested by": the conversation's title as a link that opens it in the chat, the
 * scheduled task's name as a link to it on the tasks page; the id as stored, marked deleted, when
 * that conversation or task is gone. Read again when conversations or tasks change.
 */
import { useLoad } from '../api/hooks.js';
import { routeHref } from '../app/router.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { findRequester } from './requester.js';

export function RequestedBy({ requestedBy }: { requestedBy: string | null }) {
  const t = useT();
  const found = useLoad(
    () => (requestedBy === null ? Promise.resolve(undefined) : findRequester(requestedBy)),
    [requestedBy],
    (event) => event.type === 'conversations-changed' || event.type === 'tasks-changed',
  );
  if (requestedBy === null) return <>—</>;
  const requester = found.data;
  if (!requester || requester.kind === 'other') {
    // Still being found (or it could not be): the requester as stored.
    return (
      <span data-testid="audit-requested-by" data-kind={requester?.kind ?? 'unknown'}>
        {requestedBy}
      </span>
    );
  }
  if (requester.kind === 'deleted') {
    return (
      <span data-testid="audit-requested-by" data-kind="deleted" className="requester-deleted">
        <code>{requester.id}</code>{' '}
        <span className="status-pill" data-testid="audit-requester-deleted">
          {t.audit.requesterDeleted[requester.of]}
        </span>
      </span>
    );
  }
  const title = requester.kind === 'conversation' ? requester.title || t.chat.untitled : '';
  const [href, text, icon] =
    requester.kind === 'task'
      ? [routeHref('tasks', requester.id), t.audit.requesterTask(requester.name), 'calendar' as const]
      : [routeHref('chat', requester.id), title, 'chat' as const];
  return (
    <span data-testid="audit-requested-by" data-kind={requester.kind}>
      <a href={href} className="requester-link" data-testid="audit-requester-link">
        <Icon name={icon} size={12} /> {text}
      </a>
    </span>
  );
}
