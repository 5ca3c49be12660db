/** Carries the contract over Electron IPC: one `ias:<method>` handler per method, for the app's own page only. */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { API_METHODS, channel, type ApiMethod, type IasApi } from '../shared/contract.js';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

function assertTrustedSender(event: IpcMainInvokeEvent, method: ApiMethod, isAppUrl: (url: string) => boolean): void {
  const url = event.senderFrame?.url;
  if (!url || !isAppUrl(url)) throw new Error(`iAs refused "${method}": the caller is not the iAs window`);
}

export function registerIpc(api: IasApi, isAppUrl: (url: string) => boolean): void {
  for (const method of API_METHODS) {
    ipcMain.handle(channel(method), (event, ...args: unknown[]) => {
      assertTrustedSender(event, method, isAppUrl);
      // The transport only forwards; the API implementation owns its arguments.
      return (api[method] as AnyMethod).apply(api, args);
    });
  }
}
