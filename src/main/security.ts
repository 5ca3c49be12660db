/** Keeps every web page of the app on the app: no new windows, no navigation away, no webviews, (almost) no permissions. */
import { shell, type Session, type WebContents } from 'electron';
import { isSafeExternalUrl } from './web-security.js';

export function hardenWebContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  // No window opens inside the app; a checked http(s) link opens in the owner's browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The page may copy to the clipboard; every other permission (camera, microphone, location…) is refused. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function restrictPermissions(session: Session, isAppUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(contents.getURL())),
  );
}
