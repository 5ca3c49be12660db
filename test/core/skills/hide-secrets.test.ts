import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRuntime } from '../../../src/core/runtime.js';
import { hideSecrets, SECRET_HIDDEN } from '../../../src/core/skills/hide-secrets.js';
import { OUTPUT_CAP_BYTES } from '../../../src/core/skills/index.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

/** A low-risk skill `leaky` with the secret setting API_KEY set to `key`, running `script`. */
async function leaky(key: string, script: string, language = 'node') {
  const home = tempDir('ias-hidden-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  const md = scriptSkill({ script, language }).replace(/## Risk Level\n\nLow\n\n/, '');
  writeSkill(system, 'leaky', `---\nrisk: low\nconfig:\n  - name: API_KEY\n    secret: true\n---\n${md}`);
  const runtime = await openRuntime({ home, systemSkills: system });
  onCleanup(() => runtime.close());
  runtime.skillConfig.set(runtime.registry.get('leaky')!, { API_KEY: key });
  const outcome = await runtime.caller.call({ name: 'leaky', params: {}, source: 'cli', ownerAtTerminal: true });
  const logged = JSON.stringify(runtime.store.audit.query({ skill: 'leaky' }).rows);
  return { result: outcome.result, logged };
}

const b64 = (text: string, encoding: 'base64' | 'base64url' = 'base64') => Buffer.from(text).toString(encoding);

describe("a skill's secret in what it answers", () => {
  it('is hidden base64-encoded: alone, and inside a Basic auth header whatever the user before it', async () => {
    const key = 'sk-live-4f9a2b7c~?>-x1';
    const { result, logged } = await leaky(
      key,
      `const k = process.env.API_KEY;
const b = (s, e = 'base64') => Buffer.from(s).toString(e);
const users = ['ab:', 'abc:', 'user:'];
console.log(JSON.stringify({ success: true, data: {
  alone: [b(k), b(k, 'base64url')],
  basic: users.map((u) => 'Authorization: Basic ' + b(u + k)),
  basicUrl: users.map((u) => b(u + k, 'base64url')),
} }));`,
    );
    // The encodings differ (the key makes both "+" and "/" in base64), so both are looked for.
    expect(b64(key)).not.toBe(b64(key, 'base64url'));
    const data = result.data as Record<string, string[]>;
    expect(data.alone).toEqual([SECRET_HIDDEN, SECRET_HIDDEN]);
    // Left: the user's characters and the one or two the key shares with its neighbours, no more.
    const [ab, abc, user] = data.basic!;
    expect(ab).toMatch(/^Authorization: Basic YWI6\[secret hidden\][A-Za-z0-9+/]{0,2}=*$/);
    expect(abc).toMatch(/^Authorization: Basic YWJjO[A-Za-z0-9+/]\[secret hidden\][A-Za-z0-9+/]{0,2}=*$/);
    expect(user).toMatch(/^Authorization: Basic dXNlcj[A-Za-z0-9+/]\[secret hidden\][A-Za-z0-9+/]{0,2}=*$/);
    for (const url of data.basicUrl!) expect(url).toMatch(/^[A-Za-z0-9_-]{4,7}\[secret hidden\][A-Za-z0-9_-]{0,2}$/);
    for (const form of [b64(key), b64(key, 'base64url'), b64(`user:${key}`).slice(8, -4)]) {
      expect(logged).not.toContain(form);
    }
  });

  it('is hidden JSON-escaped, as node and Python print it in a debug dump', async () => {
    const key = 'sk-"密钥"\\9f3a\t';
    const { result, logged } = await leaky(
      key,
      `python3 -c 'import json, os; print(json.dumps({"X-Api-Key": os.environ["API_KEY"]}))'
node -e 'console.log(JSON.stringify({ headers: { "X-Api-Key": process.env.API_KEY } }))'`,
      'bash',
    );
    // Not a result object: the dump is the answer's text, escapes and all.
    expect(result.data).toBe('{"X-Api-Key": "[secret hidden]"}\n{"headers":{"X-Api-Key":"[secret hidden]"}}');
    expect(logged).not.toContain('9f3a');
  });

  it("is hidden where an error's tail begins inside it", async () => {
    const key = 'sk-tail-0123456789';
    const { result, logged } = await leaky(
      key,
      `process.stderr.write('x'.repeat(3000) + process.env.API_KEY + 'y'.repeat(1990)); process.exitCode = 1;`,
    );
    // The error is the stderr's last 2000 characters: the key's last 10, then the y's.
    expect(result.error).toBe(SECRET_HIDDEN + 'y'.repeat(1990));
    expect(logged).not.toContain('23456789');
  });

  it('is hidden where the output cap cuts it at the end of stdout, and at the end of a stderr cut at its start', async () => {
    const key = 'sk-capped-0123456789';
    // The cap keeps the key's first 7 characters.
    const cutAt = (stream: string) =>
      `process.${stream}.write('x'.repeat(${OUTPUT_CAP_BYTES - 7}) + process.env.API_KEY + 'z'.repeat(100));`;
    const answered = await leaky(key, cutAt('stdout'));
    expect(answered.result).toMatchObject({ success: true, truncated: true });
    const data = String(answered.result.data);
    expect(data.slice(-30)).toBe('x'.repeat(15) + SECRET_HIDDEN);
    expect(data.length).toBe(OUTPUT_CAP_BYTES - 7 + SECRET_HIDDEN.length);

    // Past the cap, stderr keeps its end: the key there is in the error's tail, whole.
    const failed = await leaky(key, `${cutAt('stderr')} process.exitCode = 1;`);
    expect(failed.result).toMatchObject({ success: false, truncated: true });
    expect(failed.result.error).toBe('x'.repeat(2000 - key.length - 100) + SECRET_HIDDEN + 'z'.repeat(100));
    expect(failed.logged).not.toContain('sk-capp');
  });

  it('is hidden when it is a number in a result object (a PIN of digits)', async () => {
    const { result, logged } = await leaky(
      '73914826',
      `console.log(JSON.stringify({ success: true, data: { pin: Number(process.env.API_KEY), note: 'set' } }))`,
    );
    expect(JSON.stringify(result)).not.toContain('73914826');
    expect(logged).not.toContain('73914826');
    // A built-in's number result is hidden too.
    expect(hideSecrets({ pin: 73914826, other: 5 }, ['73914826'])).toEqual({ pin: SECRET_HIDDEN, other: 5 });
  });

  it("is hidden as Python's requests writes it in a URL's query (quote_plus), and with lower-case %xx", () => {
    const key = "pa!ss*word (1)/'x'";
    const quotePlus = 'pa%21ss%2Aword+%281%29%2F%27x%27';
    const text = `401 Client Error: Unauthorized for url: https://api.x/v1?key=${quotePlus} and ${quotePlus.toLowerCase()}`;
    expect(hideSecrets(text, [key])).toBe(
      `401 Client Error: Unauthorized for url: https://api.x/v1?key=${SECRET_HIDDEN} and ${SECRET_HIDDEN}`,
    );
    // Python's quote leaves "/" as it is.
    expect(hideSecrets('/v1/pa%21ss%2Aword%20%281%29/%27x%27', [key])).toBe(`/v1/${SECRET_HIDDEN}`);
  });

  it('hides a secret of 6 characters inside a Basic auth header at every offset', () => {
    for (const user of ['u:', 'us:', 'use:']) {
      const header = `Basic ${b64(`${user}abcdef`)}`;
      expect(hideSecrets(header, ['abcdef']), user).toContain(SECRET_HIDDEN);
    }
  });

  it('leaves ordinary text and JSON as they are', () => {
    const secrets = ['sk-live-4f9a2b7c', 'hunter2-but-longer'];
    const answer = {
      text: 'Sunny, 23 °C in Hangzhou. Authorization: Basic YWxpY2U6d29uZGVybGFuZA== {"a": "b\\"c"} 100%',
      list: ['', 'x', 'secret', 'sk-live', 'hunter2', 'c2stbGl2ZS', 'Basic c2tf'],
      nested: { n: 1, ok: true, none: null },
    };
    expect(hideSecrets(answer, secrets)).toEqual(answer);
    expect(hideSecrets('plain', [])).toBe('plain');
  });

  it('never leaves a secret spelled anew by the marker and its neighbours, and hides overlapping ones as one', () => {
    // Hiding the second key leaves "[secret hidden]5678901", which spells the first.
    expect(hideSecrets('token abcdef-125678901', ['hidden]5678901', 'abcdef-12'])).toBe('token [secret hidden]');
    expect(hideSecrets('xx-abcdef-ghijkl-yy', ['abcdef-gh', 'f-ghijkl'])).toBe('xx-[secret hidden]-yy');
    // A key the marker itself spells is no reason to hide more.
    expect(hideSecrets('a secret: hidden', ['hidden'])).toBe('a secret: [secret hidden]');
  });
});
