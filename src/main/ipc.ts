/**
 * Carries the contract over Electron IPC: one `ias:<method>` handler per method, for the app's own
 * page only, each payload checked before the core sees it; the core's events go to the app's windows.
 */
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { CoreApi } from '../core/api/create-api.js';
import { apiErrorCode } from '../core/api/api-error.js';
import { callRefusal } from '../core/api/validate-call.js';
import { encodeApiError } from '../shared/api-errors.js';
import { API_METHODS, channel, EVENT_CHANNEL, type ApiMethod } from '../shared/contract.js';
import { registerAuditExport } from './audit-export-ipc.js';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

function assertTrustedSender(event: IpcMainInvokeEvent, method: ApiMethod, isAppUrl: (url: string) => boolean): void {
  const url = event.senderFrame?.url;
  if (!url || !isAppUrl(url)) throw new Error(`iAs refused "${method}": the caller is not the iAs window`);
}

export function registerIpc(core: CoreApi, isAppUrl: (url: string) => boolean): void {
  for (const method of API_METHODS) {
    ipcMain.handle(channel(method), (event, ...args: unknown[]) => {
      assertTrustedSender(event, method, isAppUrl);
      const invalid = callRefusal(method, args);
      if (invalid) throw new Error(encodeApiError(invalid.message, invalid.messageCode));
      // Electron passes on only an error's message: a code goes inside it (see encodeApiError).
      return (core.api[method] as AnyMethod).apply(core.api, args).catch((err: unknown) => {
        const code = apiErrorCode(err);
        throw code ? new Error(encodeApiError((err as Error).message, code)) : err;
      });
    });
  }
  registerAuditExport(core, isAppUrl);
  core.events.on('event', (payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed() && isAppUrl(window.webContents.getURL()))
        window.webContents.send(EVENT_CHANNEL, payload);
    }
  });
}
