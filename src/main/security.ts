/** Keeps every web page of the app on the app: no new windows, no navigation away, no webviews, (almost) no permissions. */
import { shell, type Session, type WebContents } from 'electron';
import { isNetworkFileUrl, isSafeExternalUrl, permissionAllowed } from './web-security.js';

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

/**
 * Permissions: both the checks (asked first by most web APIs, granted by default) and the requests
 * are answered by permissionAllowed: the clipboard write of the Copy buttons, on the app's page.
 */
export function restrictPermissions(session: Session, isAppUrl: (url: string) => boolean): void {
  session.setPermissionCheckHandler((contents, permission, _origin, details) =>
    permissionAllowed(
      {
        permission,
        pageUrl: contents?.getURL(),
        requestingUrl: details.requestingUrl,
        isMainFrame: details.isMainFrame,
      },
      isAppUrl,
    ),
  );
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(
      permissionAllowed(
        {
          permission,
          pageUrl: contents.getURL(),
          requestingUrl: details.requestingUrl,
          isMainFrame: details.isMainFrame,
        },
        isAppUrl,
      ),
    ),
  );
}

/** No page of the app fetches a file on another machine (on Windows that sends the owner's NTLM hash). */
export function refuseNetworkFiles(session: Session): void {
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: isNetworkFileUrl(details.url) }));
}
