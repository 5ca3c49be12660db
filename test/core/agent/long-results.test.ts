/**
 * A tool result too long to send the model whole (a skill may print up to 1 MB): sent with its
 * middle left out, saying how much, in the turn that made it and in later ones; the conversation
 * keeps it whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { leftOutLine, MAX_SENT_RESULT_TOKENS, withinLimit } from '../../../src/core/agent/long-results.js';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

type Sent = { role: string; content: string | null };

/** The tool results of the `index`th request the model server received. */
function sentResults(world: AgentWorld, index: number): string[] {
  return (world.server.requests[index]!.body.messages as Sent[])
    .filter((m) => m.role === 'tool')
    .map((m) => m.content!);
}

/** A script skill's result as the model is sent it. */
const result = (data: string) => JSON.stringify({ success: true, data, exitCode: 0 });

/** A world with a skill `big_read` printing `script`'s output, called once and then answered. */
async function bigRead(script: string): Promise<AgentWorld> {
  const world = await agentWorld();
  writeSkill(world.system, 'big_read', scriptSkill({ script }));
  world.registry.loadAll();
  world.server.enqueue({ toolCalls: [{ id: 'call_big', name: 'big_read', arguments: '{}' }] }, { content: 'Read it.' });
  return world;
}

describe('a tool result too long to send whole', () => {
  it('is sent with its middle left out, saying how much, and kept whole in the conversation', async () => {
    w = await bigRead("printf BEGIN; head -c 400000 /dev/zero | tr '\\0' z; printf END");
    const turn = await w.agent.send('read the big file');
    expect(turn.reply).toBe('Read it.');
    const whole = w.store.conversations.messages(turn.conversationId).find((m) => m.role === 'tool')!.content;
    expect(whole).toBe(result(`BEGIN${'z'.repeat(400_000)}END`));

    const [sent] = sentResults(w, 1);
    expect(sent!.startsWith('{"success":true,"data":"BEGINzzz')).toBe(true);
    expect(sent!.endsWith('zzzEND","exitCode":0}')).toBe(true);
    expect(sent!.length).toBeLessThan(4 * MAX_SENT_RESULT_TOKENS);
    const said = /\[… iAs left out ([\d,]+) characters here: the result is too long to send whole …\]/.exec(sent!);
    const leftOut = Number(said![1]!.replaceAll(',', ''));
    // What was left out and what was sent make up the result exactly.
    expect(sent!.length - leftOutLine(leftOut).length + leftOut).toBe(whole.length);
    expect(sent!.replace(leftOutLine(leftOut), '')).toMatch(/^\{"success":true,"data":"BEGINz+END","exitCode":0\}$/);

    // A later turn sends it the same way, not whole and not dropped.
    w.server.enqueue({ content: 'Still here.' });
    await w.agent.send('and now?', { conversationId: turn.conversationId });
    expect(sentResults(w, 2)).toEqual([sent]);
  });

  it('is not cut inside a character', async () => {
    w = await bigRead("yes '漢😀' | head -n 40000 | tr -d '\\n'");
    await w.agent.send('read the big file');
    const [sent] = sentResults(w, 1);
    expect(sent).toContain('left out');
    expect(sent).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(sent).toMatch(/^\{"success":true,"data":"(?:漢|😀)+\n\n\[… iAs left out [\d,]+ characters here/);
    expect(sent).toMatch(/…\]\n\n(?:漢|😀)+","exitCode":0\}$/);
  });

  it('under the limit, is sent whole', async () => {
    w = await bigRead("printf BEGIN; head -c 20000 /dev/zero | tr '\\0' z; printf END");
    await w.agent.send('read the file');
    expect(sentResults(w, 1)).toEqual([result(`BEGIN${'z'.repeat(20_000)}END`)]);
  });

  it('is cut between characters wherever the limit falls', () => {
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const content = '😀'.repeat(5000);
    for (let max = 100; max < 160; max++) {
      const sent = withinLimit(
        { role: 'tool', tool_call_id: 'call_1', content },
        (m) => String(m.content).length / 4,
        max,
      );
      expect(sent.content).toContain('left out');
      expect(sent.content).not.toMatch(lone);
    }
  });
});
