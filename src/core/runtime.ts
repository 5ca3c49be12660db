/**
 * Puts the core together for one process: the store, the skill registry (and its watcher), the
 * approval gate and the skill caller. The app and `ias serve` own approvals (`recover: true`);
 * one-shot commands only read and write alongside them.
 */
import path from 'node:path';
import { Agent, type AgentEvent, type AgentOptions } from './agent/agent.js';
import { enabledSkills } from './agent/catalogue.js';
import { resolveProvider, type ProviderConfig } from './agent/providers.js';
import { markCutOffTurns } from './agent/cut-off-turns.js';
import { ServerMends } from './agent/server-mends.js';
import { TurnsInProgress } from './agent/turns-in-progress.js';
import { approvalKey } from './approval/approval-key.js';
import { FileSecretStore, type SecretStore } from './approval/key-store.js';
import { SkillCaller } from './approval/call-skill.js';
import type { ApprovalChannel } from './approval/channel.js';
import { ApprovalGate } from './approval/gate.js';
import { codeInChatText, maybeCodeInChatText, nearCodeInChatText, numbersHeldText } from './approval/messages.js';
import { dataPaths, type DataPaths } from './paths.js';
import { ownerTimeZone } from './time-zone.js';
import { SkillRegistry } from './skills/registry.js';
import { SkillWatcher } from './skills/watcher.js';
import { openStore, type Store } from './store/index.js';
import { startOrClose, type OpenedParts } from './opened-parts.js';
import { TaskScheduler } from './scheduler/scheduler.js';
import { missingSkills } from './scheduler/missing-skills.js';
import { runTaskTurn, taskConversationId, taskIdOf } from './scheduler/task-runner.js';
import { requestingConversation, runNowRequester } from '../shared/run-now-requests.js';
import { SkillConfigStore } from './skills/skill-config.js';
import { stopLeftoverProcesses } from './skills/leftover-processes.js';
import { sweepLeftWorkEvery } from './left-work-sweep.js';
import { keepLease } from './process-leases.js';
import { thisProcess } from './process-identity.js';
import { copyExampleSkills } from './skills/examples.js';
import { keepSwitchesWithSkills } from './skills/own-switches.js';
import { markReviewedIfAt } from './approval/review.js';
import { movePuppetTokenToSecrets } from './channels/puppet-token.js';
import type { Skill } from './skills/types.js';
import type { BuiltinServices } from './builtins/index.js';

/** The setting behind "Pause high-risk skills". */
export const HIGH_RISK_PAUSED = 'app.highRiskPaused';
/** The setting of the owner's IANA time zone, when it differs from the computer's (see time-zone.ts). */
export { TIME_ZONE } from './time-zone.js';

export interface RuntimeOptions {
  home: string;
  systemSkills: string;
  userSkills?: string;
  /** The platform's secret store; a 0600 file store in the data folder when absent. */
  secrets?: SecretStore;
  /** Approval channels in order of preference. */
  channels?: ApprovalChannel[];
  /** This process owns approvals: cancel what an earlier run left open, mark interrupted calls. */
  recover?: boolean;
  /** Watch the user skills folder for edits. */
  watch?: boolean;
  /**
   * An error while the skills folder is watched: a hot reload that threw (a registry 'change'
   * listener's write to a database another process holds, say) or the watcher's own. Without it,
   * such an error goes unseen.
   */
  onWatchError?: (err: Error) => void;
  approvalTtlMs?: number;
  /** With `recover`: how often work left by iAs processes killed since is swept (see left-work-sweep.ts). */
  leftWorkSweepMs?: number;
  /** How often this process's lease is renewed (see process-leases.ts); LEASE_RENEW_MS by default. */
  leaseRenewMs?: number;
  /** The example user skills, copied into the user folder on the first run (the app and `ias serve`). */
  exampleSkills?: string;
  /** The agent loops of task runs: their events, and each loop as it is made (`ias tasks run` follows its run). */
  taskAgents?: { onEvent?: (event: AgentEvent) => void; made?: (agent: Agent) => void };
  /** A part that fails to close after a failed start (the start's own error is what is thrown). */
  onCloseError?: (err: unknown) => void;
}

export interface Runtime {
  paths: DataPaths;
  secrets: SecretStore;
  store: Store;
  registry: SkillRegistry;
  gate: ApprovalGate;
  caller: SkillCaller;
  /** Each skill's own settings (keys, accounts, addresses). */
  skillConfig: SkillConfigStore;
  /** Scheduled tasks; only a process that owns approvals starts it. */
  scheduler: TaskScheduler;
  /** The skills offered to the model: enabled ones. */
  enabledSkills(): Skill[];
  /** The owner's time zone: the setting, else the computer's. */
  timeZone(): string;
  /**
   * The model provider a turn would use now (the settings and the secret store, the environment
   * over them); throws ProviderNotConfiguredError when there is none it can use.
   */
  provider(): ProviderConfig;
  /** An agent loop over this runtime's skills, store and gate. */
  agent(options?: Partial<AgentOptions>): Agent;
  /**
   * Stops the turns under way (of every agent of this runtime) and waits until each is stored as
   * stopped; turns begun after it start stopped. Closing calls it first.
   */
  stopTurns(): Promise<void>;
  /**
   * Closes what the runtime opened, last first (turns, scheduler, watcher, gate, database), each
   * even when one before it failed, whose first failure it then throws. A second call does nothing.
   */
  close(): Promise<void>;
}

/**
 * Opens the runtime. Should a step fail part-way (a data folder iAs cannot use, a skills folder
 * that cannot be watched), what was opened before it (the database, the watcher…) is closed again,
 * last first, and the step's error is thrown.
 */
export async function openRuntime(options: RuntimeOptions): Promise<Runtime> {
  return startOrClose((opened) => assembleRuntime(options, opened), options.onCloseError);
}

async function assembleRuntime(options: RuntimeOptions, opened: OpenedParts): Promise<Runtime> {
  const paths = dataPaths(path.resolve(options.home), options.userSkills);
  const store = openStore(paths.database);
  opened.add(() => store.close());
  // Before it records any work: an iAs in another pid namespace sees by it that this one runs (and,
  // once it is deleted as this closes, or stale after a kill, settles what this one left).
  const owner = thisProcess();
  if (owner) opened.add(keepLease(store.leases, owner, options.leaseRenewMs));
  const copied = options.exampleSkills
    ? copyExampleSkills(options.exampleSkills, paths.userSkills, store.settings, store.skillSettings)
    : [];
  const registry = new SkillRegistry({ systemDir: options.systemSkills, userDir: paths.userSkills });
  // Before the first load: folders gone or shipped since the last run count too.
  keepSwitchesWithSkills(registry, store.skillSettings);
  registry.loadAll();
  // Shipped with iAs, not written by a stranger: the copies count as reviewed at the version
  // copied, and only if the folder is still that version.
  for (const { name, hash } of copied) {
    if (registry.get(name)?.source === 'user') markReviewedIfAt(registry, name, hash, store.skillSettings);
  }
  const secrets = options.secrets ?? new FileSecretStore(paths.secrets, { forgetsSealedCopies: true, ownFolder: true });
  // A puppet service token an earlier iAs kept in the database goes to the secret store.
  movePuppetTokenToSecrets(store, secrets);
  const gate = new ApprovalGate({
    approvals: store.approvals,
    key: approvalKey(secrets),
    channels: options.channels ?? [],
    currentSkill: (name) => registry.current(name),
    reviewMarks: store.skillSettings,
    asker: ({ source, requestedBy }) => {
      const conversation = requestedBy ? store.conversations.get(requestingConversation(requestedBy)) : undefined;
      if (!conversation) return undefined;
      const task = source === 'schedule' ? store.tasks.get(taskIdOf(conversation.id) ?? '') : undefined;
      return task ? { kind: 'task', title: task.name } : { kind: 'chat', title: conversation.title };
    },
    ttlMs: options.approvalTtlMs,
  });
  opened.add(() => gate.close());
  if (options.recover) {
    // Processes a killed run left behind end before their calls are marked interrupted.
    stopLeftoverProcesses(store.processes);
    store.audit.markInterrupted();
    store.jobs.markInterrupted();
    // Turns whose iAs stopped before they ended say so (a running iAs keeps its own).
    markCutOffTurns(store.conversations, store.atomically);
    gate.recover();
    // And so is what another iAs process leaves when it is killed while this one runs.
    opened.add(sweepLeftWorkEvery({ store, gate }, options.leftWorkSweepMs));
  }
  if (options.watch) {
    const watcher = new SkillWatcher(registry, { onError: options.onWatchError });
    // Added before it starts: one that fails half-way closes what it began.
    opened.add(() => watcher.close());
    await watcher.start();
  }
  const skillConfig = new SkillConfigStore(store.skillSettings, secrets);
  const timeZone = () => ownerTimeZone(store.settings);
  const services: BuiltinServices = { knownSkills: () => registry.list().map((s) => s.name), timeZone };
  const caller = new SkillCaller({
    getSkill: (name) => registry.current(name),
    audit: store.audit,
    skillSettings: store.skillSettings,
    gate,
    config: skillConfig,
    execute: { scriptCacheDir: paths.scriptCache, services },
    highRiskPaused: () => store.settings.get(HIGH_RISK_PAUSED) === true,
    atomically: store.atomically,
    processes: store.processes,
  });
  const offered = () => enabledSkills(registry.list(), store.skillSettings);
  // The model never sees an approval code, even one the owner typed into a chat by mistake.
  const refusals = {
    code: codeInChatText,
    'maybe-code': maybeCodeInChatText,
    held: numbersHeldText,
    'near-code': nearCodeInChatText,
  };
  const refuseCode = (text: string) => {
    const held = gate.holdsCode(text);
    return held && refusals[held]();
  };
  // A task's prompt was written before any code now pending existed, by a model that never sees
  // codes: digits in it are no code typed by mistake, so another process's approval (whose code
  // cannot be checked here) does not stop the run, nor does an approval's spent budget of compared
  // numbers (nothing was compared: the run tells nothing of the code). Its own code is still
  // refused, as anywhere.
  const refuseTaskCode = (text: string) => (gate.holdsCode(text) === 'code' ? codeInChatText() : undefined);
  // What servers were learnt to want holds for every agent of this runtime (chat and tasks).
  const mends = new ServerMends();
  const turns = new TurnsInProgress();
  const provider = () => resolveProvider(store.settings, secrets);
  const agent = (agentOptions: Partial<AgentOptions> = {}) =>
    new Agent({
      mends,
      turns,
      provider,
      conversations: store.conversations,
      jobs: store.jobs,
      caller,
      atomically: store.atomically,
      skills: offered,
      timeZone,
      refuseMessage: refuseCode,
      ...agentOptions,
    });
  const scheduler = new TaskScheduler({
    tasks: store.tasks,
    timeZone,
    run: (task, cause, signal) =>
      runTaskTurn(
        task,
        (t, why) => {
          const allowed = new Set(t.allowlist);
          const made = agent({
            source: 'schedule',
            // A run the owner asked for now says so in its audit rows and approvals.
            ...(why === 'owner' ? { requestedBy: runNowRequester(taskConversationId(t)) } : {}),
            skills: () => offered().filter((s) => allowed.has(s.name)),
            refuseMessage: refuseTaskCode,
            onEvent: options.taskAgents?.onEvent,
          });
          options.taskAgents?.made?.(made);
          return made;
        },
        store.conversations,
        cause,
        // The allowed skills deleted or turned off since the task was made, as the run begins.
        { signal, missing: missingSkills(task.allowlist, offered(), (name) => registry.get(name) !== undefined) },
      ),
  });
  opened.add(() => scheduler.stop());
  // Turns end stopped (and stored so) before anything they use closes: added last, closed first.
  opened.add(() => turns.stopAll());
  services.scheduler = scheduler;
  return {
    paths,
    secrets,
    store,
    registry,
    gate,
    caller,
    skillConfig,
    scheduler,
    enabledSkills: offered,
    timeZone,
    provider,
    agent,
    stopTurns: () => turns.stopAll(),
    close: () => opened.closeAll(),
  };
}
