/**
 * A chat message is compared with the pending approval's code before the model sees it, and the
 * refusal of one holding the code tells that a number was the code. So only a budget of distinct
 * 6-digit windows is compared per approval: a flood of digits past it is held without comparing
 * (the same answer whether the code is among them or not), while a few numbers (a phone number,
 * an order id) are compared and go on as ever. The budget is kept with the approval in the SQLite
 * file, so every iAs process on the data folder spends the same one, and one started later finds it
 * as it was left. Real SQLite, real gates.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalKey } from '../../../src/core/approval/approval-key.js';
import { sha256Hex } from '../../../src/core/approval/canonical.js';
import { CHAT_CODE_BUDGET, ChatCodeBudget, windowHmac } from '../../../src/core/approval/chat-code-budget.js';
import { codeCandidates } from '../../../src/core/approval/code.js';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import { CODE, codeIn, gateWorld, sameFolderGate, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld;
afterEach(() => world?.close());

/** Starts a high-risk call and returns it with the code the owner received. */
async function ask(w: GateWorld) {
  const sent = w.wechat.nextSent(CODE);
  const call = w.caller.call({ name: 'send_mail', params: { to: 'boss@example.com' }, source: 'chat' });
  return { call, code: codeIn(await sent) };
}

/** `count` distinct 6-digit numbers, none of them `code`, each apart from the next (words between). */
function numbers(code: string, count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) =>
    String((Number(code) + (from + i) * 7919) % 1_000_000).padStart(6, '0'),
  );
}
const inWords = (list: string[]) => list.map((n) => `order ${n}`).join(', ');

describe("the budget of numbers compared with an approval's code", () => {
  it('holds a flood of numbers without comparing: the same answer with the code among them or not', async () => {
    world = gateWorld();
    const first = await ask(world);
    const flood = numbers(first.code, 200);
    // The code in the middle of the flood: held, not 'code'.
    expect(world.gate.holdsCode(inWords([...flood.slice(0, 100), first.code, ...flood.slice(100)]))).toBe('held');
    // From then on any 6 digits are held while it waits, even the code alone; other words go on.
    expect(world.gate.holdsCode(first.code)).toBe('held');
    expect(world.gate.holdsCode(`the code is ${first.code}`)).toBe('held');
    expect(world.gate.holdsCode('call me at 13800138000')).toBe('held');
    expect(world.gate.holdsCode('what is the weather like? room 12345')).toBeUndefined();
    // The code still approves where it was sent.
    world.wechat.reply(first.code);
    expect((await first.call).status).toBe('done');

    // The next approval, the same flood without its code: the same answer.
    const second = await ask(world);
    const without = numbers(second.code, 201);
    expect(world.gate.holdsCode(inWords(without))).toBe('held');
    expect(world.gate.holdsCode(second.code)).toBe('held');
    world.wechat.reply('0');
    expect((await second.call).status).toBe('refused');
  });

  it('gives each approval its own budget; a few numbers are compared as ever', async () => {
    world = gateWorld();
    const first = await ask(world);
    const [order] = numbers(first.code, 1);
    expect(world.gate.holdsCode(`my order is ${order}`)).toBeUndefined();
    expect(world.gate.holdsCode(`the code is ${first.code}`)).toBe('code');
    expect(world.gate.holdsCode(inWords(numbers(first.code, CHAT_CODE_BUDGET, 10)))).toBe('held');
    world.wechat.reply(first.code);
    expect((await first.call).status).toBe('done');

    const second = await ask(world);
    expect(world.gate.holdsCode(`the code is ${second.code.slice(0, 3)} ${second.code.slice(3)}`)).toBe('code');
    expect(world.gate.holdsCode(`my order is ${numbers(second.code, 1)[0]}`)).toBeUndefined();
    world.wechat.reply(second.code);
    expect((await second.call).status).toBe('done');
  });

  it('counts distinct windows: numbers sent again cost nothing, and the one past the budget is held', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const list = numbers(code, CHAT_CODE_BUDGET + 1);
    // The same phone number and order id over and over: compared each time, sent each time.
    for (let i = 0; i < 50; i++) expect(world.gate.holdsCode(inWords(list.slice(0, 3)))).toBeUndefined();
    // Up to the budget exactly: still compared (the code among them is found).
    expect(world.gate.holdsCode(inWords(list.slice(0, CHAT_CODE_BUDGET - 1)))).toBeUndefined();
    expect(world.gate.holdsCode(`${code}`)).toBe('code');
    // One more distinct number: held, and every later message with 6 digits, even ones compared before.
    expect(world.gate.holdsCode(inWords(list.slice(CHAT_CODE_BUDGET - 1, CHAT_CODE_BUDGET)))).toBe('held');
    expect(world.gate.holdsCode(inWords(list.slice(0, 1)))).toBe('held');
    expect(world.gate.holdsCode(code)).toBe('held');
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
    // With no approval waiting, numbers are an ordinary message.
    expect(world.gate.holdsCode(inWords(list))).toBeUndefined();
  });

  it('is one budget for every iAs process on the data folder: windows spent through one are spent for all', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    // `ias chat` beside `ias serve`: the same file, the same key, its own connection.
    const other = sameFolderGate(world);
    const list = numbers(code, CHAT_CODE_BUDGET + 1);
    const half = CHAT_CODE_BUDGET / 2;
    expect(world.gate.holdsCode(inWords(list.slice(0, half)))).toBeUndefined();
    // The other process compares too (it waits for no approval, so any other 6 digits may be the code).
    expect(other.holdsCode(inWords(list.slice(half, CHAT_CODE_BUDGET - 1)))).toBe('maybe-code');
    // Windows compared through the first cost nothing through the other; the code is found there.
    expect(other.holdsCode(inWords(list.slice(0, half)))).toBe('maybe-code');
    expect(other.holdsCode(`the code is ${code}`)).toBe('code');
    // One more distinct number, through the first: the budget both spent is gone, for both.
    expect(world.gate.holdsCode(inWords(list.slice(CHAT_CODE_BUDGET - 1, CHAT_CODE_BUDGET)))).toBe('held');
    expect(other.holdsCode(code)).toBe('held');
    expect(other.holdsCode(inWords(list.slice(0, 1)))).toBe('held');
    expect(world.gate.holdsCode(code)).toBe('held');
    // A process started now (a restart) finds it spent: it does not get a budget of its own.
    expect(sameFolderGate(world).holdsCode(inWords(list.slice(0, 1)))).toBe('held');
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
    expect(other.holdsCode(inWords(list))).toBeUndefined();
  });

  it('is not refreshed by a restart while the approval waits: what was compared stays counted', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const list = numbers(code, CHAT_CODE_BUDGET + 1);
    expect(world.gate.holdsCode(inWords(list.slice(0, CHAT_CODE_BUDGET - 1)))).toBeUndefined();
    // A new gate on the same file: the numbers compared before still cost nothing, the budget's
    // last window is the code's, and the next distinct number is past the budget.
    const restarted = sameFolderGate(world);
    expect(restarted.holdsCode(inWords(list.slice(0, 3)))).toBe('maybe-code');
    expect(restarted.holdsCode(code)).toBe('code');
    expect(restarted.holdsCode(inWords(list.slice(CHAT_CODE_BUDGET - 1, CHAT_CODE_BUDGET)))).toBe('held');
    expect(world.gate.holdsCode(code)).toBe('held');
    world.wechat.reply(code);
    expect((await call).status).toBe('done');

    // The next approval starts with a budget of its own, in every process.
    const next = await ask(world);
    expect(restarted.holdsCode(`the code is ${next.code}`)).toBe('code');
    expect(world.gate.holdsCode(inWords(numbers(next.code, 1)))).toBeUndefined();
    world.wechat.reply(next.code);
    expect((await next.call).status).toBe('done');
  });

  it('keeps no digits in the database, and the budget goes with the approval', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const row = world.store.approvals.activeForOwner('owner')!;
    const list = numbers(code, 3);
    expect(world.gate.holdsCode(`${inWords(list)}, and ${code}`)).toBe('code');
    const budget = () =>
      world.store.db
        .prepare<[string], { windows: string | null; spent: number }>(
          'SELECT chat_windows AS windows, chat_windows_spent AS spent FROM pending_approvals WHERE id = ?',
        )
        .get(row.id)!;
    // Each window compared is kept as an HMAC under the approval key, bound to the approval: not
    // the digits, not a plain hash of them (a million guesses away), not the code's own HMAC.
    const key = approvalKey(new FileSecretStore(path.join(world.home, 'secrets')));
    const stored = JSON.parse(budget().windows!) as string[];
    expect(stored.sort()).toEqual([code, ...list].map((n) => windowHmac(key, row.id, n)).sort());
    for (const n of [code, ...list]) {
      expect(stored).not.toContain(n);
      expect(stored).not.toContain(sha256Hex(n));
    }
    expect(stored).not.toContain(row.codeHash);
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
    expect(budget()).toEqual({ windows: null, spent: 0 });
  });

  it('costs a flood of numbers no more HMACs than it takes to spend the budget', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const row = world.store.approvals.activeForOwner('owner')!;
    // The windows each message gets as far as the shared budget (the real one, on the SQLite file).
    const hashed: number[] = [];
    const budget = new ChatCodeBudget(
      {
        takeChatWindows: (id, windows, limit) => {
          hashed.push(windows.length);
          return world.store.approvals.takeChatWindows(id, windows, limit);
        },
      },
      approvalKey(new FileSecretStore(path.join(world.home, 'secrets'))),
    );
    expect(budget.take(row.id, numbers(code, 5_000))).toBe(false);
    expect(hashed).toEqual([CHAT_CODE_BUDGET + 1]);
    // Spent for the approval, in the gate too: the code alone is held.
    expect(world.gate.holdsCode(code)).toBe('held');
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
  });

  it('takes a number repeated along a run of digits as one window', () => {
    expect(codeCandidates('0'.repeat(100_000))).toEqual(['000000']);
    expect(codeCandidates('123456123456')).toEqual(['123456', '234561', '345612', '456123', '561234', '612345']);
    expect(codeCandidates('a 123 456 and 123456 again')).toEqual(['123456']);
  });

  it('holds a message, comparing nothing, while the budget cannot be written; then counts again', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    // Another iAs process in a write on the same file, longer than this one waits (none, here).
    world.store.db.pragma('busy_timeout = 0');
    const other = new Database(path.join(world.home, 'ias.db'));
    other.exec('BEGIN IMMEDIATE');
    try {
      expect(world.gate.holdsCode(`the code is ${code}`)).toBe('held');
      expect(world.gate.holdsCode(inWords(numbers(code, 3)))).toBe('held');
      // Words without numbers need no budget.
      expect(world.gate.holdsCode('how are you?')).toBeUndefined();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // Nothing was spent meanwhile: numbers are compared again, the code is found.
    expect(world.gate.holdsCode(inWords(numbers(code, 3)))).toBeUndefined();
    expect(world.gate.holdsCode(`the code is ${code}`)).toBe('code');
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
  });
});
