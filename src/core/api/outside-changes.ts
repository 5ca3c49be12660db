/**
 * What other iAs processes write to the shared database (`ias chat` in a terminal beside the app or
 * `ias serve`: a conversation, a turn, an approval, a task), told the way this process tells its own
 * writes, so the UI follows them without a reload. Each time another process has committed (see
 * store/commits-elsewhere.ts: at once on Linux and macOS, within a second on Windows), a few small
 * reads are compared with what was seen before: conversations whose `updated_at` moved, that came
 * or went, or whose background call ended; the latest approvals' states; the tasks; the audit log's
 * calls added or ended (see outside-audit.ts); the model provider and its key (`ias provider`, another
 * app's Settings page); the app's general settings (language, theme, time zone…); the skills'
 * switches, reviews and settings (`ias skills enable`, `disable`, `review`, `config`). This process's own writes, told already, only move
 * what was seen, so they are not told twice.
 */
import { isProviderSetting, providerStamp } from '../agent/providers.js';
import { appSettingsStamp, isAppSetting } from './app-settings-stamp.js';
import type { ApprovalView } from '../approval/approval-view.js';
import type { Runtime } from '../runtime.js';
import type { ApprovalRow } from '../store/approvals-repo.js';
import { watchCommitsElsewhere, type CommitsElsewhereOptions } from '../store/commits-elsewhere.js';
import { seeAudit } from './outside-audit.js';

export interface OutsideChangeListeners {
  /** A conversation was made, written to, renamed or deleted, or a background call of it ended. */
  conversation(conversationId: string): void;
  /** An approval was opened or moved on (one of the latest, as the UI lists them). */
  approval(row: ApprovalRow): void;
  /** A task was made, changed, run or deleted. */
  tasks(): void;
  /** Skill calls were added to the audit log, or running ones ended. */
  audit(): void;
  /** The model provider or its API key was saved (or the key removed). */
  provider(): void;
  /** A general setting was saved (language, theme, time zone, notifications…; see getSettings). */
  settings(): void;
  /** A skill was switched on or off, reviewed or configured. */
  skills(): void;
}

/** As many approvals as the UI lists (see IasApi.listApprovals). */
const APPROVALS = 100;

/** What the UI shows of an approval's progress: a change of any of it is told. */
const stateOf = (a: ApprovalRow | ApprovalView) => `${a.status}|${a.attemptsLeft}|${a.channel}|${a.expiresAt}`;

/** Follows the other processes' commits until the returned function is called (or the database closes). */
export function followOutsideChanges(
  runtime: Pick<Runtime, 'store' | 'gate' | 'scheduler'>,
  listeners: OutsideChangeListeners,
  options?: CommitsElsewhereOptions,
): () => void {
  const { conversations, jobs, approvals, tasks, audit, settings, skillSettings } = runtime.store;
  // The version first, the starting reads after it: a commit another process makes between the two
  // is then looked at (and found seen), where the other way round it would count as seen unread
  // until that process's next commit. `look` runs only from a timer or a watch, once all is set.
  const stopWatching = watchCommitsElsewhere(runtime.store.db, () => look(), options);
  const approvalStates = () => new Map(approvals.list({ limit: APPROVALS }).map((a) => [a.id, stateOf(a)]));
  let times = conversations.updatedTimes();
  let running = jobs.running();
  let approvalsSeen = approvalStates();
  let tasksSeen = tasks.stamp();
  let skillSettingsSeen = skillSettings.stamp();
  // Groups of settings, each told by its own listener when its stamp moved.
  const settingGroups = [
    { owns: isProviderSetting, stamp: providerStamp, tellChange: () => listeners.provider() },
    { owns: isAppSetting, stamp: appSettingsStamp, tellChange: () => listeners.settings() },
  ].map((group) => ({ ...group, seen: group.stamp(settings) }));
  const auditSeen = seeAudit(audit);

  // This process's own writes, told by their own events: seen.
  const ownConversation = (id: string) => {
    const conversation = conversations.get(id);
    if (conversation) times.set(id, conversation.updatedAt);
    else times.delete(id);
  };
  const ownApproval = (view: ApprovalView) => approvalsSeen.set(view.id, stateOf(view));
  const ownTasks = () => {
    tasksSeen = tasks.stamp();
  };
  const ownSkillSettings = () => {
    skillSettingsSeen = skillSettings.stamp();
  };
  const ownSetting = (key: string) => {
    for (const group of settingGroups) if (group.owns(key)) group.seen = group.stamp(settings);
  };
  conversations.on('changed', ownConversation);
  runtime.gate.on('changed', ownApproval);
  runtime.scheduler.on('changed', ownTasks);
  settings.on('changed', ownSetting);
  skillSettings.on('changed', ownSkillSettings);

  const look = () => {
    const changed = new Set<string>();
    const nowTimes = conversations.updatedTimes();
    for (const [id, time] of nowTimes) if (times.get(id) !== time) changed.add(id);
    for (const id of times.keys()) if (!nowTimes.has(id)) changed.add(id);
    times = nowTimes;
    const nowRunning = jobs.running();
    for (const [id, conversationId] of running) if (conversationId && !nowRunning.has(id)) changed.add(conversationId);
    running = nowRunning;
    for (const id of changed) tell(() => listeners.conversation(id));

    const latest = approvals.list({ limit: APPROVALS });
    const before = approvalsSeen;
    approvalsSeen = new Map(latest.map((a) => [a.id, stateOf(a)]));
    // Oldest first, as they happened.
    for (const row of latest.reverse()) if (before.get(row.id) !== stateOf(row)) tell(() => listeners.approval(row));

    const nowTasks = tasks.stamp();
    if (nowTasks !== tasksSeen) {
      tasksSeen = nowTasks;
      tell(() => listeners.tasks());
    }

    if (auditSeen.changedElsewhere()) tell(() => listeners.audit());

    const nowSkillSettings = skillSettings.stamp();
    if (nowSkillSettings !== skillSettingsSeen) {
      skillSettingsSeen = nowSkillSettings;
      tell(() => listeners.skills());
    }

    for (const group of settingGroups) {
      const now = group.stamp(settings);
      if (now === group.seen) continue;
      group.seen = now;
      tell(group.tellChange);
    }
  };

  return () => {
    stopWatching();
    conversations.off('changed', ownConversation);
    runtime.gate.off('changed', ownApproval);
    runtime.scheduler.off('changed', ownTasks);
    settings.off('changed', ownSetting);
    skillSettings.off('changed', ownSkillSettings);
    auditSeen.stop();
  };
}

/** A listener that fails (a UI gone) neither stops the others nor makes the change told again. */
function tell(fn: () => void): void {
  try {
    fn();
  } catch {
    // The UI reads everything again when it reconnects.
  }
}
