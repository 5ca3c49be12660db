/** `ias serve` over HTTP: the static files, the session check, old links and cookies, and the headers. */
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
  it('serves the page and its files without the token (no secrets in them)', async () => {
    const page = await request(t.base, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.body).not.toContain(TOKEN);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await request(t.base, '/assets/index-AbCd1234.js')).status).toBe(200);
  });

  it('answers /api/session with 204 for the Bearer token, 401 for anything else — a cookie included', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      // The cookie of older versions, with the right token: no longer a credential.
      { cookie: `ias_token=${TOKEN}` },
      { cookie: `other=1; ias_token=${TOKEN}` },
    ]) {
      const answer = await request(t.base, '/api/session', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain(TOKEN);
    }
    const right = await request(t.base, '/api/session', bearer);
    expect(right.status).toBe(204);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.headers['set-cookie']).toBeUndefined();
    expect((await request(t.base, `/api/session?token=${TOKEN}`)).status).toBe(303); // a link, not a credential
    expect(t.calls).toEqual([]);
  });

  it('tells a browser that still has the old cookie to forget it', async () => {
    for (const path of ['/', '/api/session']) {
      const answer = await request(t.base, path, { cookie: `other=1; ias_token=${TOKEN}` });
      expect(answer.headers['set-cookie']).toEqual(['ias_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict']);
    }
    expect((await request(t.base, '/', { cookie: 'other_ias_token=1' })).headers['set-cookie']).toBeUndefined();
  });

  it('redirects an old ?token= link to the same page with the token in the fragment, and sets no cookie', async () => {
    const answer = await request(t.base, `/?token=${TOKEN}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/#token=${TOKEN}`);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');

    const deeper = await request(t.base, `/assets/style.css?v=2&token=${TOKEN}`);
    expect(deeper.headers.location).toBe(`/assets/style.css?v=2#token=${TOKEN}`);
    // Never a redirect to another host.
    expect((await request(t.base, `/.//evil.example/?token=${TOKEN}`)).headers.location).toBe(
      `/evil.example/#token=${TOKEN}`,
    );

    // A wrong one: the short page that says which link to open, and nothing else.
    for (const rawPath of [`/?token=${TOKEN}x`, '/?token=', '/?token=nope']) {
      const refused = await request(t.base, rawPath);
      expect(refused.status, rawPath).toBe(401);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.body).toMatch(/Open the URL printed by <code>ias serve<\/code>/);
      expect(refused.body).toContain('#token=');
      expect(refused.body).not.toContain(TOKEN);
      expect(refused.headers.location).toBeUndefined();
    }
  });

  it('serves the renderer with content types, the renderer’s CSP and the security headers', async () => {
    const page = await request(t.base, '/', bearer);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const meta = metaCsp(fs.readFileSync('src/renderer/index.html', 'utf8'));
    expect(meta).toMatch(/default-src 'self'/);
    // The meta tag carries no frame-ancestors (a browser ignores it there); the header adds it.
    expect(meta).not.toMatch(/frame-ancestors/);
    const csp = `${meta}; frame-ancestors 'none'`;
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
    const refused = await request(t.base, '/api/session');
    expect(refused.status).toBe(401);
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
    for (const path of ['/', '/api/session']) {
      const post = await request(t.base, path, bearer, 'POST');
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD');
    }
    const port = t.server.port;
    expect((await request(t.base, '/', { ...bearer, host: `localhost:${port}` })).status).toBe(200);
    // DNS rebinding: a foreign name pointing at 127.0.0.1.
    expect((await request(t.base, '/', { ...bearer, host: `evil.example:${port}` })).status).toBe(403);
    expect((await request(t.base, '/api/session', { ...bearer, host: `evil.example:${port}` })).status).toBe(403);
  });
});
