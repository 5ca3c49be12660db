/** An agent over a real core (gateWorld) talking to the scripted model server. */
import fs from 'node:fs';
import path from 'node:path';
import { Agent, type AgentEvent, type AgentOptions } from '../../src/core/agent/agent.js';
import { enabledSkills } from '../../src/core/agent/catalogue.js';
import type { ProviderConfig } from '../../src/core/agent/providers.js';
import { gateWorld, type GateWorld } from './gate.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { onCleanup, scriptSkill, writeSkill } from './temp.js';

export interface AgentWorld extends GateWorld {
  server: ModelServer;
  agent: Agent;
  events: AgentEvent[];
  shutdown(): Promise<void>;
}

/** The provider of `model` at the model server at `url`, as the environment would name it. */
export function scriptedProvider(url: string, model = 'test-model'): ProviderConfig {
  return { baseUrl: url, model, apiKey: 'test-key', from: { baseUrl: 'env', model: 'env', apiKey: 'env' } };
}

/** An agent over `world`'s core that talks to `model` at the model server at `url`. */
export function testAgent(
  world: GateWorld,
  url: string,
  options: Partial<AgentOptions> = {},
  model = 'test-model',
): Agent {
  return new Agent({
    provider: () => scriptedProvider(url, model),
    conversations: world.store.conversations,
    jobs: world.store.jobs,
    caller: world.caller,
    atomically: world.store.atomically,
    skills: () => enabledSkills(world.registry.list(), world.store.skillSettings),
    ...options,
  });
}

export async function agentWorld(
  options: { ttlMs?: number; wechatConnected?: boolean; agent?: Partial<AgentOptions> } = {},
): Promise<AgentWorld> {
  const world = gateWorld(options);
  const server = await startModelServer();
  const events: AgentEvent[] = [];
  const agent = testAgent(world, server.url, { onEvent: (e) => events.push(e), ...options.agent });
  return {
    ...world,
    server,
    agent,
    events,
    async shutdown() {
      await Promise.allSettled([...agent.running]);
      await server.close();
      world.close();
    },
  };
}

/** An agentWorld with a low-risk skill `note_down` that appends its `word` to `<home>/note_down.runs` (see readRuns). */
export async function worldWithNotes(agent: Partial<AgentOptions> = {}): Promise<AgentWorld> {
  const world = await agentWorld({ agent });
  writeSkill(
    world.system,
    'note_down',
    scriptSkill({
      risk: 'Low',
      description: 'Notes a word down.',
      parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
      script: `printf '%s\\n' "$SKILL_PARAM_WORD" >> '${path.join(world.home, 'note_down.runs')}'\necho noted`,
    }),
  );
  world.registry.loadAll();
  return world;
}

/**
 * Adds two skills to `world`: `first_call` ends only once `second_call`'s result has been shown
 * (stored and its event sent), so its result comes last whatever the machine's load: a marker
 * written when its script ran would let the first end as the second's end is still being recorded.
 */
export function firstEndsLast(world: AgentWorld): void {
  const marker = path.join(world.home, 'second.shown');
  writeSkill(
    world.system,
    'first_call',
    scriptSkill({ script: `while [ ! -e '${marker}' ]; do sleep 0.05; done\necho first` }),
  );
  writeSkill(world.system, 'second_call', scriptSkill({ script: 'echo second' }));
  world.registry.loadAll();
  const watch = setInterval(() => {
    if (!world.events.some((e) => e.type === 'tool-result' && e.name === 'second_call')) return;
    fs.writeFileSync(marker, '');
    clearInterval(watch);
  }, 10);
  onCleanup(() => clearInterval(watch));
}
