/**
 * Every tool call the model makes is in the audit log, the ones iAs answers without running too:
 * arguments that are no JSON, and a tool the turn does not offer (unknown, or a skill switched off).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('tool calls answered without running', () => {
  it('are audited: no JSON, an unknown tool and a switched-off skill, each with what the model sent', async () => {
    w = await agentWorld();
    w.store.skillSettings.setEnabled(w.registry.get('read_only')!, false);
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_bad', name: 'send_mail', arguments: '{"to": "boss", ' },
          { id: 'call_unknown', name: 'rm_rf', arguments: '{"path": "/"}' },
          { id: 'call_off', name: 'read_only', arguments: '{}' },
        ],
      },
      { content: 'Sorry.' },
    );
    const turn = await w.agent.send('break things');
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['error', 'error', 'error']);
    const rows = w.store.audit.query({}).rows;
    const bySkill = Object.fromEntries(rows.map((r) => [r.skill, r]));
    expect(Object.keys(bySkill).sort()).toEqual(['read_only', 'rm_rf', 'send_mail']);
    expect(bySkill.send_mail).toMatchObject({
      status: 'failed',
      risk: 'high',
      params: '{"to": "boss", ',
      error: expect.stringMatching(/not valid JSON/),
    });
    expect(bySkill.rm_rf).toMatchObject({
      status: 'failed',
      params: { path: '/' },
      error: expect.stringMatching(/unknown tool "rm_rf"/),
    });
    expect(bySkill.read_only).toMatchObject({ status: 'failed', error: expect.stringMatching(/unknown tool/) });
    for (const row of rows) expect(row.requestedBy).toBe(turn.conversationId);
    expect(w.wechat.outbox).toEqual([]);
    expect(w.runs('send_mail')).toEqual([]);
  });
});
