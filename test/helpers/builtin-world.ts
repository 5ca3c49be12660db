/**
 * A real runtime over the shipped system skills, for testing built-in skills through SkillCaller,
 * with the owner on an in-process WeChat channel to approve high-risk calls.
 */
import path from 'node:path';
import { InProcessChannel } from '../../src/core/approval/in-process-channel.js';
import type { BuiltinContext } from '../../src/core/builtins/index.js';
import { openRuntime, type Runtime } from '../../src/core/runtime.js';
import type { SkillResult } from '../../src/core/skills/types.js';
import { tempDir } from './temp.js';

export interface BuiltinWorld {
  home: string;
  runtime: Runtime;
  /** Where approvals go: `nextSent()` is the request, `reply(code)` the owner's answer. */
  owner: InProcessChannel;
  /** Replaces the skill's settings (secret ones go to the secret store). */
  configure(skill: string, values: Record<string, string>): void;
  /** One call through SkillCaller, as the model's would go. */
  call(skill: string, params: Record<string, unknown>): Promise<SkillResult>;
  /** The context a handler gets, for calling it directly. */
  context(skill: string, env: Record<string, string>, signal?: AbortSignal): BuiltinContext;
  close(): Promise<void>;
}

export async function builtinWorld(): Promise<BuiltinWorld> {
  const home = tempDir('ias-builtins-');
  const owner = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  const runtime = await openRuntime({ home, systemSkills: path.resolve('resources/skills'), channels: [owner] });
  const skill = (name: string) => {
    const s = runtime.registry.get(name);
    if (!s) throw new Error(`no skill ${name}`);
    return s;
  };
  return {
    home,
    runtime,
    owner,
    configure(name, values) {
      const s = skill(name);
      const cleared = Object.fromEntries((s.config ?? []).map((f) => [f.name, null]));
      runtime.skillConfig.set(s, { ...cleared, ...values });
    },
    async call(name, params) {
      const outcome = await runtime.caller.call({ name, params, source: 'cli' });
      return outcome.result;
    },
    context(name, env, signal = new AbortController().signal) {
      return { signal, skill: skill(name), env, call: { source: 'cli' }, services: {} };
    },
    close: () => runtime.close(),
  };
}
