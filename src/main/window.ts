/** The main window: sandboxed, isolated, loading only the app's own renderer. */
import { BrowserWindow } from 'electron';
import { devServerUrl, iconPath, preloadPath, rendererFile } from './paths.js';
import { SECURE_WEB_PREFERENCES } from './web-security.js';
import { pageHash, windowUrl } from './window-url.js';

export interface MainWindowOptions {
  /** Closing the window hides it to the tray unless the app is quitting. */
  isQuitting: () => boolean;
  /** The compact chat window that opens from the tray. */
  compact?: boolean;
  /** The page it opens on (the renderer routes by hash); the chat when none. */
  page?: string;
}

export function createMainWindow({ isQuitting, compact = false, page }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    title: 'iAs',
    width: compact ? 420 : 1080,
    height: compact ? 620 : 720,
    minWidth: compact ? 360 : 640,
    minHeight: 420,
    ...(compact ? { alwaysOnTop: false, skipTaskbar: true } : {}),
    show: false,
    autoHideMenuBar: true,
    ...(process.platform === 'linux' ? { icon: iconPath('icon.png') } : {}),
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: preloadPath },
  });

  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    if (isQuitting()) return;
    event.preventDefault();
    window.hide();
  });

  const loading = window.loadURL(windowUrl({ devServer: devServerUrl(), rendererFile, compact, page }));
  loading.catch((err: unknown) => console.error('iAs: could not load the window:', err));
  return window;
}

/** Shows a page of the main window (the renderer routes by hash). */
export function showPage(window: BrowserWindow, page: string): void {
  void window.webContents.executeJavaScript(`location.hash = ${JSON.stringify(pageHash(page))}`);
  showWindow(window);
}

export function showWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
