/**
 * The Electron main process: one instance, a tray icon, a sandboxed window, and the contract over
 * IPC wired to the core. Thin on purpose; what iAs does lives in src/core.
 */
import { app, session, type BrowserWindow, type Tray } from 'electron';
import { defaultDataHome } from '../core/paths.js';
import { SkillRegistry } from '../core/skills/registry.js';
import { SkillWatcher } from '../core/skills/watcher.js';
import { createApi } from './api.js';
import { registerIpc } from './ipc.js';
import { isAppUrl, systemSkillsDir, userSkillsDir } from './paths.js';
import { restrictPermissions, hardenWebContents } from './security.js';
import { createTray } from './tray.js';
import { createMainWindow, showWindow } from './window.js';

app.setName('iAs');
// One data folder for the app and the `ias` command: $IAS_HOME, else the per-user "iAs" folder.
app.setPath('userData', defaultDataHome());
if (process.platform === 'win32') app.setAppUserModelId('app.ias.desktop');

let mainWindow: BrowserWindow | undefined;
let tray: Tray | undefined;
let watcher: SkillWatcher | undefined;
let quitting = false;

function openWindow(): void {
  if (!app.isReady()) return;
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createMainWindow({ isQuitting: () => quitting });
  showWindow(mainWindow);
}

async function start(): Promise<void> {
  restrictPermissions(session.defaultSession, isAppUrl);

  const registry = new SkillRegistry({ systemDir: systemSkillsDir(), userDir: userSkillsDir() });
  registry.loadAll();
  for (const problem of registry.problems().errors) {
    console.warn(`iAs: skipped a skill: ${problem.path}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
  }
  watcher = new SkillWatcher(registry, { onError: (err) => console.warn('iAs: skill watcher:', err.message) });
  watcher.start().catch((err: unknown) => console.warn('iAs: could not watch the user skills folder:', err));

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
    void watcher?.close();
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
