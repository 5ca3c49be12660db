/**
 * The security settings of every window, and what counts as the app's own page: plain data and
 * functions (no Electron import), so they are unit-tested.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every window: isolated, sandboxed, no Node, web security on. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

const samePath = (a: string, b: string, platform: NodeJS.Platform): boolean =>
  platform === 'win32' || platform === 'darwin'
    ? path.resolve(a).toLowerCase() === path.resolve(b).toLowerCase()
    : path.resolve(a) === path.resolve(b);

/** A test for "is this URL the app's own renderer page": the dev server's origin, or the built index.html. */
export function appUrlMatcher(options: {
  devServer?: string;
  rendererFile: string;
  platform?: NodeJS.Platform;
}): (url: string) => boolean {
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (options.devServer) return parsed.origin === new URL(options.devServer).origin;
    if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
    return samePath(fileURLToPath(parsed), options.rendererFile, options.platform ?? process.platform);
  };
}

/** Links the app may open in the browser: http(s) only, never file:, javascript: or custom schemes. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === ''
    );
  } catch {
    return false;
  }
}
