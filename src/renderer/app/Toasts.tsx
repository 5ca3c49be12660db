/**
 * Toasts: short messages in a corner, clear of the page's controls, that go away by themselves or
 * with their close button (a failure is announced as an alert). A page whose every part is read
 * (the chat) keeps a `ToastSlot`: there they take room of their own instead of covering it. The
 * core's `notification` events show here too, and, in the headless web UI, as a browser
 * notification when allowed. A toast asking for an approval goes as soon as that approval is
 * answered (in the app's card, in WeChat, or it expired). None goes by itself while the pointer is
 * over the toasts or the keyboard focus in one (the owner is reading it, or about to follow its
 * link); closed or gone with the focus in it, the focus goes back to where it came from.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import type { ApprovalMessageCode, TaskRunNews } from '../../shared/contract.js';
import { sayTaskResult } from '../../shared/task-results.js';
import { client } from '../api/client.js';
import { useIasEvent } from '../api/hooks.js';
import type { Strings } from '../i18n/en.js';
import { approvalNotice } from '../approvals/approval-notice.js';
import { askedApproval, isAnswered } from '../approvals/approval-toasts.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { routeHref } from './router.js';
import { useToastHold } from './useToastHold.js';
import { useSettings } from './SettingsProvider.js';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  tone?: ToastTone;
  title: string;
  body?: string;
  /** A link to where the news is (a conversation, say). */
  action?: { label: string; href: string };
  /** An approval's news: said in the UI's language (whichever it is by then) instead of title and body. */
  messageCode?: ApprovalMessageCode;
}

interface Toast extends Required<Pick<ToastInput, 'tone' | 'title'>> {
  id: number;
  body?: string;
  action?: ToastInput['action'];
  messageCode?: ApprovalMessageCode;
  /** The id of the approval the toast asks for, if it does. */
  asks?: string;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);
/** Where the page keeps room for toasts (null: none, they float in the corner). */
const SlotContext = createContext<(slot: HTMLElement | null) => void>(() => undefined);

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext);
}

const LIFETIME_MS = { info: 6000, success: 3500, error: 9000 } as const;
/** A toast with a link stays long enough to be followed. */
const ACTION_LIFETIME_MS = 12_000;
/**
 * One toast; as it leaves the page (closed, timed out, its approval answered, or moved to the page's
 * room for toasts), `onGone` is told first, while it still holds the focus or the pointer it had.
 */
function ToastItem({ onGone, children, ...props }: ComponentProps<'div'> & { onGone: (el: HTMLElement) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const gone = useRef(onGone);
  useLayoutEffect(() => {
    gone.current = onGone;
  });
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (el) gone.current(el);
    };
  }, []);
  return (
    <div ref={ref} {...props}>
      {children}
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const nextId = useRef(1);
  const t = useT();
  const { settings } = useSettings();

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const { countDown, listRef, onFocus, onBlur, gone } = useToastHold(toasts, dismiss);
  const push = useCallback(
    (input: ToastInput) => {
      const { tone = 'info', title, body, action, messageCode } = input;
      const asks = askedApproval(messageCode);
      const toast: Toast = { id: nextId.current++, tone, title, body, action, messageCode, asks };
      setToasts((list) => [...list.slice(-4), toast]);
      countDown(toast.id, action ? ACTION_LIFETIME_MS : LIFETIME_MS[tone]);
    },
    [countDown],
  );
  useIasEvent((event) => {
    if (event.type === 'approval') {
      const { approval } = event;
      setToasts((list) => {
        const left = list.filter((toast) => !toast.asks || !isAnswered(toast.asks, approval));
        return left.length === list.length ? list : left;
      });
      return;
    }
    if (event.type !== 'notification') return;
    // An approval's news and a task's run in the UI's language; the result itself as it came.
    const news = event.task ? taskNews(t, event.task, event.body) : undefined;
    push(news ?? { title: event.title, body: event.body, messageCode: event.messageCode });
    const { title, body } = news ?? approvalNotice(t, event, event.messageCode);
    // The desktop app notifies from its main process; the web UI uses the browser's own notifications.
    if (
      client.transport === 'ws' &&
      settings?.notifications !== false &&
      typeof Notification !== 'undefined' &&
      Notification.permission === 'granted' &&
      document.visibilityState !== 'visible'
    ) {
      try {
        new Notification(title, { body, tag: 'ias' });
      } catch {
        // Some browsers only allow notifications from a service worker: the toast is enough.
      }
    }
  });

  const list = (
    <div
      className={slot ? 'toasts toasts-in-flow' : 'toasts'}
      role="status"
      aria-live="polite"
      data-testid="toasts"
      ref={listRef}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {toasts.map((toast) => {
        const { title, body } = approvalNotice(t, toast, toast.messageCode);
        return (
          <ToastItem
            key={toast.id}
            onGone={gone}
            className={`toast toast-${toast.tone}`}
            data-testid="toast"
            // A failure is said at once; other news waits for a pause, as the list's own status role does.
            role={toast.tone === 'error' ? 'alert' : undefined}
          >
            <Icon name={toast.tone === 'error' ? 'alert' : toast.tone === 'success' ? 'check' : 'info'} />
            <div className="toast-text">
              <strong>{title}</strong>
              {body && <span>{body}</span>}
              {toast.action && (
                <a className="toast-action" href={toast.action.href} onClick={() => dismiss(toast.id)}>
                  {toast.action.label}
                </a>
              )}
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label={t.common.dismiss}
              onClick={() => dismiss(toast.id)}
            >
              <Icon name="close" size={14} />
            </button>
          </ToastItem>
        );
      })}
    </div>
  );

  return (
    <ToastContext.Provider value={push}>
      <SlotContext.Provider value={setSlot}>
        {children}
        {slot ? createPortal(list, slot) : list}
      </SlotContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * The page's room for toasts, where it is put: while one shows, they sit there in the page's flow
 * (the newest on top), pushing what is below instead of covering it, and the room closes after.
 */
export function ToastSlot() {
  return <div className="toast-slot" ref={useContext(SlotContext)} />;
}

/** Ask for browser notifications once the owner wants them (web UI only). */
export function useBrowserNotificationPermission(): [NotificationPermission | 'unsupported', () => void] {
  const supported = client.transport === 'ws' && typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(
    supported ? Notification.permission : 'unsupported',
  );
  const request = useCallback(() => {
    if (!supported) return;
    void Notification.requestPermission().then(setPermission);
  }, [supported]);
  useEffect(() => {
    if (supported) setPermission(Notification.permission);
  }, [supported]);
  return useMemo(() => [permission, request], [permission, request]);
}

/** A scheduled task's result: a failure stands out, and the toast leads to the tasks page. */
function taskNews(t: Strings, task: TaskRunNews, body: string): ToastInput & { title: string } {
  const failed = task.status === 'failed';
  return {
    tone: failed ? 'error' : 'info',
    title: t.tasks.ran(task.name, failed),
    body: sayTaskResult(t.taskResult, body, task.resultCode),
    action: { label: t.tasks.openTasks, href: routeHref('tasks') },
  };
}
