/**
 * `GET /api/audit-export` of `ias serve`: the audit log's export as the web UI downloads it. It
 * needs the token exactly as `/api/session` does (a Bearer header; no cookie, no address), a page of
 * another site cannot use it even with the token, and what it sends is the export as the app saves
 * it (a CSV with its UTF-8 byte order mark).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_PATH, auditExportSearch } from '../../src/shared/audit-export.js';
import { request, startTestServer, TOKEN, type TestServer } from './helpers.js';

let t: TestServer;
const bearer = { authorization: `Bearer ${TOKEN}` };
const csvPath = `${AUDIT_EXPORT_PATH}${auditExportSearch({ skill: 'get_weather' }, 'csv')}`;
const jsonPath = `${AUDIT_EXPORT_PATH}${auditExportSearch({}, 'json')}`;

beforeAll(async () => {
  t = await startTestServer();
  t.runtime.store.audit.record(
    { skill: 'get_weather', source: 'cli', risk: 'low', params: { city: '上海' } },
    { status: 'done', durationMs: 5, resultSummary: '晴，22°C' },
  );
  t.runtime.store.audit.record(
    { skill: 'shell', source: 'chat', risk: 'high', params: { command: 'ls' } },
    { status: 'failed', durationMs: 7, error: 'nope' },
  );
});
afterAll(async () => {
  await t.close();
});

describe('the audit export of ias serve', () => {
  it('is refused without the Bearer token — a wrong one, a cookie or the address’s included — and nothing is read', async () => {
    for (const [path, headers] of <[string, Record<string, string>][]>[
      [csvPath, {}],
      [csvPath, { authorization: 'Bearer nope' }],
      [csvPath, { authorization: `Bearer ${TOKEN}x` }],
      [csvPath, { authorization: `Basic ${TOKEN}` }],
      [csvPath, { cookie: `ias_token=${TOKEN}` }],
      [`${csvPath}&access_token=${TOKEN}`, {}],
    ]) {
      const answer = await request(t.base, path, headers);
      expect(answer.status, JSON.stringify([path, headers])).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('get_weather');
    }
    expect(t.calls).toEqual([]);
  });

  it('is refused to a page of another site, even with the token, and lets no other origin read it', async () => {
    for (const headers of <Record<string, string>[]>[
      { ...bearer, origin: 'http://evil.example' },
      { ...bearer, origin: 'null' },
      { ...bearer, 'sec-fetch-site': 'cross-site' },
      { ...bearer, 'sec-fetch-site': 'same-site' },
    ]) {
      const answer = await request(t.base, csvPath, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).not.toContain('get_weather');
    }
    // A browser asks first before it sends another site's Authorization header: never allowed.
    const preflight = await request(
      t.base,
      csvPath,
      { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(t.calls).toEqual([]);
  });

  it('sends the CSV with its byte order mark, and the JSON, to the token, from a page of its own or a program', async () => {
    const csv = await request(t.base, csvPath, { ...bearer, origin: t.base, 'sec-fetch-site': 'same-origin' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['access-control-allow-origin']).toBeUndefined();
    expect(csv.body).toBe(`\ufeff${t.runtime.store.audit.exportCsv({ skill: 'get_weather' })}`);
    expect(csv.body).toContain('晴，22°C');
    expect(csv.body).not.toContain('shell');

    const json = await request(t.base, jsonPath, bearer);
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.body).toBe(t.runtime.store.audit.exportJson({}));
    expect(t.calls).toEqual(['auditExport', 'auditExport']);
  });

  it('refuses an export it cannot make with a clear reason', async () => {
    for (const path of [
      AUDIT_EXPORT_PATH,
      `${AUDIT_EXPORT_PATH}?format=xml&query=%7B%7D`,
      `${AUDIT_EXPORT_PATH}?format=csv&query=not-json`,
      `${AUDIT_EXPORT_PATH}${auditExportSearch({ status: 'bogus' } as never, 'csv')}`,
    ]) {
      const answer = await request(t.base, path, bearer);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatch(/^audit export: /);
    }
  });
});
