/**
 * The one typed contract between the UI and the core. The desktop app carries it over Electron
 * IPC (src/main + src/preload), headless mode over HTTP + WebSocket (src/server); the renderer sees
 * only this. Plain types and constants: no Node, no DOM, no Electron.
 */
import type { ApiErrorCode } from './api-errors.js';
import type { ApprovalMessageCode, SkillOrigin } from './approval-messages.js';
import type { SaveAuditExport } from './audit-export.js';
import type { Locale, TranslatedLocale } from './locale.js';
import type { SkillProblemCode } from './skill-problems.js';
import type { SkillSecretCode } from './skill-secrets.js';
import type { TaskResultCode } from './task-results.js';
import type { ToolErrorCode } from './tool-errors.js';
import type { MessageCode } from './turn-messages.js';
import type { WechatErrorCode } from './wechat-errors.js';

export type {
  ApprovalMessageCode,
  ApprovalMessageName,
  ApprovalMessageParams,
  OverrideOrigin,
  SkillOrigin,
} from './approval-messages.js';
export type { MessageCode, TurnMessageCode, TurnMessageParams } from './turn-messages.js';
export type { ApiErrorCode, ApiErrorName, ApiErrorParams } from './api-errors.js';
export type { AuditExportFormat, SaveAuditExport } from './audit-export.js';
export type { TaskResultCode, TaskResultName, TaskResultParams } from './task-results.js';
export type { SkillProblemCode, SkillProblemName, SkillProblemParams } from './skill-problems.js';

export type SkillRisk = 'low' | 'high';
export type SkillSource = 'system' | 'user';
export type SkillKind = 'script' | 'builtin' | 'instructions';

/** A skill as the skills list shows it. */
export interface SkillSummary {
  /** The tool name (the skill's folder name). */
  name: string;
  title: string;
  description: string;
  /** The skill's risk: a user skill overriding a system skill never lowers it. */
  risk: SkillRisk;
  source: SkillSource;
  /** True when a user skill replaces a system skill of the same name. */
  overrides: boolean;
  kind: SkillKind;
  /**
   * The title and description in the UI's other languages, where the skill gives them (its
   * front matter's `locales:`); `title` and `description` are its English. Only the UI reads them:
   * the model gets `description`.
   */
  locales?: Partial<Record<TranslatedLocale, SkillText>>;
}

/** A skill's title and description in one language; either may be missing (the English stands). */
export interface SkillText {
  title?: string;
  description?: string;
}

/** A skill with everything the skills manager shows. */
export interface SkillInfo extends SkillSummary {
  /** The risk the gate applies now: High for a user skill not yet reviewed at this version. */
  effectiveRisk: SkillRisk;
  enabled: boolean;
  /** System skills are always reviewed; a user skill is when its current content was. */
  reviewed: boolean;
  timeoutSecs: number;
  parameters: Record<string, unknown>;
  /** The SKILL.md file. */
  path: string;
  hash: string;
  /** The settings the skill declares (keys, accounts, addresses), secrets shown only as set or not. */
  config: SkillConfigField[];
  /**
   * What must still be set before the skill can work: one entry per requirement, the names any one
   * of which meets it (["SMTP_HOST"], ["TAVILY_API_KEY", "SEARXNG_URL"]), each surface saying them
   * in its language (shared/name-lists.ts).
   */
  needsConfig: string[][];
}

export interface SkillConfigField {
  /** The variable name, such as QWEATHER_API_KEY. */
  name: string;
  description: string;
  /** The description in the UI's other languages, where the skill gives it. */
  locales?: Partial<Record<TranslatedLocale, { description: string }>>;
  /** Kept in the secret store; its value never comes back. */
  secret: boolean;
  /** true: needed; a text: one of that group is needed; false: optional. */
  required: boolean | string;
  /** Whether the owner has set it. */
  set: boolean;
  /** The value of a setting that is not secret. */
  value?: string;
  default?: string;
  /**
   * A secret that is set but is not used (nor saved there): its file could have been swapped or
   * read by another user. Why, in English and as a code; a run of the skill is refused meanwhile.
   */
  refused?: { message: string; messageCode: SkillSecretCode };
}

export type TaskRunStatus = 'running' | 'done' | 'failed' | 'interrupted';

/** A task's run that ended, as its result is told to the owner (the UI says it in its own language). */
export interface TaskRunNews {
  id: string;
  name: string;
  status: 'done' | 'failed';
  /** What iAs itself says in the result (the body), to say it in the UI's language. */
  resultCode?: TaskResultCode;
}

/** A scheduled task as the UI shows it. Times are ms since the epoch. */
export interface TaskInfo {
  id: string;
  name: string;
  /** A cron expression; null for a one-off. */
  cron: string | null;
  /** The moment of a one-off; null for a repeating task. */
  runAt: number | null;
  timeZone: string;
  prompt: string;
  /** The skills its runs may use. */
  skills: string[];
  enabled: boolean;
  nextRunAt: number | null;
  lastRunAt: number | null;
  lastStatus: TaskRunStatus | null;
  lastResult: string | null;
  /** What iAs itself says in `lastResult`, to say it in the UI's language (absent on older runs). */
  lastResultCode?: TaskResultCode;
  createdAt: number;
}

export interface SkillProblemInfo {
  path: string;
  line?: number;
  /** In English. */
  message: string;
  /** Its code and parameters, to say it in the UI's language (absent from an older core). */
  messageCode?: SkillProblemCode;
  severity: 'error' | 'warning';
}

export interface SkillsState {
  skills: SkillInfo[];
  /** Load errors and warnings, with file and line. */
  problems: SkillProblemInfo[];
  systemDir: string;
  userDir: string;
}

/** A tool definition as the model receives it. */
export interface ToolPreview {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface SkillFile {
  name: string;
  source: SkillSource;
  path: string;
  content: string;
}

/** One file of a skill version, as a review shows it. */
export interface SkillVersionFile {
  /** Relative to the skill folder, with "/". */
  path: string;
  /** Bytes; null when it could not be read (the version's hash records that). */
  size: number | null;
  /** The file's text: absent when `notShown` says why. */
  text?: string;
  /** Why its text is not shown: not UTF-8 text, too large to show, or unreadable. */
  notShown?: 'binary' | 'too-large' | 'unreadable';
}

/** A skill folder read once for a review: every file its version hash covers, and that hash. */
export interface SkillVersion {
  name: string;
  source: SkillSource;
  /** The skill folder. */
  dir: string;
  /** The version these files make up: what {@link IasApi.reviewSkill} is given. */
  hash: string;
  files: SkillVersionFile[];
}

export interface SkillValidation {
  ok: boolean;
  errors: SkillProblemInfo[];
  warnings: SkillProblemInfo[];
  /** The tool definition the model would see, when the file is valid. */
  tool?: ToolPreview;
  risk?: SkillRisk;
  kind?: SkillKind;
}

export interface ConversationInfo {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

/** A place in the conversation list: the conversation a page goes on after (see listConversations). */
export interface ConversationCursor {
  updatedAt: number;
  id: string;
}

/** A page of the conversation list (see IasApi.listConversations). */
export interface ConversationPageQuery {
  /** At most this many conversations (1 to 1000). */
  limit: number;
  /** Only those after this one in the list's order: the next page, after the last one read. */
  after?: ConversationCursor;
}

export interface ToolCallInfo {
  id: string;
  name: string;
  arguments: string;
}

export interface ChatMessage {
  id: number;
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  createdAt: number;
  toolCalls?: ToolCallInfo[];
  toolCallId?: string;
  /** The tool's name, on tool messages. */
  name?: string;
  /** Reasoning content, shown apart. */
  reasoning?: string;
  /** A note the loop added (a background result), not typed by anyone. */
  note?: boolean;
  /** A line about how the turn went (a notice, the provider's failure), shown with it; the model never sees it. */
  shown?: 'notice' | 'error' | 'stopped';
  /** A shown line's code and parameters, to say it in the UI's language (absent on older lines). */
  shownCode?: MessageCode;
  /**
   * On the tool message of a call that went on in the background: how far it got, and its result
   * (what the model is given) once it ended, with how it ended (`callStatus`, absent on older jobs).
   */
  background?: {
    status: 'running' | 'ended' | 'interrupted';
    result?: unknown;
    callStatus?: EndedToolStatus;
    /** Why it did not run, when iAs said it, by its code. */
    code?: ToolErrorCode;
  };
  /**
   * On the tool message of a call that ended in its turn: how it ended (absent on older messages).
   * What the model was given cannot always tell: a call stopped while its approval waited was refused.
   */
  callStatus?: EndedToolStatus;
  /** On the tool message of a call iAs answered without running it: why, by its code, to say it in the UI's language. */
  resultCode?: ToolErrorCode;
  /** The conversation's first message: there is nothing earlier to load. */
  first?: boolean;
  /**
   * On the conversation's last message, read while a turn is still under way in it (in this iAs
   * process or another one, such as `ias chat`): its calls with no result yet are running, not failed.
   */
  underWay?: boolean;
}

/** A page of a conversation's messages (see IasApi.getMessages). */
export interface MessagePageQuery {
  /** At most this many messages, unless one turn alone is longer. */
  limit: number;
  /** Only messages before this one (its id). */
  before?: number;
}

export type ToolCallStatus =
  'running' | 'waiting-for-approval' | 'background' | 'done' | 'error' | 'refused' | 'unconfirmed';

/** How a tool call ended, as its card shows it. */
export type EndedToolStatus = Extract<ToolCallStatus, 'done' | 'error' | 'refused' | 'unconfirmed'>;

/** Events of one chat turn, in order; `turnId` ties them to sendMessage's answer. */
export type ChatEvent =
  | { kind: 'delta'; text: string }
  | { kind: 'reasoning'; text: string }
  /**
   * All that streamed so far of the reply under way as text was the model's thinking (`to:
   * 'reasoning'`: its `<think>` written by the chat template, only `</think>` came), or what
   * streamed as reasoning was text (`to: 'text'`): `text`, to move to the other side.
   */
  | { kind: 'moved'; to: 'reasoning' | 'text'; text: string }
  | { kind: 'tool-call'; id: string; name: string; arguments: string }
  | { kind: 'tool-result'; id: string; name: string; status: ToolCallStatus; result: unknown; code?: ToolErrorCode }
  | { kind: 'background-result'; id: string; name: string; status: string; result: unknown; code?: ToolErrorCode }
  | { kind: 'retry'; message: string; delayMs: number; messageCode?: MessageCode }
  /** How this turn is answered, worth knowing (e.g. a model that cannot use tools). */
  | { kind: 'notice'; message: string; messageCode?: MessageCode }
  | { kind: 'error'; message: string; messageCode?: MessageCode }
  | { kind: 'done'; reply: string; rounds: number; stopped?: boolean; error?: string; errorCode?: MessageCode };

export type ApprovalStatus =
  'queued' | 'pending' | 'approved' | 'executing' | 'done' | 'rejected' | 'expired' | 'cancelled';

/** An approval as the UI sees it: never a code. */
export interface ApprovalInfo {
  id: string;
  skillName: string;
  params: unknown;
  status: ApprovalStatus;
  /** Where the request went: 'wechat', 'desktop', 'terminal'… */
  channel: string | null;
  createdAt: number;
  expiresAt: number | null;
  attemptsLeft: number;
  /**
   * Whose skill it is: a user skill that replaces the shipped one of its name ('user-override',
   * 'user-override-unreviewed') must be shown as such, and so must a Low skill asked about only
   * because it is not reviewed ('user-unreviewed') and a High one not reviewed at this version
   * ('user-high-unreviewed'). Absent for approvals recorded before.
   */
  skillOrigin?: SkillOrigin;
  /** True when the owner can approve or reject it here, with a button (the in-app card). */
  decidableHere: boolean;
}

export type AuditStatus = 'running' | 'done' | 'failed' | 'interrupted' | 'refused';
export type AuditSource = 'chat' | 'job' | 'schedule' | 'cli';

export interface AuditQuery {
  skill?: string;
  status?: AuditStatus;
  source?: AuditSource;
  /** started_at ≥ from (ms since epoch). */
  from?: number;
  /** started_at < to. */
  to?: number;
  text?: string;
  /**
   * The language the reader sees why a call did not run in (see call-errors.ts): `text` finds
   * those words too, not only the error as stored (what the model was told).
   */
  language?: Locale;
  limit?: number;
  cursor?: string;
}

export interface AuditRowInfo {
  id: number;
  startedAt: number;
  finishedAt: number | null;
  skill: string;
  skillHash: string | null;
  source: AuditSource;
  requestedBy: string | null;
  params: unknown;
  risk: SkillRisk;
  approvalId: string | null;
  approvalOutcome: string;
  status: AuditStatus;
  durationMs: number | null;
  exitCode: number | null;
  resultSummary: string | null;
  /** What the model was told (or the skill's own error). */
  error: string | null;
  /**
   * Why the call did not run, when iAs decided it (the gate, or arguments or settings it lacked):
   * to say the error in the reader's language.
   */
  errorCode: ToolErrorCode | null;
  /**
   * Set in a list (queryAudit) when a long text of the row was cut to a line's worth (a few hundred
   * characters, ending with "…"): params then are their JSON text cut, a string. The whole row is
   * read with getAuditRow.
   */
  cut?: true;
}

export interface AuditPageInfo {
  rows: AuditRowInfo[];
  nextCursor?: string;
}

export interface ProviderPresetInfo {
  id: string;
  label: string;
  baseUrl: string;
  model: string;
  needsKey: boolean;
}

/** Where secrets set now are kept: sealed with the OS keychain (the app), or in a 0600 file. */
export type SecretsKeptIn = 'keychain' | 'file';

export interface ProviderInfo {
  presets: ProviderPresetInfo[];
  /** Where a key saved now is kept, so the form says it truly. */
  keyKeptIn: SecretsKeptIn;
  /** What is saved (never the key itself). */
  saved: { preset?: string; baseUrl?: string; model?: string; hasKey: boolean };
  /**
   * Which IAS_LLM_* variables are set (a blank one counts as unset), whether or not a model can be
   * asked with them: each wins over what is saved. Never their values (the key's least of all).
   */
  env: { baseUrl: boolean; model: boolean; apiKey: boolean };
  /** What is in effect (environment variables win), or null when no model can be asked. */
  effective: {
    baseUrl: string;
    model: string;
    hasKey: boolean;
    fromEnv: boolean;
    /**
     * The origin of the server the saved key belongs to, when it is not this base URL's (the key is
     * then not sent; '' for a key saved before any server was); null otherwise.
     */
    keyFor: string | null;
  } | null;
  /**
   * When `effective` is null because a setting in use is there but cannot be used (a base URL that
   * is no usable address, an API key no request could carry or saved in a file other users can
   * read): which, where it comes from, and why (said as a turn says it, never quoting the key). Null
   * when nothing is wrong, or nothing is set up.
   */
  unusable: (UnusableSetting & { message: string; messageCode: MessageCode }) | null;
}

/**
 * A model setting in use that cannot be used, and where it comes from: the saved settings (the
 * Settings page can mend it), or its IAS_LLM_* variable (only the environment iAs started in can).
 */
export interface UnusableSetting {
  setting: 'base-url' | 'api-key';
  from: 'settings' | 'env';
}

export interface ProviderInput {
  preset?: string;
  baseUrl?: string;
  model?: string;
  /**
   * A new key; omitted keeps the saved one, '' removes it (from the secret store). Given without
   * preset, baseUrl and model, the key alone changes: the provider saved is kept. (An input with
   * none of the four clears the provider saved, the key kept.)
   */
  apiKey?: string;
}

export type WechatState =
  'stopped' | 'starting' | 'waiting-for-scan' | 'logged-in' | 'logged-out' | 'reconnecting' | 'error';

export interface WechatInfo {
  available: boolean;
  state: WechatState;
  /** The QR code's text while waiting for a scan (the UI draws it). */
  qr?: string;
  user?: { id: string; name: string };
  /**
   * Who approves; `boundAt` (ms since epoch) tells a pairing made since from the owner before it.
   * `missing`: the paired contact was not found in the bot's latest login (contact ids can change
   * with each login); approvals go to this computer until it is found again or the owner pairs again.
   */
  owner?: { mode: 'contact'; name: string; boundAt: number; missing?: true } | { mode: 'self'; boundAt: number };
  puppet: string;
  /** What went wrong: iAs's words in English, or the puppet's own as they came. */
  error?: string;
  /** The error's code when iAs itself says it, to say it in the UI's language (see wechat-errors.ts). */
  errorCode?: WechatErrorCode;
}

export type Language = 'system' | 'zh-CN' | 'en';
export type Theme = 'system' | 'light' | 'dark';

export interface AppSettings {
  language: Language;
  theme: Theme;
  notifications: boolean;
  launchAtLogin: boolean;
  /** Read-only: where iAs keeps its data. */
  dataDir: string;
  /** Read-only: whether high-risk skills are paused (none runs, none is asked). */
  highRiskPaused: boolean;
  /** The owner's time zone: an IANA name such as Asia/Shanghai, or 'system' to follow the computer's. */
  timeZone: string;
  /** Read-only: the zone in use (the computer's while `timeZone` is 'system'). */
  timeZoneInUse: string;
}

/** What the UI can ask of the core. Every method is asynchronous, whatever the transport. */
export interface IasApi {
  version(): Promise<string>;

  /**
   * The conversations, the latest changed first (then by id): the 100 latest, or a page (`limit`
   * of them, after the conversation `after` when given). A page shorter than its limit is the last.
   */
  listConversations(page?: ConversationPageQuery): Promise<ConversationInfo[]>;
  /** One conversation, listed or not (an older one opened by a link); null when there is none. */
  getConversation(conversationId: string): Promise<ConversationInfo | null>;
  /**
   * The conversation's messages, oldest first; all of them, or a page: the latest whole turns that
   * fit in `limit` messages (the one turn there whole, when it alone is longer), before the message
   * `before` when given. A number is a page's `limit`. A read that reaches the beginning marks the
   * conversation's first message `first`; the page before another one is `{ limit, before: its
   * first message's id }`.
   */
  getMessages(conversationId: string, page?: number | MessagePageQuery): Promise<ChatMessage[]>;
  /** Starts a turn; its events arrive as `chat` events with the returned turnId. */
  sendMessage(input: { conversationId?: string; text: string }): Promise<{ conversationId: string; turnId: string }>;
  stopTurn(turnId: string): Promise<void>;
  renameConversation(conversationId: string, title: string): Promise<void>;
  deleteConversation(conversationId: string): Promise<void>;

  listSkills(): Promise<SkillsState>;
  setSkillEnabled(name: string, enabled: boolean): Promise<void>;
  /**
   * A skill's SKILL.md, for the editor. Refused ('skill-folder-outside', `reading`) when a user
   * skill's folder or SKILL.md is a link leading outside the skills folder.
   */
  readSkill(name: string): Promise<SkillFile>;
  /** Checks a SKILL.md with the real parser, without saving it. */
  validateSkill(name: string, content: string): Promise<SkillValidation>;
  /**
   * Saves a user skill (creating it if new). Saved from the app's editor, it counts as reviewed.
   * Refused ('skill-folder-outside') when its folder is a link leading outside the skills folder.
   */
  saveSkill(name: string, content: string): Promise<SkillValidation>;
  /** Copies a system skill into the user folder to customise it. */
  copySkillToUser(name: string): Promise<SkillFile>;
  deleteSkill(name: string): Promise<void>;
  /**
   * A skill's folder as it is now, for the owner to review: every file its version covers (text
   * shown, binary and large files named with their size), read once, with the hash they make up.
   */
  showSkillVersion(name: string): Promise<SkillVersion>;
  /**
   * Marks the version of a user skill the owner was shown (the `hash` of its
   * {@link IasApi.showSkillVersion}) as reviewed. Refused ('skill-changed-since-shown'), marking
   * nothing, when the folder no longer hashes to it: the owner has not seen what would run.
   */
  reviewSkill(name: string, hash: string): Promise<void>;
  /**
   * A template for a new skill, its words in `language` (the UI's; English when left out). Its
   * headings and keys stay those the parser reads: it loads as a valid skill in every language.
   */
  skillTemplate(kind: 'script' | 'instructions', language?: Locale): Promise<string>;
  /** Sets some of a skill's settings; '' or null clears one. Secrets go to the secret store. */
  setSkillConfig(name: string, values: Record<string, string | null>): Promise<void>;

  listTasks(): Promise<TaskInfo[]>;
  /** Pauses or resumes a task (resumed, it runs from its next slot on). */
  setTaskEnabled(id: string, enabled: boolean): Promise<TaskInfo>;
  deleteTask(id: string): Promise<void>;
  /**
   * Runs a task now, as its schedule would (its skills, approvals and delivery), paused or not: a
   * repeating task keeps its next run; a one-off is finished by it, and one that failed may be run
   * again. Resolves once the run has begun (the task, running); its end comes as a task's ends.
   */
  runTaskNow(id: string): Promise<TaskInfo>;

  /**
   * A page of the audit log for a list: each row's long text (params, result, error) cut to a line's
   * worth, the row then marked `cut`; the search (`text`) looks at the whole text all the same.
   */
  queryAudit(query: AuditQuery): Promise<AuditPageInfo>;
  /** One row of the audit log whole, as stored (what a row opened shows); null when there is none. */
  getAuditRow(id: number): Promise<AuditRowInfo | null>;
  // The audit log's export is no method here: of any size, it is never one answer (audit-export.ts).

  /** Open approvals, and recent ones. */
  listApprovals(): Promise<ApprovalInfo[]>;
  /** The in-app card's buttons (only for approvals that are `decidableHere`). */
  decideApproval(id: string, approve: boolean): Promise<boolean>;

  getProvider(): Promise<ProviderInfo>;
  saveProvider(input: ProviderInput): Promise<void>;
  /** `messageCode`: the answer's code, to say it in the UI's language (see turn-messages). */
  testProvider(): Promise<{ ok: boolean; message: string; messageCode?: MessageCode }>;

  getSettings(): Promise<AppSettings>;
  saveSettings(
    input: Partial<Pick<AppSettings, 'language' | 'theme' | 'notifications' | 'launchAtLogin' | 'timeZone'>>,
  ): Promise<AppSettings>;
  setHighRiskPaused(paused: boolean): Promise<void>;

  wechatStatus(): Promise<WechatInfo>;
  wechatLogin(): Promise<void>;
  wechatLogout(): Promise<void>;
  wechatStartPairing(): Promise<{ code: string; expiresAt: number }>;
  wechatBindSelf(): Promise<void>;
}

export type ApiMethod = keyof IasApi;

/** Every method of {@link IasApi}, for transports that register or expose them one by one. */
export const API_METHODS = [
  'version',
  'listConversations',
  'getConversation',
  'getMessages',
  'sendMessage',
  'stopTurn',
  'renameConversation',
  'deleteConversation',
  'listSkills',
  'setSkillEnabled',
  'readSkill',
  'validateSkill',
  'saveSkill',
  'copySkillToUser',
  'deleteSkill',
  'showSkillVersion',
  'reviewSkill',
  'skillTemplate',
  'setSkillConfig',
  'listTasks',
  'setTaskEnabled',
  'deleteTask',
  'runTaskNow',
  'queryAudit',
  'getAuditRow',
  'listApprovals',
  'decideApproval',
  'getProvider',
  'saveProvider',
  'testProvider',
  'getSettings',
  'saveSettings',
  'setHighRiskPaused',
  'wechatStatus',
  'wechatLogin',
  'wechatLogout',
  'wechatStartPairing',
  'wechatBindSelf',
] as const satisfies readonly ApiMethod[];

// API_METHODS must name every method of IasApi: this fails to compile when one is missing.
type Never<T extends never> = T;
type _AllMethodsListed = Never<Exclude<ApiMethod, (typeof API_METHODS)[number]>>;

/** Events pushed from the core to the UI. */
export type IasEvent =
  | { type: 'chat'; conversationId: string; turnId: string; event: ChatEvent }
  | { type: 'approval'; approval: ApprovalInfo }
  | { type: 'skills-changed' }
  | { type: 'tasks-changed' }
  /**
   * A conversation was made, renamed, deleted or got a message (a turn, a task's run), or a call of
   * it that went on in the background ended: in this process, or in another iAs process sharing the
   * data folder (`ias chat`; told at once, or within a second on Windows).
   */
  | { type: 'conversations-changed'; conversationId: string }
  /**
   * Skill calls were added to the audit log or running ones ended (approved, refused, done…), in
   * this process or in another iAs process sharing the data folder; told once for a burst. It says
   * nothing of the rows: the UI reads them with queryAudit.
   */
  | { type: 'audit-changed' }
  /**
   * The model provider (preset, base URL, model) or its API key was saved, or the key removed: in
   * this process or in another iAs process sharing the data folder (`ias provider`); the UI reads
   * it again with getProvider. Never anything of the key.
   */
  | { type: 'provider-changed' }
  /**
   * A general setting (language, theme, time zone, notifications, launch at login, the high-risk
   * pause) was saved: in this process or in another iAs process sharing the data folder; the UI
   * reads them again with getSettings (and its language and theme follow).
   */
  | { type: 'settings-changed' }
  | { type: 'wechat'; status: WechatInfo }
  /**
   * `messageCode`: an approval message's code, to say it in the UI's language (the text is
   * bilingual); a request's names the approval it asks for by its id (never by its code: no code
   * ever comes this way). `task`: the scheduled task whose run this is the result of.
   */
  | { type: 'notification'; title: string; body: string; messageCode?: ApprovalMessageCode; task?: TaskRunNews };

/** The IPC channel that carries one method: `ias:<method>`; events come on EVENT_CHANNEL. */
export function channel(method: ApiMethod): `ias:${ApiMethod}` {
  return `ias:${method}`;
}
export const EVENT_CHANNEL = 'ias:event';

/** The WebSocket protocol of `ias serve`: requests, answers and pushed events, as JSON text frames. */
export type WsRequest = { id: number; method: ApiMethod; params: unknown[] };
/** `errorCode`: the error's code and parameters, to say it in the UI's language (see api-errors.ts). */
export type WsResponse = { id: number; result?: unknown; error?: string; errorCode?: ApiErrorCode };
export type WsPush = { event: IasEvent };

/** What the preload exposes as `window.ias` (the desktop transport). */
export interface IasBridge extends IasApi {
  onEvent(listener: (event: IasEvent) => void): () => void;
  /** Asks the owner where, and writes the audit log's export there (see audit-export.ts). */
  saveAuditExport: SaveAuditExport;
}
