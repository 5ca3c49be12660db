/**
 * The Electron main process: one instance, a tray icon, a sandboxed window, and the contract over
 * IPC wired to the core. Thin on purpose; what iAs does lives in src/core.
 */
import { app, Notification, session, type BrowserWindow, type Tray } from 'electron';
import { DesktopChannel } from '../core/channels/desktop-channel.js';
import { containWechatFailures, WechatService } from '../core/channels/wechat-service.js';
import { defaultDataHome } from '../core/paths.js';
import { openRuntime, type Runtime } from '../core/runtime.js';
import { createApi } from './api.js';
import { registerIpc } from './ipc.js';
import { isAppUrl, systemSkillsDir, userSkillsDir } from './paths.js';
import { appSecrets } from './secrets.js';
import { restrictPermissions, hardenWebContents } from './security.js';
import { createTray } from './tray.js';
import { createMainWindow, showWindow } from './window.js';

app.setName('iAs');
// One data folder for the app and the `ias` command: $IAS_HOME, else the per-user "iAs" folder.
app.setPath('userData', defaultDataHome());
if (process.platform === 'win32') app.setAppUserModelId('app.ias.desktop');

let mainWindow: BrowserWindow | undefined;
let tray: Tray | undefined;
let runtime: Runtime | undefined;
let wechat: WechatService | undefined;
let quitting = false;

function openWindow(): void {
  if (!app.isReady()) return;
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createMainWindow({ isQuitting: () => quitting });
  showWindow(mainWindow);
}

async function start(): Promise<void> {
  restrictPermissions(session.defaultSession, isAppUrl);

  const home = app.getPath('userData');
  runtime = await openRuntime({
    home,
    systemSkills: systemSkillsDir(),
    userSkills: userSkillsDir(),
    secrets: appSecrets(home),
    // WeChat first (added below), then the desktop: a notification and the in-app approval card.
    channels: [new DesktopChannel({ notify: (title, body) => new Notification({ title, body }).show() })],
    recover: true,
    watch: true,
  });
  const registry = runtime.registry;
  for (const problem of registry.problems().errors) {
    console.warn(`iAs: skipped a skill: ${problem.path}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
  }
  wechat = new WechatService({
    dataDir: home,
    gate: runtime.gate,
    settings: runtime.store.settings,
    agent: runtime.agent({ source: 'chat' }),
  });
  containWechatFailures(wechat.bot);
  // Log in only once the owner has set WeChat up (`ias wechat login`, or the settings page).
  if (wechat.settings.account()) void wechat.start();

  registerIpc(createApi({ version: app.getVersion(), registry }), isAppUrl);

  tray = createTray({ open: openWindow, quit: () => app.quit() });
  openWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', openWindow);
  app.on('activate', openWindow);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, isAppUrl));
  app.on('before-quit', () => {
    quitting = true;
  });
  // iAs lives in the tray: closing the last window does not quit it.
  app.on('window-all-closed', () => undefined);
  app.on('will-quit', () => {
    void wechat?.stop();
    void runtime?.close();
    tray?.destroy();
  });

  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      console.error('iAs: failed to start:', err);
      app.exit(1);
    });
}
