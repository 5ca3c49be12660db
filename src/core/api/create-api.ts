/**
 * The contract's one implementation, over a runtime: both transports (Electron IPC in the app,
 * HTTP + WebSocket in `ias serve`) carry exactly this, and the events it emits.
 */
import { EventEmitter } from 'node:events';
import type { ApprovalMessageCode } from '../../shared/approval-messages.js';
import type {
  ApprovalInfo,
  AuditExportFormat,
  AuditQuery,
  IasApi,
  IasEvent,
  WechatInfo,
} from '../../shared/contract.js';
import type { ApprovalView } from '../approval/approval-view.js';
import type { Notifier } from '../channels/desktop-channel.js';
import type { WechatService } from '../channels/wechat-service.js';
import type { Runtime } from '../runtime.js';
import type { ApprovalRow } from '../store/approvals-repo.js';
import { apiError } from './api-error.js';
import { auditExportPieces, writeExportFile } from './audit-export-api.js';
import { chatApi } from './chat-api.js';
import { settingsApi } from './settings-api.js';
import { skillsApi } from './skills-api.js';
import { tasksApi } from './tasks-api.js';
import { ownerLocale, ownerLocaleWith } from '../owner-locale.js';
import { taskNotice } from '../../shared/task-notice.js';
import { deliverTaskResults } from '../scheduler/delivery.js';
import { followOutsideChanges } from './outside-changes.js';
import { isOwnerMissingSetting } from '../channels/wechat-settings.js';
import { coalesced } from '../coalesced.js';
import { isProviderSetting } from '../agent/providers.js';
import { isAppSetting } from './app-settings-stamp.js';

/** How long the audit log's changes gather before they are told (a turn writes several rows). */
const AUDIT_NEWS_MS = 100;
/** How long a save of the provider gathers its writes (the key's mark, then the provider) to be told once. */
const PROVIDER_NEWS_MS = 20;
/** How long a save of the general settings gathers its writes (the settings, the time zone) to be told once. */
const SETTINGS_NEWS_MS = 20;

export interface CoreApi {
  api: IasApi;
  events: EventEmitter<{ event: [IasEvent] }>;
  /**
   * Shows a notification in the UI (and on the platform's notifier, when given); an approval
   * message's code with it, for the UI to say it in its language.
   */
  notify(title: string, body: string, messageCode?: ApprovalMessageCode): void;
  /**
   * The audit log's export (every row the query matches) in pieces, as the app saves it: what
   * `ias serve` sends. Checked by the transport first (exportRefusal).
   */
  auditExport(query: AuditQuery, format: AuditExportFormat): Iterable<string>;
  /** The same, written into `file` (the desktop app's choice): all of it, or nothing and `file` as it was. */
  saveAuditExport(query: AuditQuery, format: AuditExportFormat, file: string): Promise<void>;
  close(): Promise<void>;
}

export interface CoreApiOptions {
  version: string;
  wechat?: WechatService;
  /**
   * The platform's notifier: an approval's text as the desktop channel sent it, a scheduled run's
   * news in the owner's language.
   */
  notifier?: Notifier;
  /** The system's language, where it is not the environment's (the desktop app: Electron's locale). */
  systemLanguage?: () => string | undefined;
  /** Run scheduled tasks in this process (default true: the app and `ias serve` do). */
  schedule?: boolean;
}

export function createCoreApi(runtime: Runtime, options: CoreApiOptions): CoreApi {
  const events = new EventEmitter<{ event: [IasEvent] }>();
  const emit = (event: IasEvent) => events.emit('event', event);
  const { gate, store, registry } = runtime;
  const wechat = options.wechat;

  const inAppChannels = () =>
    new Set(
      gate
        .channelList()
        .filter((c) => c.inApp)
        .map((c) => c.name),
    );
  const approvalInfo = (a: ApprovalView | ApprovalRow): ApprovalInfo => ({
    id: a.id,
    skillName: a.skillName,
    params: typeof a.params === 'string' ? (JSON.parse(a.params) as unknown) : a.params,
    status: a.status,
    channel: a.channel,
    createdAt: a.createdAt,
    expiresAt: a.expiresAt,
    attemptsLeft: a.attemptsLeft,
    ...(a.skillOrigin ? { skillOrigin: a.skillOrigin } : {}),
    decidableHere:
      a.status === 'pending' && a.channel !== null && inAppChannels().has(a.channel) && gate.waitsFor(a.id),
  });
  const wechatInfo = (): WechatInfo => {
    if (!wechat) return { available: false, state: 'stopped', puppet: '' };
    const status = wechat.status();
    const owner = status.owner;
    return {
      available: true,
      state: status.state,
      ...(status.qr ? { qr: status.qr } : {}),
      ...(status.user ? { user: status.user } : {}),
      ...(owner
        ? {
            owner:
              owner.mode === 'self'
                ? { mode: 'self' as const, boundAt: owner.boundAt }
                : {
                    mode: 'contact' as const,
                    name: owner.name,
                    boundAt: owner.boundAt,
                    ...(status.ownerMissing ? { missing: true as const } : {}),
                  },
          }
        : {}),
      ...(status.error ? { error: status.error } : {}),
      ...(status.error && status.errorCode ? { errorCode: status.errorCode } : {}),
      puppet: wechat.settings.puppet().name,
    };
  };

  const onApproval = (view: ApprovalView) => emit({ type: 'approval', approval: approvalInfo(view) });
  const onSkills = () => emit({ type: 'skills-changed' });
  const onWechat = () => emit({ type: 'wechat', status: wechatInfo() });
  const onConversation = (conversationId: string) => emit({ type: 'conversations-changed', conversationId });
  const onAudit = coalesced(() => emit({ type: 'audit-changed' }), AUDIT_NEWS_MS);
  const onProvider = coalesced(() => emit({ type: 'provider-changed' }), PROVIDER_NEWS_MS);
  const onSettings = coalesced(() => emit({ type: 'settings-changed' }), SETTINGS_NEWS_MS);
  const onSetting = (key: string) => {
    if (isProviderSetting(key)) onProvider();
    if (isAppSetting(key)) onSettings();
    if (isOwnerMissingSetting(key)) onWechat();
  };
  gate.on('changed', onApproval);
  registry.on('change', onSkills);
  store.conversations.on('changed', onConversation);
  store.audit.on('changed', onAudit);
  store.settings.on('changed', onSetting);
  wechat?.bot.on('status', onWechat);
  // An owner paired from WeChat (the code sent to the bot) or as the bot's own account.
  wechat?.router.on('paired', onWechat);
  const { close: closeChat, ...chat } = chatApi(runtime, emit);

  const requireWechat = (): WechatService => {
    if (!wechat) throw apiError('wechat-unavailable', {});
    return wechat;
  };

  const api: IasApi = {
    version: async () => options.version,
    ...chat,
    ...skillsApi(runtime, onSkills),
    ...tasksApi(runtime),
    async queryAudit(query) {
      return store.audit.list(query);
    },
    async getAuditRow(id) {
      return store.audit.get(id) ?? null;
    },
    async listApprovals() {
      return store.approvals.list({ limit: 100 }).map(approvalInfo);
    },
    async decideApproval(id, approve) {
      return gate.decideInApp(id, approve);
    },
    ...settingsApi(runtime),
    async wechatStatus() {
      return wechatInfo();
    },
    async wechatLogin() {
      await requireWechat().start();
    },
    async wechatLogout() {
      await requireWechat().logout();
    },
    async wechatStartPairing() {
      const session = requireWechat().router.startPairing();
      return { code: session.code, expiresAt: session.expiresAt };
    },
    async wechatBindSelf() {
      requireWechat().router.bindSelf();
    },
  };

  const notify = (title: string, body: string, messageCode?: ApprovalMessageCode) => {
    options.notifier?.notify(title, body, messageCode);
    emit({ type: 'notification', title, body, ...(messageCode ? { messageCode } : {}) });
  };
  const onTasks = () => emit({ type: 'tasks-changed' });
  runtime.scheduler.on('changed', onTasks);
  const locale = () =>
    options.systemLanguage ? ownerLocaleWith(store.settings, options.systemLanguage) : ownerLocale(store.settings);
  const stopDelivery = deliverTaskResults(runtime.scheduler, {
    wechat,
    locale,
    notify(title, body, task) {
      // The platform's notification in the owner's language; the UI says the event in its own.
      const notice = taskNotice(locale(), task, body);
      options.notifier?.notify(notice.title, notice.body);
      emit({ type: 'notification', title, body, task });
    },
  });
  if (options.schedule !== false) runtime.scheduler.start();
  // Other iAs processes (`ias chat`) writing the same database: their changes are told as ours are,
  // while someone listens (the app's tray and windows, `ias serve`'s pages).
  let closed = false;
  let stopFollowing: (() => void) | undefined;
  const listeners = events as EventEmitter;
  const onListenerAdded = (name: string | symbol) => {
    if (name !== 'event' || closed) return;
    stopFollowing ??= followOutsideChanges(runtime, {
      conversation: onConversation,
      approval: (row) => emit({ type: 'approval', approval: approvalInfo(row) }),
      tasks: () => runtime.scheduler.changedElsewhere(),
      audit: onAudit,
      provider: onProvider,
      settings: onSettings,
      skills: onSkills,
    });
  };
  const onListenerRemoved = (name: string | symbol) => {
    if (name !== 'event' || events.listenerCount('event') > 0) return;
    stopFollowing?.();
    stopFollowing = undefined;
  };
  listeners.on('newListener', onListenerAdded);
  listeners.on('removeListener', onListenerRemoved);

  const auditExport = (query: AuditQuery, format: AuditExportFormat) => auditExportPieces(store.audit, query, format);

  return {
    api,
    events,
    notify,
    auditExport,
    saveAuditExport: (query, format, file) => writeExportFile(auditExport(query, format), file),
    async close() {
      closed = true;
      listeners.off('newListener', onListenerAdded);
      listeners.off('removeListener', onListenerRemoved);
      stopFollowing?.();
      runtime.scheduler.off('changed', onTasks);
      stopDelivery();
      // A task's turn under way is stopped, not waited for to the end.
      await runtime.stopTurns();
      await runtime.scheduler.stop();
      gate.off('changed', onApproval);
      registry.off('change', onSkills);
      wechat?.bot.off('status', onWechat);
      wechat?.router.off('paired', onWechat);
      await closeChat();
      store.conversations.off('changed', onConversation);
      store.audit.off('changed', onAudit);
      onAudit.cancel();
      store.settings.off('changed', onSetting);
      onProvider.cancel();
      onSettings.cancel();
    },
  };
}
