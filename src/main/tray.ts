/** The tray icon and its menu: open the window, or quit. */
import { Menu, Tray, app, nativeImage } from 'electron';
import { iconPath } from './paths.js';

export interface TrayActions {
  open: () => void;
  quit: () => void;
}

const labels = {
  en: { open: 'Open iAs', quit: 'Quit' },
  zh: { open: '打开 iAs', quit: '退出' },
};

export function createTray({ open, quit }: TrayActions): Tray {
  // macOS menu bars want a monochrome "template" image; Electron picks the @2x file on HiDPI screens.
  const file = process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
  const image = nativeImage.createFromPath(iconPath(file));
  if (process.platform === 'darwin') image.setTemplateImage(true);
  const text = app.getLocale().toLowerCase().startsWith('zh') ? labels.zh : labels.en;

  const tray = new Tray(image);
  tray.setToolTip('iAs');
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: text.open, click: open },
      { type: 'separator' },
      { label: text.quit, click: quit },
    ]),
  );
  // Windows and Linux: a click on the icon opens the window (macOS opens the menu).
  if (process.platform !== 'darwin') tray.on('click', open);
  return tray;
}
