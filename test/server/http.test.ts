/** `ias serve` over HTTP: the token, the cookie, the static files and the headers. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaCsp } from '../../src/server/security-headers.js';
import { request, startTestServer, TOKEN, type TestServer } from './helpers.js';

let t: TestServer;
const bearer = { authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('ias serve over HTTP', () => {
  it('answers 401 with a short page without the token, or with a wrong one', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer nope' },
      { cookie: 'ias_token=nope' },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const answer = await request(t.base, '/', headers);
      expect(answer.status).toBe(401);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toMatch(/Open the URL printed by <code>ias serve<\/code>/);
      expect(answer.body).not.toContain(TOKEN);
    }
    expect((await request(t.base, `/?token=${TOKEN}x`)).status).toBe(401);
    expect((await request(t.base, '/?token=')).status).toBe(401);
    expect((await request(t.base, '/assets/index-AbCd1234.js')).status).toBe(401);
  });

  it('signs the browser in from ?token= with an HttpOnly cookie and a redirect without it', async () => {
    const answer = await request(t.base, `/?token=${TOKEN}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['set-cookie']).toEqual([`ias_token=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`]);
    expect(answer.headers['cache-control']).toBe('no-store');

    const deeper = await request(t.base, `/assets/style.css?v=2&token=${TOKEN}`);
    expect(deeper.headers.location).toBe('/assets/style.css?v=2');
    // Never a redirect to another host.
    expect((await request(t.base, `/.//evil.example/?token=${TOKEN}`)).headers.location).toBe('/evil.example/');

    const page = await request(t.base, '/', { cookie: `other=1; ias_token=${TOKEN}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('serves the renderer with content types, the renderer’s CSP and the security headers', async () => {
    const page = await request(t.base, '/', bearer);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = metaCsp(fs.readFileSync('src/renderer/index.html', 'utf8'));
    expect(csp).toMatch(/default-src 'self'/);
    expect(page.headers['content-security-policy']).toBe(csp);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await request(t.base, '/index.html', bearer)).body).toBe(page.body);

    const script = await request(t.base, '/assets/index-AbCd1234.js', bearer);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toMatch(/immutable/);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect((await request(t.base, '/assets/style.css', bearer)).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
    const head = await request(t.base, '/assets/style.css', bearer, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');

    // Refusals carry the headers too.
    const refused = await request(t.base, '/');
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect(refused.headers['content-security-policy']).toBe(csp);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const rawPath of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00index.html',
      '/%E0%A4%A',
      '/link.txt',
    ]) {
      const answer = await request(t.base, rawPath, bearer);
      expect([403, 404], rawPath).toContain(answer.status);
      expect(answer.body, rawPath).not.toContain('not for the browser');
    }
    expect((await request(t.base, '/assets/../../secret.txt', bearer)).status).toBe(404); // normalised to /secret.txt
    expect((await request(t.base, '/..%2fsecret.txt', bearer)).status).toBe(403);
    expect((await request(t.base, '/link.txt', bearer)).status).toBe(403);
    expect((await request(t.base, '/nothing.js', bearer)).status).toBe(404);
    expect((await request(t.base, '/assets', bearer)).status).toBe(404);
  });

  it('answers only GET and HEAD, and only to its own host names', async () => {
    const post = await request(t.base, '/', bearer, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const port = t.server.port;
    expect((await request(t.base, '/', { ...bearer, host: `localhost:${port}` })).status).toBe(200);
    // DNS rebinding: a foreign name pointing at 127.0.0.1.
    expect((await request(t.base, '/', { ...bearer, host: `evil.example:${port}` })).status).toBe(403);
  });
});
