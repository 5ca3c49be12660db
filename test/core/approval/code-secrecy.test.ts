import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import { CODE, codeIn, gateWorld, settle, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld;
afterEach(() => world?.close());

describe('the code is a secret', () => {
  it('appears in no byte of the database, the audit log, the UI view or anything the model sees', async () => {
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
    for (const code of codes) {
      expect(dbBytes).not.toContain(code);
      expect(auditExport).not.toContain(code);
      expect(rows).not.toContain(code);
      expect(JSON.stringify(modelSees)).not.toContain(code);
      expect(JSON.stringify(uiSees)).not.toContain(code);
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
