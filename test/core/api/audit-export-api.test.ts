/**
 * The audit log's export as the app saves it: pieces of whole rows read on a connection of their
 * own (the app's goes on between them), never the whole as one string; written into the owner's
 * file all or nothing (the desktop app's path, which runs no Electron here).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditExportPieces, writeExportFile } from '../../../src/core/api/audit-export-api.js';
import { openStore, type Store } from '../../../src/core/store/index.js';
import { tempDir } from '../../helpers/temp.js';

function storeWith(calls: number): Store {
  const store = openStore(path.join(tempDir('ias-export-'), 'ias.db'));
  const text = 'x'.repeat(1500);
  store.atomically(() => {
    for (let i = 0; i < calls; i++) {
      store.audit.record(
        { skill: 'shell', source: 'chat', risk: 'high', params: { command: `echo ${i}` }, startedAt: 1_000_000 + i },
        { status: 'done', durationMs: i, resultSummary: `上海 ${text}` },
      );
    }
  });
  return store;
}

describe('the audit export as the app saves it', () => {
  it('comes in pieces of about 64 K characters, the CSV first with its byte order mark, together the whole export', () => {
    const store = storeWith(400);
    try {
      for (const format of ['csv', 'json'] as const) {
        const pieces = [...auditExportPieces(store.audit, {}, format)];
        const whole = format === 'csv' ? `\ufeff${store.audit.exportCsv()}` : store.audit.exportJson();
        expect(pieces.join('') === whole).toBe(true);
        expect(pieces.length).toBeGreaterThan(5);
        expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(70_000);
      }
    } finally {
      store.close();
    }
  });

  it('lets the app use the database between its pieces, and is the log as it was when it began', () => {
    const store = storeWith(400);
    try {
      const pieces = auditExportPieces(store.audit, {}, 'json');
      const taken = [pieces.next().value as string];
      // A call made meanwhile (a chat turn): on the export's connection this would be refused as busy.
      store.audit.record(
        { skill: 'later', source: 'chat', risk: 'low', params: {}, startedAt: 2_000_000 },
        { status: 'done', durationMs: 1 },
      );
      expect(store.audit.query({ limit: 1 }).rows[0]!.skill).toBe('later');
      for (const piece of pieces) taken.push(piece);
      const rows = JSON.parse(taken.join('')) as { skill: string }[];
      expect(rows).toHaveLength(400);
      expect(rows.some((r) => r.skill === 'later')).toBe(false);
    } finally {
      store.close();
    }
  });

  it('is written into the chosen file whole', async () => {
    const store = storeWith(400);
    const file = path.join(tempDir('ias-export-to-'), 'ias-audit.csv');
    try {
      await writeExportFile(auditExportPieces(store.audit, { skill: 'shell' }, 'csv'), file);
      expect(fs.readFileSync(file).equals(Buffer.from(`\ufeff${store.audit.exportCsv()}`, 'utf8'))).toBe(true);
      expect(fs.readdirSync(path.dirname(file))).toEqual(['ias-audit.csv']);
    } finally {
      store.close();
    }
  });

  it('cut short, leaves the file the owner chose to replace as it was, and no part of itself', async () => {
    const file = path.join(tempDir('ias-export-to-'), 'ias-audit.json');
    fs.writeFileSync(file, 'the owner’s earlier export\n');
    function* failing(): Generator<string> {
      yield '[\n';
      throw new Error('disk I/O error');
    }
    await expect(writeExportFile(failing(), file)).rejects.toThrow('disk I/O error');
    expect(fs.readFileSync(file, 'utf8')).toBe('the owner’s earlier export\n');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['ias-audit.json']);
  });
});
