/**
 * The bridge between the sandboxed page and the main process: `window.ias` is exactly the
 * contract, one function per method, each an `ias:<method>` IPC call. Nothing else is exposed.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { channel, type ApiMethod, type IasApi } from '../shared/contract.js';

function invoker<M extends ApiMethod>(method: M): IasApi[M] {
  const name = channel(method);
  return ((...args: unknown[]) => ipcRenderer.invoke(name, ...args)) as IasApi[M];
}

// Typed as IasApi: a method missing here, or one the contract does not have, fails to compile.
const api: IasApi = {
  version: invoker('version'),
  listSkills: invoker('listSkills'),
};

contextBridge.exposeInMainWorld('ias', api);
