/**
 * `ias serve` under a client that asks too much: past the cap on connections it answers 503, past
 * the cap on WebSockets it closes a new one at once with 1013, which a browser can read (and says
 * so once on its log; the session check answers 503 then too), a slow-loris is cut off, a body is
 * never read, and a refused upgrade holds no socket. Each time, a normal client is answered afterwards.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServeLimits } from '../../src/server/limits.js';
import type { Locale } from '../../src/shared/locale.js';
import { WS_BUSY_CLOSE, wsProtocols } from '../../src/shared/serve-auth.js';
import { openSocket, request, startTestServer, TestSocket, TOKEN, type TestServer } from './helpers.js';

let t: TestServer | undefined;
let log: string[] = [];
const held: { close(): void }[] = [];

afterEach(async () => {
  for (const socket of held.splice(0)) socket.close();
  await t?.close();
  t = undefined;
  log = [];
});

async function serve(limits: Partial<ServeLimits>, logLocale?: () => Locale): Promise<TestServer> {
  t = await startTestServer(undefined, { limits, log: (line) => log.push(line), logLocale });
  return t;
}

/** A WebSocket as the web UI opens it, held open until the test ends. */
async function connect(server: TestServer): Promise<TestSocket> {
  const attempt = await openSocket(
    `ws://127.0.0.1:${server.server.port}/ws`,
    { origin: server.base },
    wsProtocols(TOKEN),
  );
  if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
  held.push(attempt.socket);
  return attempt.socket;
}

function upgrade(server: TestServer): ReturnType<typeof openSocket> {
  return openSocket(`ws://127.0.0.1:${server.server.port}/ws`, { origin: server.base }, wsProtocols(TOKEN));
}

interface BusyAttempt {
  protocol: string;
  code: number;
  reason: string;
  /** Every frame the server sent on the socket. */
  frames: string[];
}

/**
 * An upgrade with the right token while the sockets are all taken: it opens, sends a call at once
 * (as a page would with calls waiting), and reports how it was closed and what came on it.
 */
function busyUpgrade(server: TestServer, headers: Record<string, string> = {}, protocols = wsProtocols(TOKEN)) {
  return new Promise<BusyAttempt | { status: number }>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.server.port}/ws`, protocols, {
      headers: { origin: server.base, ...headers },
    });
    const frames: string[] = [];
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'version', params: [] })));
    ws.on('message', (data) => frames.push(String(data)));
    ws.on('close', (code, reason) => resolve({ protocol: ws.protocol, code, reason: String(reason), frames }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** A raw TCP connection, and everything the server wrote on it until it closed. */
function rawConnection(server: TestServer, options: { allowHalfOpen?: boolean; binary?: boolean } = {}) {
  const socket = net.connect({ host: '127.0.0.1', port: server.server.port, allowHalfOpen: options.allowHalfOpen });
  let received = '';
  // Binary: one character per byte.
  socket.setEncoding(options.binary ? 'latin1' : 'utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  held.push({ close: () => socket.destroy() });
  /** Writes `chunk` again and again, as a slow client does, until the server closes the connection. */
  const trickleUntilClosed = async (chunk: string): Promise<void> => {
    const trickle = setInterval(() => socket.write(chunk), 20);
    try {
      await closed;
    } finally {
      clearInterval(trickle);
    }
  };
  return { socket, connected, ended, closed, received: () => received, trickleUntilClosed };
}

/** The server's page, once it answers it (the connections closed before may still be closing). */
async function pageOnceAnswered(server: TestServer): Promise<void> {
  for (;;) {
    const answer = await request(server.base, '/').catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe('ias serve limits', () => {
  it('closes an upgrade past the WebSocket cap at once with 1013, logs it once, and takes a socket again once one closes', async () => {
    const s = await serve({ maxWsClients: 2 });
    const first = await connect(s);
    const second = await connect(s);
    const callsBefore = s.calls.length;
    const busy = { protocol: 'ias-busy', code: WS_BUSY_CLOSE, reason: 'server busy, try again later', frames: [] };
    // The page's way (it offers `ias-busy`, so it knows as the socket opens) and a program's (Bearer).
    expect(await busyUpgrade(s)).toEqual(busy);
    expect(await busyUpgrade(s, { authorization: `Bearer ${TOKEN}` }, [])).toEqual({ ...busy, protocol: '' });
    // A page of an older iAs (no `ias-busy` offered) would take such a socket as its own: it gets 503, as then.
    expect(await busyUpgrade(s, {}, ['ias', `ias-token.${TOKEN}`])).toEqual({ status: 503 });
    // The call sent on them ran nothing; the sockets held get no more than before.
    expect(s.calls.length).toBe(callsBefore);
    expect(log).toEqual([
      'too many WebSocket clients (the limit is 2): new ones are closed at once with 1013 (try again later)',
    ]);
    // Without the right token, or from a foreign page, an upgrade is refused as when there is room:
    // it never learns that the server is busy.
    expect(await busyUpgrade(s, {}, [])).toEqual({ status: 401 });
    expect(await busyUpgrade(s, {}, wsProtocols('wrong'))).toEqual({ status: 401 });
    expect(await busyUpgrade(s, { origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(log).toHaveLength(1);
    expect((await second.call('version')).result).toBe('9.9.9-test');
    // HTTP is not held back by the sockets' cap; the session check says, to the token only, that a
    // socket would be refused (a browser cannot read the status of a refused upgrade).
    expect((await request(s.base, '/')).status).toBe(200);
    const session = await request(s.base, '/api/session', { authorization: `Bearer ${TOKEN}` });
    expect(session.status).toBe(503);
    expect(session.headers['retry-after']).toBe('5');
    expect(session.body).toContain('too many connections');
    expect((await request(s.base, '/api/session', { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await request(s.base, '/api/session')).status).toBe(401);

    first.close();
    await first.closed;
    for (;;) {
      const answer = await request(s.base, '/api/session', { authorization: `Bearer ${TOKEN}` });
      if (answer.status === 204) break;
      expect(answer.status).toBe(503);
      await new Promise((r) => setTimeout(r, 20));
    }
    for (;;) {
      const attempt = await upgrade(s);
      if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
      held.push(attempt.socket);
      if (attempt.socket.ws.protocol === 'ias') {
        expect((await attempt.socket.call('version')).result).toBe('9.9.9-test');
        break;
      }
      expect((await attempt.socket.closed).code).toBe(WS_BUSY_CLOSE);
    }
  });

  it('closes its side of a busy socket at once, even when the client never answers the close', async () => {
    const s = await serve({ maxWsClients: 1 });
    await connect(s);
    const host = new URL(s.base).host;
    const refused = rawConnection(s, { allowHalfOpen: true, binary: true });
    refused.socket.write(
      `GET /ws HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${s.base}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n` +
        `Sec-WebSocket-Protocol: ${wsProtocols(TOKEN).join(', ')}\r\n\r\n`,
    );
    await refused.ended;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 101 /);
    expect(refused.received()).toContain('Sec-WebSocket-Protocol: ias-busy\r\n');
    // The close frame: FIN + opcode 8, then the code 1013 (0x03F5) and the reason.
    expect(refused.received()).toMatch(/\r\n\r\n\x88\x1e\x03\xf5server busy, try again later$/);
    // Still open on the server, what is written would be taken; closed there, it is reset.
    await refused.trickleUntilClosed('x');
  });

  it('says a refusal past the WebSocket cap in the owner’s language', async () => {
    const s = await serve({ maxWsClients: 1 }, () => 'zh-CN');
    await connect(s);
    expect(await busyUpgrade(s)).toMatchObject({ code: WS_BUSY_CLOSE });
    expect(log).toEqual(['WebSocket 客户端太多（上限为 1）：新的连接将立即以 1013 关闭（请稍后再试）']);
  });

  it('says a refusal past the connection cap in the owner’s language', async () => {
    const s = await serve({ maxConnections: 1, refusedConnections: 10 }, () => 'zh-CN');
    await connect(s);
    expect((await request(s.base, '/')).status).toBe(503);
    expect(log).toEqual(['连接太多（上限为 1）：新的连接将得到 503 答复']);
  });

  it('answers a request or upgrade past the connection cap 503 and closes it, then answers again', async () => {
    const s = await serve({ maxConnections: 2, refusedConnections: 10 });
    await connect(s);
    await connect(s);
    const busy = await request(s.base, '/');
    expect(busy.status).toBe(503);
    expect(busy.body).toContain('too many connections');
    expect(busy.body).toContain('连接太多');
    expect(busy.headers.connection).toBe('close');
    expect(busy.headers['retry-after']).toBe('5');
    // Before the token is even looked at.
    expect((await request(s.base, '/api/session', { authorization: `Bearer ${TOKEN}` })).status).toBe(503);
    expect(await upgrade(s)).toEqual({ status: 503 });
    expect(log).toEqual(['too many connections (the limit is 2): new ones are answered 503']);

    for (const socket of held.splice(0)) socket.close();
    await pageOnceAnswered(s);
  });

  it('drops connections past the cap and the refused ones, unanswered, with one log line', async () => {
    const s = await serve({ maxConnections: 1, refusedConnections: 1 });
    await connect(s);
    const waiting = rawConnection(s);
    await waiting.connected;
    // Accepted, to be answered 503: the one refused connection there is room for.
    await until(() => log.length === 1);
    await expect(request(s.base, '/')).rejects.toThrow();
    await expect(request(s.base, '/')).rejects.toThrow();
    expect(log).toEqual([
      'too many connections (the limit is 1): new ones are answered 503',
      'too many connections (2 open): new ones are dropped unanswered',
    ]);

    waiting.socket.write(`GET / HTTP/1.1\r\nHost: ${new URL(s.base).host}\r\n\r\n`);
    await waiting.closed;
    expect(waiting.received()).toMatch(/^HTTP\/1\.1 503 /);
    for (const socket of held.splice(0)) socket.close();
    await pageOnceAnswered(s);
  });

  it('cuts off a request whose headers trickle in (slow-loris) with 408, not an open WebSocket', async () => {
    const s = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 400, timeoutCheckMs: 50 });
    const socket = await connect(s);
    const loris = rawConnection(s);
    loris.socket.write(`GET / HTTP/1.1\r\nHost: ${new URL(s.base).host}\r\n`);
    await loris.trickleUntilClosed('X-Slow: 1\r\n');
    expect(loris.received()).toMatch(/^HTTP\/1\.1 408 /);
    await pageOnceAnswered(s);
    // A WebSocket, open longer than that, is no request any more: the time-outs leave it be.
    expect((await socket.call('version')).result).toBe('9.9.9-test');
  });

  it('answers a request with a body without reading it, and closes its connection', async () => {
    // Time-outs out of reach: only the server's choice to close ends these connections.
    const s = await serve({ headersTimeoutMs: 600_000, requestTimeoutMs: 600_000 });
    const host = new URL(s.base).host;
    // Ten megabytes announced, sent slowly: kept alive, the server would read them all.
    const post = rawConnection(s);
    post.socket.write(`POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 10000000\r\n\r\n`);
    await post.trickleUntilClosed('abc');
    expect(post.received()).toMatch(/^HTTP\/1\.1 405 /);

    const get = rawConnection(s);
    get.socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n`);
    await get.closed;
    expect(get.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect((await request(s.base, '/')).status).toBe(200);
  });

  it('closes a refused upgrade for good, even when the client keeps its side open', async () => {
    const s = await serve({ maxConnections: 1, refusedConnections: 0 });
    const host = new URL(s.base).host;
    const refused = rawConnection(s, { allowHalfOpen: true });
    refused.socket.write(
      `GET /ws HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${s.base}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await refused.ended;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 401 /);
    // Still open on the server, what is written would be taken; closed there, it is reset.
    await refused.trickleUntilClosed('x');
    // The one connection there is room for is free again.
    await pageOnceAnswered(s);
  });
});
