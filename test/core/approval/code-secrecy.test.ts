import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import { thisProcess } from '../../../src/core/process-identity.js';
import { CODE, codeIn, gateWorld, settle, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld;
afterEach(() => world?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The values the approval and audit rows rightly hold in digits: HMACs and hashes, ids, this
 * process's id and identity, times and durations (about 88 different 6-digit runs among them, so a
 * random code was one of them in about 1 run in 2,800). Read from the rows themselves, each checked
 * to be what it should be (a code stored in one of them, or beside it in the same value, fails);
 * the free text (params, results, errors) is not among them, nor any column added later.
 */
function knownDigits(db: GateWorld['store']['db'], since: number): string[] {
  const until = Date.now();
  const shaped = (shape: RegExp) => (v: unknown) => typeof v === 'string' && shape.test(v);
  const time = (v: unknown) => typeof v === 'number' && v >= since - 60_000 && v <= until + 10 * 60_000; // expiries too
  const ms = (v: unknown) => typeof v === 'number' && v >= 0 && v <= until - since;
  const owner = {
    owner_pid: (v: unknown) => v === process.pid,
    owner_identity: (v: unknown) => v === (thisProcess()?.identity ?? null),
  };
  const columns: Record<string, Record<string, (value: unknown) => boolean>> = {
    pending_approvals: {
      id: shaped(UUID),
      run_id: shaped(UUID),
      params_hash: shaped(SHA256),
      skill_hash: shaped(SHA256),
      code_hash: shaped(SHA256),
      ...owner,
      created_at: time,
      expires_at: time,
      queued_at: time,
      decided_at: time,
      consumed_at: time,
    },
    audit_log: {
      approval_id: shaped(UUID),
      skill_hash: shaped(SHA256),
      ...owner,
      started_at: time,
      finished_at: time,
      duration_ms: ms,
    },
  };
  const values = new Set<string>();
  for (const [table, checks] of Object.entries(columns)) {
    for (const row of db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]) {
      for (const [column, fits] of Object.entries(checks)) {
        const value = row[column];
        if (value === null) continue;
        if (!fits(value)) throw new Error(`${table}.${column} is not what it should be: ${String(value)}`);
        values.add(String(value));
      }
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/**
 * `text` with each known value blanked (as many '#'), the longest first. A number only where it
 * stands alone, not as part of a longer run of digits (a code beside it stays whole); the hex
 * values wherever they are, as SQLite writes one row's values one after the other.
 */
function withoutKnown(text: string, known: string[]): string {
  for (const value of known) {
    const where = /^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`, 'g') : value;
    text = text.replaceAll(where, '#'.repeat(value.length));
  }
  return text;
}

describe('the code is a secret', () => {
  it('appears in no byte of the database, the audit log, the UI view or anything the model sees', async () => {
    const since = Date.now();
    world = gateWorld();
    const codes: string[] = [];
    const modelSees: unknown[] = [];
    const uiSees: unknown[] = [];
    world.gate.on('changed', (view) => uiSees.push(view));

    // Approved, refused after wrong codes, cancelled, and a code typed among other words.
    for (const answer of ['right', 'wrong', 'cancel', 'inline']) {
      const sent = world.wechat.nextSent(CODE);
      const call = world.caller.call({ name: 'send_mail', params: { to: `${answer}@example.com` }, source: 'chat' });
      const code = codeIn(await sent);
      codes.push(code);
      if (answer === 'right') world.wechat.reply(code);
      if (answer === 'wrong') for (let i = 0; i < 3; i++) world.wechat.reply(code === '000000' ? '000001' : '000000');
      if (answer === 'cancel') world.wechat.reply('取消');
      if (answer === 'inline') {
        world.wechat.reply(`here it is: ${code}`);
        await settle();
        world.wechat.reply('0');
      }
      modelSees.push(await call);
      uiSees.push(world.gate.openApprovals());
    }
    await settle();
    world.store.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = fs.readdirSync(world.home).filter((f) => f.startsWith('ias.db'));
    const dbBytes = files.map((f) => fs.readFileSync(path.join(world.home, f)).toString('latin1')).join('');
    const auditExport = world.store.audit.exportJson({}) + world.store.audit.exportCsv({});
    const rows = JSON.stringify(world.store.approvals.list({ limit: 500 }));
    const known = knownDigits(world.store.db, since);
    const seen = {
      dbBytes: withoutKnown(dbBytes, known),
      auditExport: withoutKnown(auditExport, known),
      rows: withoutKnown(rows, known),
      modelSees: withoutKnown(JSON.stringify(modelSees), known),
      uiSees: withoutKnown(JSON.stringify(uiSees), known),
    };
    for (const code of codes) {
      expect(seen.dbBytes).not.toContain(code);
      expect(seen.auditExport).not.toContain(code);
      expect(seen.rows).not.toContain(code);
      expect(seen.modelSees).not.toContain(code);
      expect(seen.uiSees).not.toContain(code);
    }
    // The code is in the database only as an HMAC.
    expect(world.store.approvals.list({ limit: 1 })[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the HMAC key lives outside the database, in a 0600 file', () => {
    world = gateWorld();
    const keyFile = path.join(world.home, 'secrets', 'approval-hmac.key');
    const stat = fs.statSync(keyFile);
    expect(stat.size).toBe(32);
    expect(stat.mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile);
    for (const file of fs.readdirSync(world.home).filter((f) => f.startsWith('ias.db'))) {
      const bytes = fs.readFileSync(path.join(world.home, file));
      expect(bytes.indexOf(key)).toBe(-1);
      expect(bytes.indexOf(key.toString('hex'))).toBe(-1);
    }
    // A key that others can read is refused rather than used.
    fs.chmodSync(keyFile, 0o644);
    expect(() => new FileSecretStore(path.dirname(keyFile)).get('approval-hmac.key')).toThrow(/other users/);
  });
});
