/** The tray icon: its status (WeChat, pending approvals) and its menu. */
import { Menu, Tray, app, nativeImage } from 'electron';
import { iconPath } from './paths.js';

export type TrayPage = 'chat' | 'skills' | 'tasks' | 'audit' | 'settings';

export interface TrayActions {
  openChat: () => void;
  open: (page: TrayPage) => void;
  setPaused: (paused: boolean) => void;
  quit: () => void;
}

export interface TrayStatus {
  wechat: string;
  pendingApprovals: number;
  paused: boolean;
}

const labels = {
  en: {
    chat: 'Open chat',
    skills: 'Skills',
    tasks: 'Scheduled tasks',
    audit: 'Audit log',
    settings: 'Settings',
    pause: 'Pause high-risk skills',
    quit: 'Quit iAs',
    wechat: 'WeChat',
    pending: (n: number) => `${n} approval(s) waiting`,
  },
  zh: {
    chat: '打开聊天',
    skills: '技能',
    tasks: '定时任务',
    audit: '审计日志',
    settings: '设置',
    pause: '暂停高风险技能',
    quit: '退出 iAs',
    wechat: '微信',
    pending: (n: number) => `${n} 个确认等待中`,
  },
};

export function createTray(actions: TrayActions): { tray: Tray; update: (status: TrayStatus) => void } {
  // macOS menu bars want a monochrome "template" image; Electron picks the @2x file on HiDPI screens.
  const file = process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
  const image = nativeImage.createFromPath(iconPath(file));
  if (process.platform === 'darwin') image.setTemplateImage(true);
  const text = app.getLocale().toLowerCase().startsWith('zh') ? labels.zh : labels.en;
  const tray = new Tray(image);

  const update = (status: TrayStatus) => {
    const pending = status.pendingApprovals > 0 ? ` · ${text.pending(status.pendingApprovals)}` : '';
    tray.setToolTip(`iAs — ${text.wechat}: ${status.wechat}${pending}`);
    if (process.platform === 'darwin')
      tray.setTitle(status.pendingApprovals > 0 ? String(status.pendingApprovals) : '');
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: `${text.wechat}: ${status.wechat}`, enabled: false },
        ...(status.pendingApprovals > 0
          ? [{ label: text.pending(status.pendingApprovals), click: () => actions.open('chat') }]
          : []),
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
  update({ wechat: '—', pendingApprovals: 0, paused: false });
  // Windows and Linux: a click on the icon opens the compact chat (macOS opens the menu).
  if (process.platform !== 'darwin') tray.on('click', actions.openChat);
  return { tray, update };
}
