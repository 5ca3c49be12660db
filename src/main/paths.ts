/** Where the desktop app finds its own files: the built preload and renderer, and its resources. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';

/** out/main, where this file is bundled. */
const here = import.meta.dirname;

export const preloadPath = path.join(here, '..', 'preload', 'index.cjs');
export const rendererFile = path.join(here, '..', 'renderer', 'index.html');

/** The renderer's dev server (set by `electron-vite dev`); never used by a packaged app. */
export function devServerUrl(): string | undefined {
  return app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL || undefined;
}

/** The app's read-only resources: beside the app when packaged, `resources/` in the repository otherwise. */
function resourcesDir(): string {
  return app.isPackaged ? process.resourcesPath : path.join(app.getAppPath(), 'resources');
}

export function systemSkillsDir(): string {
  return path.join(resourcesDir(), 'skills');
}

export function userSkillsDir(): string {
  return path.join(app.getPath('userData'), 'skills');
}

export function iconPath(name: string): string {
  return path.join(resourcesDir(), 'icons', name);
}

const samePath = (a: string, b: string): boolean =>
  process.platform === 'win32' || process.platform === 'darwin'
    ? path.resolve(a).toLowerCase() === path.resolve(b).toLowerCase()
    : path.resolve(a) === path.resolve(b);

/** Whether a URL is the app's own renderer page: the dev server's origin, or the built index.html. */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const dev = devServerUrl();
  if (dev) return parsed.origin === new URL(dev).origin;
  return parsed.protocol === 'file:' && samePath(fileURLToPath(parsed), rendererFile);
}
