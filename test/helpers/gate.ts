/** A real core for approval tests: SQLite file, skills folder, gate with an in-process owner. */
import fs from 'node:fs';
import path from 'node:path';
import { SkillCaller } from '../../src/core/approval/call-skill.js';
import type { ApprovalChannel } from '../../src/core/approval/channel.js';
import { ApprovalGate } from '../../src/core/approval/gate.js';
import { InProcessChannel } from '../../src/core/approval/in-process-channel.js';
import { approvalKey } from '../../src/core/approval/approval-key.js';
import { FileSecretStore } from '../../src/core/approval/key-store.js';
import { SkillRegistry } from '../../src/core/skills/registry.js';
import { openStore, type Store } from '../../src/core/store/index.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from './temp.js';

export const CODE = /确认码 Code：(\d{6})/;

export function codeIn(message: string | undefined): string {
  const match = message?.match(CODE);
  if (!match) throw new Error(`no code in message: ${message}`);
  return match[1]!;
}

export interface GateWorld {
  home: string;
  system: string;
  user: string;
  store: Store;
  registry: SkillRegistry;
  wechat: InProcessChannel;
  inApp: InProcessChannel;
  gate: ApprovalGate;
  caller: SkillCaller;
  /** Lines each run of a counting skill appended. */
  runs: (skill: string) => string[];
  close(): void;
}

/** A high-risk system skill that appends its params to a file (so every execution is counted). */
export function countingSkill(world: { home: string }, name: string, extra = ''): string {
  const log = path.join(world.home, `${name}.runs`);
  return scriptSkill({
    risk: 'High',
    description: `Appends to ${name}.runs.`,
    parameters: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } } },
    script: `${extra}printf '%s\\n' "$SKILL_PARAMS" >> '${log}'\necho sent`,
  });
}

/** The lines a counting skill appended, one per execution. */
export function readRuns(home: string, skill: string): string[] {
  try {
    return fs
      .readFileSync(path.join(home, `${skill}.runs`), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** `after`: channels tried after the in-app one (the desktop's, for one); `now`: the gate's clock. */
export function gateWorld(
  options: { ttlMs?: number; wechatConnected?: boolean; after?: ApprovalChannel[]; now?: () => number } = {},
): GateWorld {
  const home = tempDir('ias-gate-');
  const system = path.join(home, 'system');
  const user = path.join(home, 'skills');
  fs.mkdirSync(system);
  fs.mkdirSync(user);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  writeSkill(system, 'run_shell', countingSkill({ home }, 'run_shell'));
  writeSkill(system, 'read_only', scriptSkill({ risk: 'Low', script: 'echo fine' }));
  const store = openStore(path.join(home, 'ias.db'));
  const registry = new SkillRegistry({ systemDir: system, userDir: user });
  registry.loadAll();
  const wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  wechat.connected = options.wechatConnected ?? true;
  const inApp = new InProcessChannel({ name: 'in-app', inApp: true });
  const gate = new ApprovalGate({
    approvals: store.approvals,
    key: approvalKey(new FileSecretStore(path.join(home, 'secrets'))),
    channels: [wechat, inApp, ...(options.after ?? [])],
    currentSkill: (name) => registry.current(name),
    reviewMarks: store.skillSettings,
    ttlMs: options.ttlMs,
    now: options.now,
  });
  const caller = new SkillCaller({
    getSkill: (name) => registry.current(name),
    audit: store.audit,
    skillSettings: store.skillSettings,
    gate,
    execute: { scriptCacheDir: path.join(home, 'cache') },
    atomically: store.atomically,
  });
  return {
    home,
    system,
    user,
    store,
    registry,
    wechat,
    inApp,
    gate,
    caller,
    runs: (skill) => readRuns(home, skill),
    close() {
      gate.close();
      store.close();
    },
  };
}

/**
 * The gate of another iAs process on `world`'s data folder with the same key (`ias chat` beside
 * `ias serve`, or one started later): its own connection to the SQLite file, no channels unless
 * given, its own clock if given; closed after the test.
 */
export function sameFolderGate(
  world: Pick<GateWorld, 'home' | 'registry'>,
  options: { channels?: ApprovalChannel[]; now?: () => number } = {},
): ApprovalGate {
  const store = openStore(path.join(world.home, 'ias.db'));
  const gate = new ApprovalGate({
    approvals: store.approvals,
    key: approvalKey(new FileSecretStore(path.join(world.home, 'secrets'))),
    channels: options.channels ?? [],
    currentSkill: (name) => world.registry.current(name),
    reviewMarks: store.skillSettings,
    now: options.now,
  });
  onCleanup(() => {
    gate.close();
    store.close();
  });
  return gate;
}

/** Lets the gate's async steps (sending, promoting) settle. */
export const settle = () => new Promise((r) => setTimeout(r, 30));

/**
 * Another iAs process's approval waiting in WeChat, as the app's beside `ias` (or the reverse): a
 * gate on a fresh data folder whose key no other process can read (its file is gone once read, as
 * the app's sealed key is to `ias`), asking for `send_mail`. `call` settles once it is answered.
 */
export async function otherProcessApproval(): Promise<{
  world: GateWorld;
  call: ReturnType<SkillCaller['call']>;
  code: string;
}> {
  const world = gateWorld();
  fs.rmSync(path.join(world.home, 'secrets', 'approval-hmac.key'));
  const asked = world.wechat.nextSent(CODE);
  const call = world.caller.call({ name: 'send_mail', params: { to: 'boss' }, source: 'chat' });
  return { world, call, code: codeIn(await asked) };
}
