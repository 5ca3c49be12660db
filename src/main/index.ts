/**
 * The Electron main process: one instance, a tray icon, a sandboxed window, and the contract over
 * IPC wired to the core. Thin on purpose; what iAs does lives in src/core.
 */
import { app, dialog, Notification, session, type BrowserWindow } from 'electron';
import { DesktopChannel, inOwnerLanguage } from '../core/channels/desktop-channel.js';
import { containWechatFailures, runtimeWechat, type WechatService } from '../core/channels/wechat-service.js';
import { OpenedParts } from '../core/opened-parts.js';
import { ownerLocaleWith } from '../core/owner-locale.js';
import { defaultDataHome } from '../core/paths.js';
import { HIGH_RISK_PAUSED, openRuntime, type Runtime } from '../core/runtime.js';
import { createCoreApi } from '../core/api/create-api.js';
import { APP_SETTINGS } from '../core/api/settings-api.js';
import { pickLocale, type Locale } from '../shared/locale.js';
import type { TrayStatus } from '../shared/tray-words.js';
import { skippedSkillText } from '../shared/skipped-skill.js';
import { skillWatchErrorText } from '../shared/skill-watch-error.js';
import { startFailure } from '../shared/start-failure.js';
import { registerIpc } from './ipc.js';
import { exampleSkillsDir, isAppUrl, systemSkillsDir, userSkillsDir } from './paths.js';
import { appSecrets } from './secrets.js';
import { refuseNetworkFiles, restrictPermissions, hardenWebContents } from './security.js';
import { createTray, type TrayPage } from './tray.js';
import { createMainWindow, showPage, showWindow } from './window.js';

app.setName('iAs');
// One data folder for the app and the `ias` command: $IAS_HOME, else the per-user "iAs" folder.
app.setPath('userData', defaultDataHome());
if (process.platform === 'win32') app.setAppUserModelId('app.ias.desktop');

let mainWindow: BrowserWindow | undefined;
let chatWindow: BrowserWindow | undefined;

/** Notifications shown, kept until they are clicked or closed (else their click may be lost with them). */
const shownNotifications = new Set<Notification>();

/** A native notification, unless the owner turned them off; a click on it opens `page` of the app. */
function notify(title: string, body: string, page: TrayPage): void {
  const prefs = runtime?.store.settings.get<{ notifications?: boolean }>(APP_SETTINGS);
  if (prefs?.notifications === false || !Notification.isSupported()) return;
  const notification = new Notification({ title, body });
  shownNotifications.add(notification);
  notification.on('click', () => {
    shownNotifications.delete(notification);
    openWindow(page);
  });
  notification.on('close', () => shownNotifications.delete(notification));
  notification.show();
}
let tray: ReturnType<typeof createTray> | undefined;
let runtime: Runtime | undefined;
let wechat: WechatService | undefined;
let quitting = false;
/** What start() opened, closed last first when iAs quits, and when a step of start() fails. */
const opened = new OpenedParts();
const warnClosing = (err: unknown) => console.warn('iAs: while stopping:', err);

/** Shows the main window on `page` (else as it is), created on it when there is none. */
function openWindow(page?: TrayPage): void {
  if (!app.isReady()) return;
  if (!mainWindow || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow({ isQuitting: () => quitting, ...(page ? { page } : {}) });
    showWindow(mainWindow);
  } else if (page) showPage(mainWindow, page);
  else showWindow(mainWindow);
}

function openChat(): void {
  if (!app.isReady()) return;
  if (!chatWindow || chatWindow.isDestroyed())
    chatWindow = createMainWindow({ isQuitting: () => quitting, compact: true });
  showWindow(chatWindow);
}

/**
 * The language the windows use: the setting, else the system's as Electron reads it (the system's
 * alone before the database is open).
 */
function ownerLanguage(from: Runtime | undefined = runtime): Locale {
  return from ? ownerLocaleWith(from.store.settings, () => app.getLocale()) : pickLocale(undefined, app.getLocale());
}

/** What the tray shows: WeChat's state and how many approvals wait, in the owner's language. */
function trayStatus(runtime: Runtime): [TrayStatus, Locale] {
  const status: TrayStatus = {
    ...(wechat ? { wechat: wechat.status().state } : {}),
    pendingApprovals: runtime.gate.openApprovals().filter((a) => a.status === 'pending').length,
    paused: runtime.store.settings.get(HIGH_RISK_PAUSED) === true,
  };
  return [status, ownerLanguage(runtime)];
}

function refreshTray(): void {
  if (!tray || !runtime) return;
  tray.update(...trayStatus(runtime));
}

async function start(): Promise<void> {
  restrictPermissions(session.defaultSession, isAppUrl);
  refuseNetworkFiles(session.defaultSession);

  const home = app.getPath('userData');
  const started = await openRuntime({
    home,
    systemSkills: systemSkillsDir(),
    userSkills: userSkillsDir(),
    secrets: appSecrets(home),
    // WeChat first (added below), then the desktop: a notification in the owner's language and the
    // in-app approval card. A click on an approval's notification opens the app, where its card waits.
    channels: [new DesktopChannel(inOwnerLanguage(ownerLanguage, (title, body) => notify(title, body, 'chat')))],
    recover: true,
    watch: true,
    exampleSkills: exampleSkillsDir(),
    onCloseError: warnClosing,
    // A reload's error may quote a skill's folder name: shown on the terminal, never obeyed.
    onWatchError: (err) => console.warn(`iAs: ${skillWatchErrorText(err)}`),
  });
  runtime = started;
  opened.add(() => started.close());
  const registry = runtime.registry;
  for (const problem of registry.problems().errors) {
    // What the skill file wrote is shown on the terminal, never obeyed (an escape sequence reads as \u001b).
    console.warn(`iAs: skipped a skill: ${skippedSkillText(problem)}`);
  }
  const bot = runtimeWechat(runtime, { chat: true });
  wechat = bot;
  opened.add(containWechatFailures(bot.bot));
  opened.add(() => bot.stop());
  // Log in only once the owner has set WeChat up (`ias wechat login`, or the settings page).
  if (wechat.settings.account()) void wechat.start();

  // A scheduled run's result goes to WeChat when it can, else here: a native notification in the
  // owner's language (the window mostly sits hidden in the tray), whose click opens the tasks.
  const core = createCoreApi(runtime, {
    version: app.getVersion(),
    wechat,
    notifier: { notify: (title, body) => notify(title, body, 'tasks') },
    systemLanguage: () => app.getLocale(),
  });
  opened.add(() => core.close());
  // Launch at login is the platform's business: applied whenever the setting is saved, here or by
  // another window or process (told as 'settings-changed').
  const applyLoginItem = (launchAtLogin: boolean) => app.setLoginItemSettings({ openAtLogin: launchAtLogin });
  const saveSettings = core.api.saveSettings.bind(core.api);
  core.api.saveSettings = async (input) => {
    const saved = await saveSettings(input);
    applyLoginItem(saved.launchAtLogin);
    return saved;
  };
  registerIpc(core, isAppUrl);
  core.events.on('event', (event) => {
    // A change of language (settings-changed) rebuilds the tray's menu in the new one.
    if (event.type === 'approval' || event.type === 'wechat' || event.type === 'settings-changed') refreshTray();
    if (event.type === 'settings-changed') {
      void core.api
        .getSettings()
        .then((settings) => applyLoginItem(settings.launchAtLogin))
        .catch((err: unknown) => console.warn('iAs: could not apply launch at login:', err));
    }
  });

  const shown = createTray(
    {
      openChat,
      open: openWindow,
      setPaused: (paused) => {
        runtime?.store.settings.set(HIGH_RISK_PAUSED, paused);
        refreshTray();
      },
      quit: () => app.quit(),
    },
    ...trayStatus(started),
  );
  tray = shown;
  opened.add(() => shown.tray.destroy());
  openWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => openWindow());
  app.on('activate', () => openWindow());
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, isAppUrl));
  app.on('before-quit', () => {
    quitting = true;
  });
  // iAs lives in the tray: closing the last window does not quit it.
  app.on('window-all-closed', () => undefined);
  // Quitting waits for the core to close: turns under way are stopped and stored as stopped
  // (not left to read as cut off at the next start), then the database closes.
  let closed = false;
  let closing: Promise<unknown> | undefined;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    if (closing) return;
    // Last opened first: the tray, the API, the WeChat bot, then the runtime.
    closing = opened.closeAll(warnClosing).then(() => {
      closed = true;
      app.quit();
    });
  });

  app
    .whenReady()
    .then(start)
    .catch(async (err: unknown) => {
      console.error('iAs: failed to start:', err);
      // What the start opened before it failed (the database, the watcher, the bot…) is closed
      // (app.exit skips will-quit), and nothing reads it meanwhile.
      tray = undefined;
      wechat = undefined;
      runtime = undefined;
      await opened.closeAll(warnClosing);
      // Launched from a menu, nobody reads the console: a native error box (it works before any
      // window, once the app is ready) says why, in the OS language (the settings may be unreadable).
      const { title, message } = startFailure(pickLocale(undefined, app.getLocale()), err);
      dialog.showErrorBox(title, message);
      app.exit(1);
    });
}
