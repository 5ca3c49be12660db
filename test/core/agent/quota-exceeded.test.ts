/**
 * A 429 that is no rate limit: the account is out of quota or credit (OpenAI's `insufficient_quota`,
 * Moonshot's `exceeded_current_quota_error`). Waiting does not mend it: it is not asked again, and
 * the owner is told to look at the plan and billing, not that requests are being rate-limited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('a 429 for an account out of quota', () => {
  it.each([
    [
      'OpenAI',
      {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    ],
    [
      'Moonshot',
      {
        message: 'Your account org-1 <ak-1> is suspended, please check your plan and billing details',
        type: 'exceeded_current_quota_error',
      },
    ],
  ])('%s: not retried, and said as a quota to look at', async (_provider, error) => {
    w = await agentWorld();
    w.server.fallback({ status: 429, errorBody: { error } });
    const turn = await w.agent.send('hi');
    expect(w.server.requests).toHaveLength(1);
    expect(w.events.filter((e) => e.type === 'retry')).toEqual([]);
    expect(turn.errorCode?.code).toBe('quota-exceeded');
    expect(turn.error).toContain('plan and billing');
    expect(turn.error).not.toMatch(/rate-limiting/);
  });

  it('a 429 that is a rate limit is still waited for and asked again', async () => {
    w = await agentWorld();
    w.server.enqueue(
      {
        status: 429,
        errorBody: { error: { message: 'Rate limit reached for requests', code: 'rate_limit_exceeded' } },
      },
      { content: 'after the wait' },
    );
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('after the wait');
    expect(w.events.filter((e) => e.type === 'retry')).toHaveLength(1);
  });
});
