/**
 * Past 128 tools, the skills the model is offered and those find_skills finds are matched on the
 * words a skill gives in 简体中文 (`locales: zh-CN` title and description) as on its English: an
 * owner's Chinese finds the shipped Email skill. The model is still told its English description.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';
import { emailSkill } from '../../helpers/email-world.js';
import type { RecordedRequest } from '../../helpers/model-server.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

/** An agent with 200 skills that sort before `email` (so that, matching nothing, it is left out) and the shipped Email skill. */
async function crowdedWorld(): Promise<AgentWorld> {
  const world = await agentWorld();
  for (let i = 0; i < 200; i++) {
    const name = `a_helper_${String(i).padStart(3, '0')}`;
    writeSkill(world.system, name, scriptSkill({ description: `Generic helper number ${i}.`, script: `echo ${i}` }));
  }
  fs.cpSync(path.resolve('resources/skills/email'), path.join(world.system, 'email'), { recursive: true });
  world.registry.loadAll();
  return world;
}

const toolNames = (request: RecordedRequest): string[] =>
  request.body.tools.map((t: { function: { name: string } }) => t.function.name);

describe('a crowded catalogue in 简体中文', () => {
  it('find_skills finds a skill by the Chinese of its title and description, and tells its English', async () => {
    w = await crowdedWorld();
    w.server.enqueue(
      { toolCalls: [{ id: 'call_find', name: 'find_skills', arguments: '{"query":"发邮件"}' }] },
      { content: '可以发邮件了。' },
    );
    const turn = await w.agent.send('hello');
    const [first, second] = w.server.requests;
    expect(toolNames(first!)).toContain('find_skills');
    expect(toolNames(first!)).not.toContain('email');
    expect(toolNames(second!)).toContain('email');
    expect(turn.toolCalls.map((c) => [c.name, c.status])).toEqual([['find_skills', 'done']]);
    // What the model is told: the name and the English description, as ever.
    expect(turn.toolCalls[0]!.result).toEqual({
      success: true,
      data: [{ name: 'email', description: emailSkill().description }],
      note: 'These tools are callable from your next step.',
    });
    expect(emailSkill().description).toMatch(/^Send a plain-text email/);
    expect(turn.reply).toBe('可以发邮件了。');
  });

  it('offers at once the skills the owner’s Chinese words are about', async () => {
    w = await crowdedWorld();
    w.server.enqueue({ content: '好的。' });
    await w.agent.send('帮我给老板发一封邮件');
    expect(toolNames(w.server.requests[0]!)).toContain('email');
  });
});
