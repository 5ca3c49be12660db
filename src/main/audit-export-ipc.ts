/**
 * The audit log's export in the desktop app: the owner picks the file in the save dialog, and the
 * core writes the export into it a piece at a time (see core/api/audit-export-api.ts). Only the
 * app's own page may ask, with arguments checked before the core sees them.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import type { CoreApi } from '../core/api/create-api.js';
import { exportRefusal } from '../core/api/validate-call.js';
import { AUDIT_EXPORT_CHANNEL, type AuditExportFormat } from '../shared/audit-export.js';
import type { AuditQuery } from '../shared/contract.js';

const FILTERS: Record<AuditExportFormat, Electron.FileFilter> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
};

export function registerAuditExport(core: CoreApi, isAppUrl: (url: string) => boolean): void {
  ipcMain.handle(AUDIT_EXPORT_CHANNEL, async (event, query: unknown, format: unknown, fileName: unknown) => {
    const url = event.senderFrame?.url;
    if (!url || !isAppUrl(url)) throw new Error('iAs refused the audit export: the caller is not the iAs window');
    const refusal = exportRefusal(query, format, fileName);
    if (refusal) throw new Error(refusal);
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = {
      defaultPath: path.join(app.getPath('downloads'), fileName as string),
      filters: [FILTERS[format as AuditExportFormat]],
    };
    const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return false;
    await core.saveAuditExport(query as AuditQuery, format as AuditExportFormat, choice.filePath);
    return true;
  });
}
