/**
 * The bridge between the sandboxed page and the main process: `window.ias` is exactly the
 * contract, one function per method, each an `ias:<method>` IPC call, plus `onEvent` for the
 * events the core pushes and `saveAuditExport` (the audit log saved to a file the owner picks).
 * Nothing else is exposed (no ipcRenderer, no Node).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { AUDIT_EXPORT_CHANNEL } from '../shared/audit-export.js';
import { API_METHODS, channel, EVENT_CHANNEL, type IasApi, type IasBridge, type IasEvent } from '../shared/contract.js';

const methods = Object.fromEntries(
  API_METHODS.map((method) => {
    const name = channel(method);
    return [method, (...args: unknown[]) => ipcRenderer.invoke(name, ...args)];
  }),
);

const bridge: IasBridge = {
  ...(methods as unknown as IasApi),
  saveAuditExport: (query, format, fileName) => ipcRenderer.invoke(AUDIT_EXPORT_CHANNEL, query, format, fileName),
  onEvent(listener: (event: IasEvent) => void): () => void {
    const handler = (_event: IpcRendererEvent, payload: IasEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('ias', bridge);
