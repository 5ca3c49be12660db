/**
 * Carries the contract over Electron IPC: one `ias:<method>` handler per method, for the app's own
 * page only, each payload checked before the core sees it; the core's events go to the app's windows.
 */
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { CoreApi } from '../core/api/create-api.js';
import { validateCall } from '../core/api/validate-call.js';
import { API_METHODS, channel, EVENT_CHANNEL, type ApiMethod } from '../shared/contract.js';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

function assertTrustedSender(event: IpcMainInvokeEvent, method: ApiMethod, isAppUrl: (url: string) => boolean): void {
  const url = event.senderFrame?.url;
  if (!url || !isAppUrl(url)) throw new Error(`iAs refused "${method}": the caller is not the iAs window`);
}

export function registerIpc(core: CoreApi, isAppUrl: (url: string) => boolean): void {
  for (const method of API_METHODS) {
    ipcMain.handle(channel(method), (event, ...args: unknown[]) => {
      assertTrustedSender(event, method, isAppUrl);
      const invalid = validateCall(method, args);
      if (invalid) throw new Error(invalid);
      return (core.api[method] as AnyMethod).apply(core.api, args);
    });
  }
  core.events.on('event', (payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed() && isAppUrl(window.webContents.getURL()))
        window.webContents.send(EVENT_CHANNEL, payload);
    }
  });
}
