/** English strings. The shape of this object is the dictionary's type: every language has every key. */
import type {
  ApprovalStatus,
  AuditSource,
  AuditStatus,
  SecretsKeptIn,
  SkillKind,
  SkillRisk,
  SkillSource,
  SkillVersionFile,
  TaskRunStatus,
  ToolCallStatus,
} from '../../shared/contract.js';
import type { ApprovalMessageStrings, NotedOrigin } from '../../shared/approval-messages.js';
import { englishApiErrors, type ApiKeyFlaw } from '../../shared/api-errors.js';
import { englishCallErrors } from '../../shared/call-errors.js';
import { englishSkillProblems } from '../../shared/skill-problems.js';
import { englishSkillSecrets } from '../../shared/skill-secrets.js';
import { taskRanTitles } from '../../shared/task-notice.js';
import { englishTaskResults } from '../../shared/task-results.js';
import { englishTurnMessages } from '../../shared/turn-messages.js';
import { englishWechatErrors } from '../../shared/wechat-errors.js';
import { wechatStateWords } from '../../shared/wechat-states.js';

/** Where an approval can go, by the channel's name. */
const channels: Record<string, string> = {
  wechat: 'WeChat',
  desktop: 'this computer',
  terminal: 'terminal',
  'in-process': 'this app',
  'in-app': 'this app',
  web: 'web UI',
};

/** The lines given, one per line (the empty ones left out). */
export const lines = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join('\n');

/**
 * The line of an approval whose skill is a user skill in a shipped one's name (not the shipped one),
 * or a Low skill asked about only because it is not reviewed.
 */
const origins: Record<NotedOrigin, (skill: string) => string> = {
  'user-override-unreviewed': (skill) =>
    `Not the built-in ${skill}: an unreviewed skill of that name in your skills folder, given the built-in one's settings and secrets.`,
  'user-override': (skill) => `Your own version of ${skill} (reviewed; it replaces the built-in one).`,
  'user-unreviewed': (skill) =>
    `${skill} is a low-risk skill you have not reviewed, so it runs as high risk (each call asks you) until you do: review it on the Skills page, or with ias skills review ${skill}.`,
};

/** What the approval gate tells the owner in the app, by its codes. */
const approvalMessages: ApprovalMessageStrings = {
  'approval-needed': (p) => ({
    title: p.again ? 'Approval needed again: the skill changed' : 'Approval needed',
    body: lines(
      p.movedFrom && `${channels[p.movedFrom] ?? p.movedFrom} is not connected; this approval moved here.`,
      p.title ? `${p.skill} (${p.title})` : p.skill,
      p.origin && origins[p.origin](p.skill),
      p.from &&
        (p.from.kind === 'task'
          ? `Asked by the scheduled task “${p.from.title}”`
          : `Asked in the chat “${p.from.title}”`),
      p.params,
      `Approve or reject it in iAs within ${p.validMinutes} minutes.`,
    ),
  }),
  'approval-approved': (p) => ({ title: `Approved, running ${p.skill}.` }),
  'approval-rejected': (p) => ({ title: `Refused: ${p.skill} will not run.` }),
  'approval-cancelled': (p) => ({ title: `Cancelled: ${p.skill} will not run.` }),
  'approval-expired': (p) => ({ title: `Expired: ${p.skill} did not run.` }),
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export const en = {
  common: {
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    close: 'Close',
    copy: 'Copy',
    copied: 'Copied',
    copyCode: 'Copy code',
    refresh: 'Refresh',
    loading: 'Loading…',
    dismiss: 'Dismiss',
    pageFailed: 'This page could not be shown.',
    reload: 'Reload',
  },
  nav: {
    label: 'Sections',
    skipToContent: 'Skip to content',
    chat: 'Chat',
    skills: 'Skills',
    tasks: 'Scheduled tasks',
    audit: 'Audit log',
    approvals: 'Approvals',
    settings: 'Settings',
    openApprovals: (n: number) => plural(n, 'approval waiting', 'approvals waiting'),
  },
  connection: {
    reconnecting: 'Connection to iAs lost. Reconnecting…',
    reconnectingIn: (s: number) => `Connection to iAs lost. Reconnecting in ${s} s…`,
    busy: 'The iAs server is busy: too many connections. Retrying…',
    busyIn: (s: number) => `The iAs server is busy: too many connections. Retrying in ${s} s…`,
    retryNow: 'Retry now',
  },
  signIn: {
    missingTitle: 'This page needs its access link',
    refusedTitle: 'This access link is no longer valid',
    openLink: 'Open the link that “ias serve” printed in its terminal, the line:',
    renewHint: 'The link carries the access token. After “ias serve --new-token”, only the newly printed link works.',
  },
  chat: {
    title: 'Chat',
    conversations: 'Conversations',
    newConversation: 'New conversation',
    noConversations: 'No conversations yet.',
    untitled: 'Untitled',
    messages: 'Messages',
    inputLabel: 'Message',
    inputPlaceholder: 'Message iAs',
    inputHint: 'Enter to send, Shift+Enter for a new line',
    setupFirst: 'Set up a model above to start chatting',
    fixModelFirst: 'Fix the model setting above to start chatting',
    send: 'Send',
    stop: 'Stop',
    stopped: 'Stopped.',
    working: 'Working…',
    thinking: 'Thinking…',
    reasoning: 'Reasoning',
    retrying: (message: string) => `${message} Retrying…`,
    jumpToLatest: 'Latest',
    emptyTitle: 'What can I do for you?',
    loadEarlier: 'Show earlier messages',
    showOlder: 'Show older conversations',
    emptyBody: 'Ask a question or give a task. Anything risky waits for your approval.',
    loadFailed: (reason: string) => `Could not load this conversation: ${reason}`,
    renameLabel: 'Rename',
    rename: (title: string) => `Rename “${title}”`,
    delete: (title: string) => `Delete “${title}”`,
    deleteTitle: 'Delete conversation?',
    deleteMessage: (title: string) => `“${title}” and all its messages will be deleted. This cannot be undone.`,
    renameFailed: 'Could not rename the conversation',
    deleteFailed: 'Could not delete the conversation',
    backgroundFinished: (skill: string) => `${skill} finished in the background`,
    backgroundOutcome: (status: string, title?: string) => (title ? `${status} · “${title}”` : status),
    openConversation: 'Open the conversation',
    /** A reply's image: never loaded in the app, a link to open it in the browser (or its words alone). */
    image: 'Image',
    imageLink: 'Images in replies are not loaded here; this opens it in your browser.',
    imageRefused: 'Images in replies are not loaded.',
    linkRefused: 'Only web and mail links in replies open.',
  },
  /** The lines about how a turn went, by their codes. */
  turn: englishTurnMessages,
  /** What the approval gate tells the owner in the app (a toast), by its codes. */
  approvalMessage: approvalMessages,
  /** What is wrong with a SKILL.md, by its codes. */
  skillProblem: englishSkillProblems,
  /** Why a skill's secret setting is not used or saved, by its codes. */
  skillSecret: englishSkillSecrets,
  /** Why a call failed, by its codes. */
  apiError: englishApiErrors,
  /** What iAs itself says in a scheduled run's result, by its codes. */
  taskResult: englishTaskResults,
  /** Why a call in the audit log did not run, when iAs decided it, by its codes. */
  callError: englishCallErrors,
  /** What iAs itself says of the WeChat bot's trouble (Settings → WeChat), by its codes. */
  wechatError: englishWechatErrors,
  tool: {
    arguments: 'Arguments',
    result: 'Result',
    waitingOn: (channel: string) => `Waiting for your approval (${channel}).`,
    status: {
      running: 'Running',
      'waiting-for-approval': 'Waiting for approval',
      background: 'In background',
      done: 'Done',
      refused: 'Refused',
      error: 'Failed',
      unconfirmed: 'Not confirmed',
    } satisfies Record<ToolCallStatus, string>,
  },
  setup: {
    title: 'Set up a model',
    intro: {
      keychain:
        'iAs talks to any OpenAI-compatible model. Pick a provider, a model and your API key; the key is kept in the system keychain.',
      file: 'iAs talks to any OpenAI-compatible model. Pick a provider, a model and your API key; the key is kept in a private file only you can read.',
    } satisfies Record<SecretsKeptIn, string>,
  },
  /** The chat's card when a model is set up but a setting in use cannot be used. */
  unusable: {
    title: 'A model is set up, but iAs cannot use it',
    openSettings: 'Open Settings',
  },
  provider: {
    title: 'Model provider',
    preset: 'Provider',
    custom: 'Custom (OpenAI-compatible)',
    /** A preset's name where it differs from the core's (English) label, by the preset's id. */
    presetLabels: {} as Partial<Record<string, string>>,
    baseUrl: 'Base URL',
    model: 'Model',
    apiKey: 'API key',
    keyKept: 'Saved — leave empty to keep it',
    keyNeeded: 'Required by this provider',
    keyOptional: 'Not needed for this provider',
    keyHint: {
      keychain: 'Stored in the system keychain, never shown again.',
      file: 'Stored in a private file only you can read (this machine offers no keychain here), never shown again.',
    } satisfies Record<SecretsKeptIn, string>,
    removeKey: 'Remove saved key',
    removeKeyTitle: 'Remove the saved API key?',
    /** Where the key is deleted from (where a key saved now is kept). */
    removeKeyMessage: {
      keychain:
        'The key is deleted from the system keychain. The model settings stay; a server that needs a key refuses iAs until you enter one again.',
      file: 'The key is deleted from its private file. The model settings stay; a server that needs a key refuses iAs until you enter one again.',
    } satisfies Record<SecretsKeptIn, string>,
    removeKeyConfirm: 'Remove key',
    keyRemoved: 'Saved API key removed',
    removeKeyFailed: 'Could not remove the saved API key',
    changedElsewhere:
      'Changed elsewhere: the model settings were saved in another window or from the command line (ias provider). Your edits here are not saved yet; saving them replaces the newer settings.',
    loadChanged: 'Reload the saved settings (drops your edits)',
    test: 'Test connection',
    testOk: (message: string) => `Connected. ${message}`,
    testFailed: (message: string) => `Failed: ${message}`,
    saved: 'Model settings saved',
    saveFailed: 'Could not save the model settings',
    fromEnv: 'Environment variables (IAS_LLM_*) are set and take precedence over these settings.',
    keyForOtherServer: (keyFor: string) =>
      `The saved API key is ${keyFor ? `for ${keyFor}` : 'for no server yet'}, so it is not sent to this server. Save this server's key here (or set IAS_LLM_API_KEY), or go back to that server to use it.`,
    notConfigured: 'No model is configured yet.',
    unusable: 'iAs cannot use this model until the problem below is fixed.',
    /** What is wrong with an API key (never the key): finishes a sentence about it. */
    keyFlaw: {
      whitespace: 'has a space or line break inside it, which an API key never has',
      'not-printable':
        'has a character no request can carry (an API key is letters, digits and punctuation; a NUL comes from a key file saved as UTF-16)',
    } satisfies Record<ApiKeyFlaw, string>,
    savedKeyUnusable: (flaw: string) => `The saved API key ${flaw}. Enter the key again and save it.`,
    envKeyUnusable: (flaw: string) => `IAS_LLM_API_KEY ${flaw}.`,
    /** The saved key's file can be read by other users, so it is not read (`chmod`: the command that mends it). */
    savedKeyFileOpen: (mode: string, chmod: string) =>
      `The file that holds the saved API key can be read by other users (mode ${mode}), so iAs does not use it. Enter the key again and save it (iAs then keeps it in a file only you can read), or make the file private: ${chmod}`,
    /** A variable in use that is wrong: Settings cannot change it. */
    envOnly: (variable: string) =>
      `${variable} is set in the environment iAs was started in, and Settings cannot change it: correct ${variable} there (or unset it to use the settings here), then restart iAs.`,
    inUse: (model: string, url: string) => `In use: ${model} at ${url}`,
  },
  approvals: {
    title: 'Approvals',
    intro: 'High-risk skills run only after you approve them: on WeChat with a one-time code, or here.',
    open: 'Waiting',
    recent: 'Recent',
    noneOpen: 'Nothing is waiting for your approval.',
    noneRecent: 'No approvals yet.',
    paused: 'High-risk skills are paused: none runs and nobody is asked until you resume them in Settings.',
    cardTitle: (skill: string) => `Allow ${skill}?`,
    cardIntro: 'The assistant wants to run this high-risk skill with these parameters:',
    origins,
    noChannel: 'not sent',
    sentTo: (channel: string) => `Sent to: ${channel}`,
    approve: 'Approve',
    reject: 'Reject',
    expiresIn: (time: string) => `Expires in ${time}`,
    attemptsLeft: (n: number) => plural(n, 'try left', 'tries left'),
    decideOn: (channel: string) => `Reply on ${channel} to decide.`,
    queuedHint: 'Waits until the approval before it is decided.',
    alreadyDecided: 'This approval was already decided.',
    decideFailed: 'Could not send your decision',
    channels,
    status: {
      queued: 'Queued',
      pending: 'Pending',
      approved: 'Approved',
      executing: 'Running',
      done: 'Done',
      rejected: 'Rejected',
      expired: 'Expired',
      cancelled: 'Cancelled',
    } satisfies Record<ApprovalStatus, string>,
  },
  skills: {
    title: 'Skills',
    count: (n: number) => plural(n, 'skill', 'skills'),
    filter: 'Filter skills',
    noMatch: (text: string) => `No skill matches “${text}”.`,
    newSkill: 'New skill',
    columns: { name: 'Skill', source: 'Source', risk: 'Risk', kind: 'Kind', enabled: 'Enabled', review: 'Review' },
    source: { system: 'System', user: 'Mine', overrides: 'Overrides system' } satisfies Record<
      SkillSource | 'overrides',
      string
    >,
    risk: { low: 'Low', high: 'High' } satisfies Record<SkillRisk, string>,
    kind: { script: 'Script', builtin: 'Built-in', instructions: 'Instructions' } satisfies Record<SkillKind, string>,
    unreviewedRunsAs: (risk: string) => `Unreviewed → runs as ${risk}`,
    unreviewedHint: 'Changed outside the editor: it asks for approval like a high-risk skill until you review it.',
    unreviewedNotice:
      'This skill changed outside the app and runs as High risk until you review it. Saving it here counts as a review.',
    enable: (name: string) => `Enable ${name}`,
    reviewed: 'Reviewed',
    review: 'Review',
    reviewHint:
      'Show every file of this skill, then mark that version as reviewed: it then runs at its own risk level.',
    reviewTitle: (name: string) => `Review ${name}`,
    reviewIntro:
      'Every file of this skill, as it is now. Marking it reviewed lets it run at its own risk level until any of these files changes.',
    reviewFiles: (n: number) => plural(n, 'file', 'files'),
    fileSize: (bytes: number) =>
      bytes < 1024
        ? plural(bytes, 'byte', 'bytes')
        : `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KB`,
    notShown: {
      binary: 'not text: not shown',
      'too-large': 'too large to show here: not shown',
      unreadable: 'could not be read: not shown',
    } satisfies Record<NonNullable<SkillVersionFile['notShown']>, string>,
    reviewVersion: (hash: string) => `Version ${hash}`,
    markReviewed: 'Mark as reviewed',
    reviewLoadFailed: 'Could not read the skill’s files',
    reviewUnsaved: 'Save or discard your edits first: a review is of the files as they are on disk.',
    reviewedToast: (name: string) => `${name} marked as reviewed`,
    reviewFailed: 'Could not mark the skill as reviewed',
    toggleFailed: 'Could not change the skill',
    loadProblems: (n: number) => `${plural(n, 'problem', 'problems')} loading skills`,
    /** Before the folder a load problem is in. */
    problemFolder: 'Folder:',
    /** Copies a broken SKILL.md's path, to open it elsewhere. */
    copyPath: 'Copy path',
    folders: (user: string, system: string) => `Your skills: ${user} · System skills: ${system}`,
    notFound: (name: string) => `There is no skill named “${name}”.`,
    editing: (name: string) => `Editing ${name}`,
    editorLabel: (name: string) => `SKILL.md of ${name}`,
    unsaved: 'Unsaved changes',
    newBadge: 'New',
    copyToUser: 'Copy to my skills',
    systemReadOnly: 'System skills are read-only. Copy it to your skills to change it; your copy replaces it.',
    checking: 'Checking…',
    valid: 'Valid',
    errors: (n: number) => plural(n, 'error', 'errors'),
    warnings: (n: number) => plural(n, 'warning', 'warnings'),
    line: (n: number) => `Line ${n}`,
    toolPreview: 'What the model sees',
    toolPreviewHint: 'The tool definition sent to the model for this skill.',
    saved: (name: string) => `${name} saved`,
    savedWithErrors: (name: string) => `${name} saved with errors: it will not load until they are fixed`,
    notSaved: 'Not saved',
    copied: (name: string) => `${name} copied to your skills`,
    builtinNoCopy: 'Built into iAs: it cannot be copied. Write a script skill instead.',
    copyFailed: 'Could not copy the skill',
    deleted: (name: string) => `${name} deleted`,
    deleteFailed: 'Could not delete the skill',
    deleteTitle: 'Delete skill?',
    deleteMessage: (name: string) => `The folder of “${name}” will be deleted from your skills. This cannot be undone.`,
    discardTitle: 'Discard changes?',
    discardMessage: 'This skill has changes that are not saved.',
    discard: 'Discard',
    newTitle: 'New skill',
    newName: 'Name',
    nameRule: 'Lowercase letters, digits, - and _ (up to 64). This is the tool’s name.',
    nameTaken: 'You already have a skill with this name.',
    willOverride: 'A system skill has this name: yours will replace it (never at a lower risk).',
    template: 'Start from',
    templateHint: {
      script: 'Runs a script with the parameters the model gives.',
      instructions: 'Gives the model written instructions; runs nothing.',
    },
    create: 'Create',
    templateFailed: 'Could not get a template',
    needsSetup: 'Needs setup',
    /** `missing`: each requirement already said ("TAVILY_API_KEY or SEARXNG_URL"); `;` between them (a group has commas). */
    needsSetupHint: (missing: string[]) => `Missing: ${missing.join('; ')}`,
    offUntilSetUp: 'Off until set up',
    tabs: { label: 'Skill views', settings: 'Settings', file: 'SKILL.md' },
    config: {
      intro: 'Keys, accounts and addresses this skill needs. Only this skill’s runs receive them.',
      required: 'Required',
      eitherOr: (others: string) => `Required: this or ${others}`,
      secret: 'Secret',
      set: 'Set',
      notSet: 'Not set',
      notUsed: 'Set, not used',
      usingDefault: 'Default',
      defaultPlaceholder: (value: string) => `Default: ${value}`,
      secretKept: 'Set — type a new value to replace it',
      clear: 'Clear',
      willClear: 'Will be removed when you save.',
      undo: 'Undo',
      secretHint: 'Secrets are kept in the secret store and never shown again.',
      missingTitle: 'Needs setup before it can work',
      missingOff: 'This skill is off until it is set up. Set what is missing below, save, then turn it on.',
      missingOn: 'Until then, calls to it answer that it is not configured.',
      readyOff: 'Set up, but switched off: the assistant cannot use it yet.',
      readyOn: 'Set up and switched on.',
      turnOn: 'Turn on',
      or: 'or',
      saved: (name: string) => `Settings of ${name} saved`,
      saveFailed: 'Could not save the settings',
    },
  },
  tasks: {
    title: 'Scheduled tasks',
    count: (n: number) => plural(n, 'task', 'tasks'),
    intro:
      'Each task asks iAs something on a schedule and sends you the answer. To add or change one, ask iAs in chat.',
    emptyTitle: 'No scheduled tasks yet',
    emptyBody: 'Ask iAs in chat, for example:',
    emptyExample: '“Every morning at 8, tell me the weather.”',
    openChat: 'Open chat',
    schedule: 'Schedule',
    repeats: 'Repeats',
    once: 'Once',
    nextRun: 'Next run',
    lastRun: 'Last run',
    skills: 'Skills',
    noSkills: 'None',
    moreSkills: (n: number) => `+${n.toLocaleString('en')} more`,
    fewerSkills: 'Show fewer',
    never: 'Not yet',
    paused: 'Paused',
    finished: 'Finished',
    noRunLeft: 'Its moment has passed: ask iAs in chat to give it a new time.',
    lastResult: 'Last result',
    /** A run's result, as a toast's title. */
    ran: taskRanTitles.en,
    openTasks: 'Open scheduled tasks',
    inZone: (zone: string) => `${zone} time`,
    enable: (name: string) => `Run “${name}” on schedule`,
    toggleFailed: 'Could not change the task',
    delete: (name: string) => `Delete “${name}”`,
    deleteTitle: 'Delete scheduled task?',
    deleteMessage: (name: string) => `“${name}” will not run again. This cannot be undone.`,
    deleted: (name: string) => `“${name}” deleted`,
    deleteFailed: 'Could not delete the task',
    runNow: 'Run now',
    tryAgain: 'Try again',
    runningNow: 'Running…',
    runNowTitle: (name: string) => `Run “${name}” now; its schedule stays as it is`,
    tryAgainTitle: (name: string) => `Run “${name}” again now`,
    runningTitle: (name: string) => `“${name}” is running; its result will come as usual`,
    runFailed: 'Could not run the task',
    status: {
      running: 'Running',
      done: 'Done',
      failed: 'Failed',
      interrupted: 'Interrupted',
    } satisfies Record<TaskRunStatus, string>,
  },
  audit: {
    title: 'Audit log',
    search: 'Search params, results, errors',
    allSkills: 'All skills',
    allStatuses: 'All statuses',
    allSources: 'All sources',
    timeRange: 'Time range',
    from: 'From',
    to: 'To',
    ranges: {
      any: 'Any time',
      hour: 'Last hour',
      day: 'Last 24 hours',
      week: 'Last 7 days',
      month: 'Last 30 days',
      custom: 'Custom…',
    },
    clearFilters: 'Clear filters',
    loaded: (n: number) => plural(n, 'entry', 'entries'),
    loadedMore: (n: number) => `${n.toLocaleString('en')}+ entries`,
    loadingMore: 'Loading more…',
    newCalls: (n: number, more: boolean) =>
      `${n.toLocaleString('en')}${more ? '+' : ''} new ${n === 1 && !more ? 'call' : 'calls'}`,
    empty: 'No skill calls match.',
    emptyYet:
      'No skill calls yet. Every call a skill makes, from the chat, a scheduled task or the terminal, is written here.',
    exportFailed: 'Could not export the audit log',
    columns: {
      time: 'Started',
      skill: 'Skill',
      source: 'Source',
      risk: 'Risk',
      status: 'Status',
      approval: 'Approval',
      duration: 'Duration',
      result: 'Result',
    },
    status: {
      running: 'Running',
      done: 'Done',
      failed: 'Failed',
      interrupted: 'Interrupted',
      refused: 'Refused',
    } satisfies Record<AuditStatus, string>,
    source: { chat: 'Chat', job: 'Job', schedule: 'Schedule', cli: 'CLI' } satisfies Record<AuditSource, string>,
    /** The calls of a task's run the owner asked for now (their source is the schedule's). */
    runNow: 'Run now',
    finished: 'Finished',
    exitCode: 'Exit code',
    requestedBy: 'Requested by',
    /** A scheduled task that asked for the call (a link to it). */
    requesterTask: (name: string) => `Task “${name}”`,
    /** The requester as stored, its conversation or task gone. */
    requesterDeleted: { conversation: 'conversation deleted', task: 'task deleted' },
    approvalId: 'Approval id',
    /** How a call's approval ended, by the value the audit log stores (another value shows as stored). */
    approvalOutcome: {
      none: '—',
      approved: 'Approved',
      rejected: 'Rejected',
      expired: 'Expired',
      cancelled: 'Cancelled',
      unconfirmed: 'Not confirmed',
      paused: 'Paused',
      'owner-at-terminal': 'At the terminal',
    },
    skillVersion: 'Skill version',
    params: 'Parameters',
    result: 'Result',
    error: 'Error',
    /** Beside an error said in the UI's words: the words the model itself was given. */
    toldModel: 'What the model was told',
  },
  wechat: {
    title: 'WeChat',
    intro: 'A WeChat bot brings you approval codes and lets you chat with iAs from your phone.',
    unavailable: 'WeChat is not available in this mode.',
    state: wechatStateWords.en,
    loggedInAs: (name: string) => `as ${name}`,
    login: 'Log in',
    logout: 'Log out',
    qrLabel: 'WeChat login QR code',
    scan: 'Scan with WeChat on your phone and confirm the login.',
    noOwner: 'Not paired: approval codes have nowhere to go yet.',
    ownerSelf: 'Paired: the bot is your own account (codes go to File Transfer).',
    ownerContact: (name: string) => `Paired with ${name}: approval codes go to this contact.`,
    ownerMissing: (name: string) =>
      `Your paired WeChat account (${name}) was not found in this login — pair again. Until then, approvals come to this computer.`,
    pair: 'Pair my WeChat',
    pairAgain: 'Pair again',
    newCode: 'New code',
    pairHow: (bot: string) =>
      bot ? `Send this code to ${bot} from your own WeChat` : 'Send this code to the bot from your own WeChat',
    expiresIn: (time: string) => `expires in ${time}`,
    bindSelf: 'The bot is my own account',
    failed: 'WeChat action failed',
    puppet: (puppet: string) => `Connector: ${puppet}`,
  },
  settings: {
    title: 'Settings',
    appearance: 'Language, look and time',
    language: 'Language',
    theme: 'Theme',
    followSystem: 'Follow system',
    light: 'Light',
    dark: 'Dark',
    timeZone: 'Time zone',
    timeZoneInUse: (zone: string) =>
      `In use: ${zone}. Every date and time the app shows, scheduled tasks and the current time follow it.`,
    behaviour: 'Behaviour',
    notifications: 'Notifications',
    notificationsHint: 'Reminders, background results and approvals.',
    allowBrowserNotifications: 'Allow this browser to show notifications',
    browserNotificationsDenied: 'This browser blocks notifications for this page; they show inside the page only.',
    launchAtLogin: 'Launch at login',
    /** In the browser: the setting is the desktop app's. */
    launchAtLoginWebHint:
      'Starts the desktop app when you log in. iAs in a browser (ias serve) does not start by itself.',
    pauseHighRisk: 'Pause high-risk skills',
    pauseHighRiskHint: 'No high-risk skill runs, and nobody is asked, until you turn this off.',
    data: 'Data',
    dataDir: 'Data folder',
    version: (v: string) => `iAs ${v}`,
    saveFailed: 'Could not save the setting',
  },
};

export type Strings = typeof en;
