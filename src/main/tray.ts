/** The tray icon: its status (WeChat, pending approvals) and its menu, in the owner's language. */
import { Menu, Tray, nativeImage } from 'electron';
import type { Locale } from '../shared/locale.js';
import { trayWords, type TrayStatus } from '../shared/tray-words.js';
import { iconPath } from './paths.js';

export type TrayPage = 'chat' | 'skills' | 'tasks' | 'audit' | 'settings';

export interface TrayActions {
  openChat: () => void;
  open: (page: TrayPage) => void;
  setPaused: (paused: boolean) => void;
  quit: () => void;
}

/** The tray, shown first with `status` in `locale`; `update` shows another status (or language). */
export function createTray(
  actions: TrayActions,
  status: TrayStatus,
  locale: Locale,
): { tray: Tray; update: (status: TrayStatus, locale: Locale) => void } {
  // macOS menu bars want a monochrome "template" image; Electron picks the @2x file on HiDPI screens.
  const file = process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
  const image = nativeImage.createFromPath(iconPath(file));
  if (process.platform === 'darwin') image.setTemplateImage(true);
  const tray = new Tray(image);

  const update = (status: TrayStatus, locale: Locale) => {
    const words = trayWords(locale, status);
    const text = words.menu;
    tray.setToolTip(words.tooltip);
    if (process.platform === 'darwin')
      tray.setTitle(status.pendingApprovals > 0 ? String(status.pendingApprovals) : '');
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: words.wechat, enabled: false },
        ...(words.pending ? [{ label: words.pending, click: () => actions.open('chat') }] : []),
        { type: 'separator' },
        { label: text.chat, click: actions.openChat },
        { label: text.skills, click: () => actions.open('skills') },
        { label: text.tasks, click: () => actions.open('tasks') },
        { label: text.audit, click: () => actions.open('audit') },
        { label: text.settings, click: () => actions.open('settings') },
        { type: 'separator' },
        {
          label: text.pause,
          type: 'checkbox',
          checked: status.paused,
          click: (item) => actions.setPaused(item.checked),
        },
        { type: 'separator' },
        { label: text.quit, click: actions.quit },
      ]),
    );
  };
  update(status, locale);
  // Windows and Linux: a click on the icon opens the compact chat (macOS opens the menu).
  if (process.platform !== 'darwin') tray.on('click', actions.openChat);
  return { tray, update };
}
