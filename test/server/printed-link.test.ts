/**
 * The link `ias serve` prints names the very address it listens on. A name such as `localhost` is
 * listened on at one of its addresses (127.0.0.1 or ::1), while a browser may open the other first
 * (Chromium tries ::1): another user of the machine listening there on the same port would get the
 * page load and read the token in the link's fragment.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRenderer, request, startTestServer, TOKEN, type TestServer } from './helpers.js';

const opened: (TestServer | http.Server)[] = [];

afterEach(async () => {
  for (const s of opened.splice(0).reverse()) {
    if (s instanceof http.Server) await new Promise((resolve) => s.close(resolve));
    else await s.close();
  }
});

/** Another program on the other loopback address, same port; undefined where the machine has no such address. */
async function squatter(address: string, port: number): Promise<http.Server | undefined> {
  const server = http.createServer((_req, res) => res.end('not iAs'));
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, address, () => resolve(server));
  });
}

describe('the link ias serve prints', () => {
  it('names the loopback address it listens on, not `localhost`, which a browser may open elsewhere', async () => {
    const t = await startTestServer(fakeRenderer(), { host: 'localhost' });
    opened.push(t);
    const printed = new URL(t.server.url);
    const address = printed.hostname.replace(/^\[(.*)\]$/, '$1');
    expect(net.isIP(address)).not.toBe(0);
    expect(net.isIP(new URL(t.server.origin).hostname.replace(/^\[(.*)\]$/, '$1'))).not.toBe(0);
    // The other loopback address, taken by someone else on the same port: the link still reaches iAs.
    const other = await squatter(net.isIPv6(address) ? '127.0.0.1' : '::1', t.server.port);
    if (other) opened.push(other);
    const session = await request(printed.origin, '/api/session', {
      host: printed.host,
      authorization: `Bearer ${TOKEN}`,
    });
    expect(session.status).toBe(204);
    expect(printed.hash).toBe(`#token=${TOKEN}`);
  });
});
