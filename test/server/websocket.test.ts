/** `ias serve` over its WebSocket: who may open it, the calls, the refusals and the pushed events. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ApprovalInfo, IasEvent, SkillsState } from '../../src/shared/contract.js';
import { wsProtocols } from '../../src/shared/serve-auth.js';
import { openSocket, startTestServer, TestSocket, TOKEN, type TestServer } from './helpers.js';

let t: TestServer;
let wsUrl: string;
let origin: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer();
  wsUrl = `ws://127.0.0.1:${t.server.port}/ws`;
  origin = { origin: t.server.origin };
});
afterAll(async () => {
  await t.close();
});

/** As the web UI does: the token as a subprotocol. */
async function connect(): Promise<TestSocket> {
  const attempt = await openSocket(wsUrl, origin, wsProtocols(TOKEN));
  if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
  return attempt.socket;
}

describe('ias serve over WebSocket', () => {
  it('refuses an upgrade without the token, with a wrong one, or from a foreign page', async () => {
    expect(await openSocket(wsUrl, origin)).toEqual({ status: 401 });
    expect(await openSocket(wsUrl, origin, wsProtocols('wrong'))).toEqual({ status: 401 });
    expect(await openSocket(wsUrl, origin, ['ias', `ias-token.${TOKEN}x`])).toEqual({ status: 401 });
    expect(await openSocket(wsUrl, { ...origin, authorization: 'Bearer wrong' })).toEqual({ status: 401 });
    // The cookie of older versions and the token in the URL are no credentials any more.
    expect(await openSocket(wsUrl, { ...origin, cookie: `ias_token=${TOKEN}` })).toEqual({ status: 401 });
    expect(await openSocket(`${wsUrl}?token=${TOKEN}`, origin)).toEqual({ status: 401 });
    // A wrong subprotocol token is not saved by a right cookie.
    expect(await openSocket(wsUrl, { ...origin, cookie: `ias_token=${TOKEN}` }, wsProtocols('wrong'))).toEqual({
      status: 401,
    });

    const right = wsProtocols(TOKEN);
    expect(await openSocket(wsUrl, { origin: 'http://evil.example' }, right)).toEqual({ status: 403 });
    expect(await openSocket(wsUrl, { origin: `http://127.0.0.1:${t.server.port + 1}` }, right)).toEqual({
      status: 403,
    });
    expect(await openSocket(wsUrl, { origin: 'null' }, right)).toEqual({ status: 403 });
    expect(await openSocket(wsUrl, {}, right)).toEqual({ status: 403 }); // no Origin at all
    // DNS rebinding: a foreign name pointing at 127.0.0.1, its page's Origin matching its Host.
    const rebound = `evil.example:${t.server.port}`;
    expect(await openSocket(wsUrl, { origin: `http://${rebound}`, host: rebound }, right)).toEqual({ status: 403 });
    expect(await openSocket(`ws://127.0.0.1:${t.server.port}/other`, origin, right)).toEqual({ status: 404 });
    expect(t.calls).toEqual([]);
  });

  it('opens for the token as a subprotocol (answering `ias`, never the token) or a Bearer header', async () => {
    const viaProtocol = await openSocket(wsUrl, origin, wsProtocols(TOKEN));
    if (!('socket' in viaProtocol)) throw new Error(`refused with ${viaProtocol.status}`);
    expect(viaProtocol.socket.ws.protocol).toBe('ias');
    expect(await viaProtocol.socket.call('version')).toEqual({ id: 1, result: '9.9.9-test' });
    viaProtocol.socket.close();

    const viaBearer = await openSocket(wsUrl, { ...origin, authorization: `Bearer ${TOKEN}` });
    if (!('socket' in viaBearer)) throw new Error(`refused with ${viaBearer.status}`);
    expect(viaBearer.socket.ws.protocol).toBe('');
    viaBearer.socket.close();

    // Under either loopback name.
    const viaLocalhost = await openSocket(
      `ws://localhost:${t.server.port}/ws`,
      { origin: `http://localhost:${t.server.port}` },
      wsProtocols(TOKEN),
    );
    expect('socket' in viaLocalhost).toBe(true);
    if ('socket' in viaLocalhost) viaLocalhost.socket.close();
  });

  it('answers calls: version and listSkills', async () => {
    const socket = await connect();
    expect(await socket.call('version')).toEqual({ id: 1, result: '9.9.9-test' });
    const skills = (await socket.call('listSkills')).result as SkillsState;
    expect(skills.skills.map((s) => s.name)).toContain('say_hello');
    expect(skills.skills.find((s) => s.name === 'say_hello')).toMatchObject({ source: 'user', effectiveRisk: 'high' });
    socket.close();
  });

  it('refuses invalid calls with an error and runs nothing', async () => {
    const socket = await connect();
    t.calls.length = 0;
    const refused = [
      await socket.call('noSuchMethod'),
      await socket.call('constructor'),
      await socket.call('__proto__'),
      await socket.call('setSkillEnabled', 'say_hello'),
      await socket.call('setSkillEnabled', 'say_hello', 'no'),
      await socket.call('deleteSkill', '../../etc'),
      await socket.call('version', 'extra'),
      await socket.send({ method: 'version' }),
      await socket.send({ method: 'version', params: 'x' }),
      await socket.send({ method: 42, params: [] }),
    ];
    for (const answer of refused) {
      expect(answer.error, JSON.stringify(answer)).toEqual(expect.any(String));
      expect(answer).not.toHaveProperty('result');
    }
    expect(refused[0]!.error).toMatch(/unknown method/);
    expect(t.calls).toEqual([]);
    expect((await socket.call('listSkills')).result).toBeDefined(); // the socket stays usable
    expect(t.calls).toEqual(['listSkills']);
    socket.close();
  });

  it('turns a failing call into {id, error} with the message only, and its code when it has one', async () => {
    const socket = await connect();
    const answer = await socket.call('readSkill', 'no_such_skill');
    expect(answer).toEqual({
      id: 1,
      error: 'there is no skill "no_such_skill"',
      errorCode: { code: 'no-skill', params: { name: 'no_such_skill' } },
    });
    // Refused before the core sees it: an owner's mistake has a code, a wrong call none.
    const zone = await socket.call('saveSettings', { timeZone: 'Mars/Olympus' });
    expect(zone.error).toMatch(/^saveSettings: argument 1\/timeZone: "Mars\/Olympus" is not a time zone/);
    expect(zone.errorCode).toEqual({ code: 'not-a-time-zone', params: { value: 'Mars/Olympus' } });
    const wrong = await socket.call('readSkill', '../etc');
    expect(wrong).toEqual({ id: 3, error: expect.stringMatching(/^readSkill: argument 1/) });
    socket.close();
  });

  it('pushes core events to every open socket', async () => {
    const a = await connect();
    const b = await connect();
    expect((await a.call('setSkillEnabled', 'say_hello', false)).error).toBeUndefined();
    const changed = (e: IasEvent) => e.type === 'skills-changed';
    await expect(a.event(changed)).resolves.toEqual({ type: 'skills-changed' });
    await expect(b.event(changed)).resolves.toEqual({ type: 'skills-changed' });
    await a.call('setSkillEnabled', 'say_hello', true);
    a.close();
    b.close();
  });

  it('carries an approval from request to the in-app decision', async () => {
    const socket = await connect();
    const running = t.runtime.caller.call({ name: 'say_hello', params: { name: 'web' }, source: 'chat' });
    const pending = await socket.event((e) => e.type === 'approval' && e.approval.status === 'pending');
    const approval = (pending as { approval: ApprovalInfo }).approval;
    expect(approval).toMatchObject({ skillName: 'say_hello', params: { name: 'web' }, decidableHere: true });
    const notice = await socket.event((e) => e.type === 'notification');
    expect(notice).toMatchObject({ type: 'notification', title: expect.any(String) });
    expect(JSON.stringify(socket.events)).not.toMatch(/\b\d{6}\b/); // no code ever reaches the browser

    expect(await socket.call('decideApproval', approval.id, true)).toEqual({ id: 1, result: true });
    const outcome = await running;
    expect(outcome.status).toBe('done');
    expect(outcome.result.data).toBe('hello web');
    await socket.event((e) => e.type === 'approval' && e.approval.id === approval.id && e.approval.status === 'done');
    socket.close();
  });

  it('ignores binary frames, closes on malformed JSON (1003) and on oversized frames (1009)', async () => {
    const socket = await connect();
    socket.ws.send(Buffer.from('{"id":1,"method":"version","params":[]}'), { binary: true });
    expect(await socket.call('version')).toEqual({ id: 1, result: '9.9.9-test' });
    socket.ws.send('{not json');
    expect(await socket.closed).toMatchObject({ code: 1003 });

    const big = await connect();
    big.ws.send(JSON.stringify({ id: 1, method: 'validateSkill', params: ['x', 'a'.repeat(1024 * 1024 + 10)] }));
    expect(await big.closed).toMatchObject({ code: 1009 });
  });

  it('closes its sockets when the server stops', async () => {
    const extra = await startTestServer();
    const attempt = await openSocket(
      `ws://127.0.0.1:${extra.server.port}/ws`,
      { origin: extra.server.origin },
      wsProtocols(TOKEN),
    );
    if (!('socket' in attempt)) throw new Error('refused');
    await extra.close();
    expect(await attempt.socket.closed).toMatchObject({ code: 1001 });
    expect(attempt.socket.ws.readyState).toBe(WebSocket.CLOSED);
  });
});
