/** Where the desktop app finds its own files: the built preload and renderer, and its resources. */
import path from 'node:path';
import { app } from 'electron';
import { appUrlMatcher } from './web-security.js';

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

/** The example user skills, copied into the user folder on first run. */
export function exampleSkillsDir(): string {
  return app.isPackaged ? path.join(process.resourcesPath, 'example-skills') : path.join(app.getAppPath(), 'skills');
}

export function userSkillsDir(): string {
  return path.join(app.getPath('userData'), 'skills');
}

export function iconPath(name: string): string {
  return path.join(resourcesDir(), 'icons', name);
}

/** Whether a URL is the app's own renderer page: the dev server's origin, or the built index.html. */
export function isAppUrl(url: string): boolean {
  return appUrlMatcher({ devServer: devServerUrl(), rendererFile })(url);
}
