/**
 * `ias serve --host` in any form a browser would write the same address in: `[::1]` as in a URL,
 * `127.1`, `0:0:0:0:0:0:0:1`, capitals. A browser opens the printed link by its canonical form (and
 * sends that as Host), so the server listens there, prints that and answers to it; `localhost` is
 * printed as the address it is listened on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { killIfRunning, startServe, stopServe, type ServeProcess } from '../server/serve-process.js';

const running: ServeProcess[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await killIfRunning(s);
});

describe('ias serve --host, written as a browser may write it', () => {
  it.each([
    ['[::1]', '[::1]'],
    ['127.1', '127.0.0.1'],
    ['0:0:0:0:0:0:0:1', '[::1]'],
    // A name: the link names the address listened on (a browser may open another of its addresses first).
    ['LOCALHOST', '127.0.0.1 or [::1]'],
  ])(
    '--host %s listens on the loopback address, prints it as %s and answers the printed link',
    async (given, shown) => {
      const s = await startServe(['--port', '0', '--no-wechat', '--host', given, '--home', tempDir('ias-serve-host-')]);
      running.push(s);
      const printed = new URL(s.url);
      expect(shown.split(' or ')).toContain(printed.hostname);
      // As the browser opens it: by the canonical host, sent as Host.
      const session = await fetch(new URL('/api/session', printed), {
        headers: { Authorization: `Bearer ${s.token}` },
      });
      expect(session.status).toBe(204);
      // A loopback address exposes nothing to the network: no warning that it does.
      expect(s.stderr()).not.toMatch(/listening on/);
      expect(await stopServe(s)).toEqual({ code: 0, signal: null });
    },
  );

  it('a host with a port in it is no address: refused as before, not listened on without it', () => {
    const refused = ias([
      'serve',
      '--port',
      '0',
      '--no-wechat',
      '--host',
      '127.0.0.1:80',
      '--home',
      tempDir('ias-serve-host-'),
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('error: cannot listen on 127.0.0.1:80: no such address on this machine\n');
  });
});
