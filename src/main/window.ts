/** The main window: sandboxed, isolated, loading only the app's own renderer. */
import { BrowserWindow } from 'electron';
import { devServerUrl, iconPath, preloadPath, rendererFile } from './paths.js';

export interface MainWindowOptions {
  /** Closing the window hides it to the tray unless the app is quitting. */
  isQuitting: () => boolean;
}

export function createMainWindow({ isQuitting }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    title: 'iAs',
    width: 960,
    height: 680,
    minWidth: 560,
    minHeight: 420,
    show: false,
    autoHideMenuBar: true,
    ...(process.platform === 'linux' ? { icon: iconPath('icon.png') } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });

  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    if (isQuitting()) return;
    event.preventDefault();
    window.hide();
  });

  const dev = devServerUrl();
  const loading = dev ? window.loadURL(dev) : window.loadFile(rendererFile);
  loading.catch((err: unknown) => console.error('iAs: could not load the window:', err));
  return window;
}

export function showWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
