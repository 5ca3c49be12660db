/**
 * `ias provider`: a newcomer on a headless machine saves the model provider once — the key piped in
 * or typed unseen, kept in a 0600 file and never in SQLite or any output — and `ias chat` uses it
 * without IAS_LLM_*; the variables still override it and `ias provider` says so; what cannot be
 * used is refused with nothing saved; `ias provider test` asks the server as the Settings page does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_SETTING } from '../../src/core/agent/providers.js';
import { openStore } from '../../src/core/store/index.js';
import { chatWorld, type ChatWorld } from '../helpers/chat-world.js';
import { iasAsync, type CliRun } from '../helpers/cli.js';
import { closedPort } from '../helpers/http-stand-in.js';
import { CTRL_C, iasOnDetachedTerminal, iasOnTerminal } from '../helpers/terminal.js';

/** No IAS_LLM_* from the shell running the tests. */
const NO_ENV = { IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '', IAS_LLM_API_KEY: '' };
const CHINESE = { LANG: 'zh_CN.UTF-8' };
const KEY = 'sk-Zq8Wv3Lm9Xy2Tb7Np4';

const keyFile = (w: ChatWorld) => path.join(w.home, 'secrets', 'llm-api-key');

/** Every file under `dir` (the key file aside, when given). */
function filesUnder(dir: string, except?: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => file !== except && fs.statSync(file).isFile());
}

/** Fails when any six characters in a row of `key` are in `text`. */
function expectNoPartOf(key: string, text: string): void {
  for (let i = 0; i + 6 <= key.length; i++) expect(text).not.toContain(key.slice(i, i + 6));
}

function json(run: CliRun): Record<string, unknown> {
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

async function provider(w: ChatWorld, args: string[], env: Record<string, string> = {}, input?: string) {
  return iasAsync(['provider', ...args, ...w.args], { ...NO_ENV, ...env }, input);
}

describe('ias provider', () => {
  it('a key piped in is kept in a 0600 file, never in SQLite or any output, and ias chat uses it all without IAS_LLM_*', async () => {
    const w = await chatWorld();
    const runs: CliRun[] = [];
    const set = await provider(w, ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'], {}, KEY);
    runs.push(set);
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('Saved.\n');
    expect(set.stdout).toContain(`  Base URL: ${w.server.url}  (saved)\n`);
    expect(set.stdout).toContain(`  API key:  set (saved in ${keyFile(w)})\n`);
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe(KEY);
    expect(fs.statSync(keyFile(w)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile(w))).mode & 0o777).toBe(0o700);

    w.server.enqueue({ content: 'Hello from the saved provider.' });
    const chat = await iasAsync(['chat', 'hi', ...w.args], NO_ENV);
    runs.push(chat);
    expect(chat).toMatchObject({ status: 0, stdout: 'Hello from the saved provider.\n' });
    expect(w.server.requests[0]!.body.model).toBe('test-model');
    expect(w.server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    const shown = await provider(w, ['--json']);
    runs.push(shown, await provider(w, []), await provider(w, ['show'], CHINESE));
    expect(json(shown)).toMatchObject({
      configured: true,
      problem: null,
      saved: { baseUrl: w.server.url, model: 'test-model' },
      baseUrl: { value: w.server.url, from: 'settings' },
      model: { value: 'test-model', from: 'settings' },
      apiKey: { set: true, from: 'secret', savedIn: keyFile(w), sealedByApp: false },
    });
    for (const file of filesUnder(w.home, keyFile(w))) expectNoPartOf(KEY, fs.readFileSync(file, 'latin1'));
    expect(filesUnder(w.home).some((f) => path.basename(f) === 'ias.db')).toBe(true);
    for (const run of runs) expectNoPartOf(KEY, run.stdout + run.stderr);
  }, 60_000);

  it('IAS_LLM_* still override what is saved, and ias provider says which ones do', async () => {
    const w = await chatWorld();
    await provider(w, ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'], {}, KEY);
    const env = { IAS_LLM_MODEL: 'env-model', IAS_LLM_API_KEY: 'sk-from-the-env-77' };
    const shown = await provider(w, [], env);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain(`  Base URL: ${w.server.url}  (saved)\n`);
    expect(shown.stdout).toContain(
      '  Model:    env-model  (from IAS_LLM_MODEL in the environment, over the saved "test-model")\n',
    );
    expect(shown.stdout).toContain(
      `  API key:  set by IAS_LLM_API_KEY (the key saved in ${keyFile(w)} is not used while it is set)\n`,
    );
    const asJson = await provider(w, ['--json'], env);
    expect(json(asJson)).toMatchObject({
      model: { value: 'env-model', from: 'env' },
      apiKey: { set: true, from: 'env' },
    });
    const chinese = await provider(w, [], { ...env, ...CHINESE });
    expect(chinese.stdout).toContain(
      '  模型：env-model  （来自环境变量 IAS_LLM_MODEL，覆盖了已保存的 "test-model"）\n',
    );
    for (const run of [shown, asJson, chinese]) {
      expectNoPartOf(KEY, run.stdout + run.stderr);
      expectNoPartOf(env.IAS_LLM_API_KEY, run.stdout + run.stderr);
    }
    w.server.enqueue({ content: 'From the environment.' });
    expect(await iasAsync(['chat', 'hi', ...w.args], { ...NO_ENV, ...env })).toMatchObject({ status: 0 });
    expect(w.server.requests[0]!.body.model).toBe('env-model');
    expect(w.server.requests[0]!.headers.authorization).toBe(`Bearer ${env.IAS_LLM_API_KEY}`);
  }, 60_000);

  it('the preset row names the preset once, by its id and its name, in either language', async () => {
    const w = await chatWorld();
    expect((await provider(w, ['set', '--preset', 'ollama'], {}, '')).status).toBe(0);
    const english = (await provider(w, [])).stdout;
    expect(english).toContain('  Preset:   ollama — Ollama (local)\n');
    expect(english).toContain('(the default of the preset ollama)');
    expect(english).not.toMatch(/\)\s*\(|\)\)/);
    const chinese = (await provider(w, [], CHINESE)).stdout;
    expect(chinese).toContain('  预设：ollama — Ollama（本地）\n');
    expect(chinese).toContain('（预设 ollama 的默认值）');
    expect(chinese).not.toContain('(local)');
  }, 60_000);

  it('a preset gives its base URL and model; the show says they are its defaults', async () => {
    const w = await chatWorld();
    const set = await provider(w, ['set', '--preset', 'deepseek'], {}, '');
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('  Base URL: https://api.deepseek.com/v1  (the default of the preset deepseek)\n');
    expect(set.stdout).toContain('  API key:  not set (DeepSeek needs one)\n');
    expect(set.stderr).toContain('DeepSeek needs an API key, and none is saved: pipe it in with');
    // A base URL alone is a server of one's own: the preset goes, its model stays.
    const own = await provider(w, ['set', '--base-url', 'http://127.0.0.1:8080/v1', '--json'], {}, '');
    expect(json(own)).toMatchObject({
      saved: { baseUrl: 'http://127.0.0.1:8080/v1', model: 'deepseek-chat' },
      preset: null,
      model: { value: 'deepseek-chat', from: 'settings' },
    });
  });

  /** A world with a provider saved, and a check that it is still all that is saved. */
  async function savedWorld() {
    const w = await chatWorld();
    await provider(w, ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'], {}, KEY);
    const before = json(await provider(w, ['--json']));
    const expectUnchanged = async () => {
      expect(json(await provider(w, ['--json']))).toEqual(before);
      expect(fs.readFileSync(keyFile(w), 'utf8')).toBe(KEY);
    };
    return { w, expectUnchanged };
  }

  it('an unknown preset or a base URL that cannot be used: exit 2 with the reason, nothing saved', async () => {
    const { w, expectUnchanged } = await savedWorld();

    const preset = await provider(w, ['set', '--preset', 'deepsek', '--key-stdin'], {}, 'sk-other');
    expect(preset.status).toBe(2);
    expect(preset.stderr).toMatch(/^error: there is no preset "deepsek"; the presets are:\n/);
    for (const id of ['openai', 'deepseek', 'qwen', 'moonshot', 'openrouter', 'ollama']) {
      expect(preset.stderr).toMatch(new RegExp(`^  ${id} +\\S`, 'm'));
    }
    const ftp = await provider(w, ['set', '--base-url', 'ftp://example.com/v1', '--key-stdin'], {}, 'sk-other');
    expect(ftp).toMatchObject({
      status: 2,
      stderr:
        'error: --base-url is not a web address: "ftp://example.com/v1". Write it with http:// or https://, such as https://api.deepseek.com/v1.\n',
    });
    const bare = await provider(w, ['set', '--base-url', 'api.deepseek.com/v1'], CHINESE, '');
    expect(bare.status).toBe(2);
    expect(bare.stderr).toBe(
      '错误：--base-url 不是网址：“api.deepseek.com/v1”。请以 http:// 或 https:// 开头，例如 https://api.deepseek.com/v1。\n',
    );
    // The same check as the Settings page's: the whole endpoint is no base URL.
    const endpoint = await provider(w, ['set', '--base-url', 'https://api.deepseek.com/v1/chat/completions'], {}, '');
    expect(endpoint).toMatchObject({
      status: 2,
      stderr:
        'error: --base-url is the whole endpoint: "https://api.deepseek.com/v1/chat/completions". The base URL stops before /chat/completions: use https://api.deepseek.com/v1.\n',
    });
    await expectUnchanged();
  }, 60_000);

  it('an empty key, a key of two lines, a key in argv or nothing to set: exit 2, nothing saved', async () => {
    const { w, expectUnchanged } = await savedWorld();
    for (const input of ['', '\n', '  \n']) {
      const empty = await provider(w, ['set', '--model', 'other-model', '--key-stdin'], {}, input);
      expect(empty).toMatchObject({ status: 2, stderr: 'error: no API key came on stdin; nothing was saved\n' });
    }
    const twoLines = await provider(w, ['set', '--key-stdin'], {}, 'sk-one\nsk-two\n');
    expect(twoLines.status).toBe(2);
    const argv = await provider(w, ['set', '--key', 'sk-in-argv']);
    expect(argv.status).toBe(2);
    expect(argv.stderr).toContain('the API key is never taken from the command line');
    expect((await provider(w, ['set', '--api-key=sk-in-argv'])).status).toBe(2);
    const nothing = await provider(w, ['set'], {}, '');
    expect(nothing).toMatchObject({
      status: 2,
      stderr: 'error: nothing to set: give --preset, --base-url, --model or --key-stdin\n',
    });
    await expectUnchanged();
  }, 60_000);

  it('a key a request cannot carry (a NUL, as UTF-16 has) or far too long: exit 2, nothing saved', async () => {
    const { w, expectUnchanged } = await savedWorld();
    const other = 'sk-Hq5Rt8Ud2Vw6Xy';
    const withNul = await provider(w, ['set', '--key-stdin'], {}, `${other.slice(0, 8)}\0${other.slice(8)}`);
    expect(withNul).toMatchObject({
      status: 2,
      stderr:
        'error: an API key is letters, digits and punctuation (printable ASCII), and what came has other characters (a file saved as UTF-16?); nothing was saved\n',
    });
    // A key file saved by Notepad or PowerShell's `>`: UTF-16, a NUL after each letter.
    const utf16 = await provider(w, ['set', '--key-stdin'], CHINESE, `\ufeff${other}\r\n`.replace(/./gsu, '$&\0'));
    expect(utf16.status).toBe(2);
    expect(utf16.stderr).toContain('（文件是否存成了 UTF-16？）');
    // Past the 16 KiB read (within a pipe's buffer, so that all of it is written before the command ends).
    const huge = await provider(w, ['set', '--key-stdin'], {}, 'k'.repeat(20 * 1024));
    expect(huge).toMatchObject({
      status: 2,
      stderr: 'error: what came on stdin is far longer than an API key (over 16 KiB); nothing was saved\n',
    });
    for (const run of [withNul, utf16]) expectNoPartOf(other, run.stdout + run.stderr);
    await expectUnchanged();
  }, 60_000);

  it('a saved key a request cannot carry is said before any request, never the key, stored or sent', async () => {
    const w = await chatWorld();
    await provider(w, ['set', '--base-url', w.server.url, '--model', 'test-model'], {}, '');
    // Saved before keys were checked, or by hand.
    const saved = 'sk-Lp3Mq7Nr1Ks9Jt';
    fs.mkdirSync(path.dirname(keyFile(w)), { recursive: true, mode: 0o700 });
    fs.writeFileSync(keyFile(w), `${saved.slice(0, 9)}\0${saved.slice(9)}`, { mode: 0o600 });
    const test = await provider(w, ['test']);
    expect(test.status).toBe(1);
    // Then how to save a provider again.
    expect(test.stderr.split('\n')[0]).toBe(
      'error: The saved API key has a character that cannot be sent in a request (an API key is letters, digits and punctuation; a NUL comes from a key file saved as UTF-16), so nothing was sent. Save the key again in the settings.',
    );
    const chat = await iasAsync(['chat', 'hi', ...w.args], NO_ENV);
    expect(chat.status).toBe(1);
    expect(chat.stderr).toContain('The saved API key has a character that cannot be sent in a request');
    // Asked once: another try cannot mend the key.
    expect(chat.stderr).not.toContain('Retrying');
    expect(w.server.requests).toHaveLength(0);
    for (const run of [test, chat]) expectNoPartOf(saved, run.stdout + run.stderr);
    for (const file of filesUnder(w.home, keyFile(w))) expectNoPartOf(saved, fs.readFileSync(file, 'latin1'));
  }, 60_000);

  it('test asks the server as Settings → Test does: it answers, a wrong key is refused, nothing listens', async () => {
    const w = await chatWorld();
    // The server takes one key only, as a real provider does.
    w.server.fallback((request) =>
      request.headers.authorization === `Bearer ${KEY}`
        ? { content: 'p' }
        : { status: 401, errorMessage: 'Incorrect API key provided.' },
    );
    await provider(w, ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'], {}, KEY);
    const ok = await provider(w, ['test']);
    expect(ok).toMatchObject({ status: 0, stdout: `test-model at ${w.server.url} answered.\n` });
    expect(w.server.requests.at(-1)!.body).toMatchObject({ model: 'test-model', max_tokens: 1 });
    const okInChinese = await provider(w, ['test', '--json'], CHINESE);
    expect(json(okInChinese)).toEqual({ ok: true, message: `${w.server.url} 上的 test-model 已应答。` });

    expect((await provider(w, ['set', '--key-stdin'], {}, 'sk-wrong-key-0000')).status).toBe(0);
    const refused = await provider(w, ['test']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      'error: The model server refused the API key (401). Check the key in the settings or IAS_LLM_API_KEY. Incorrect API key provided.\n',
    );
    const refusedJson = await provider(w, ['test', '--json']);
    expect(refusedJson.status).toBe(1);
    expect(json(refusedJson)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/refused the API key \(401\)/),
    });

    const port = await closedPort();
    await provider(w, ['set', '--base-url', `http://127.0.0.1:${port}/v1`], {}, '');
    const nobody = await provider(w, ['test']);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain(`Nothing is listening at 127.0.0.1:${port}`);
    for (const run of [ok, okInChinese, refused, refusedJson, nobody]) expectNoPartOf(KEY, run.stdout + run.stderr);
  }, 60_000);

  it('show without a provider says the preset is not set, and how to save one, in either language', async () => {
    const w = await chatWorld();
    const shown = await provider(w, []);
    expect(shown.stdout).toContain('  Preset:   not set\n');
    expect(shown.stdout).not.toContain('a server of your own');
    expect(shown.stdout).toContain(
      'IAS_LLM_API_KEY too if it needs a key), or save one with `ias provider set`.\nTo save a provider for every `ias chat`: `ias provider set --preset NAME`',
    );
    const chinese = await provider(w, [], CHINESE);
    expect(chinese.stdout).toContain('  预设：未设置\n');
    expect(chinese.stdout).toContain('或用 `ias provider set` 保存一个服务商。');
    expect(chinese.stdout).not.toContain('在设置中');
    // A base URL without a preset is a server of one's own.
    const own = await provider(w, [], { IAS_LLM_BASE_URL: w.server.url });
    expect(own.stdout).toContain('  Preset:   none (a server of your own)\n');
  });

  it('test without a provider says what to set, and how to save one', async () => {
    const w = await chatWorld();
    const none = await provider(w, ['test']);
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^error: No model is configured\./);
    expect(none.stderr).toContain('`ias provider set --preset NAME`');
    expect(w.server.requests).toHaveLength(0);
  });

  it('clear-key removes the saved key; ias chat then sends none', async () => {
    const w = await chatWorld();
    await provider(w, ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'], {}, KEY);
    const cleared = await provider(w, ['clear-key']);
    expect(cleared).toMatchObject({ status: 0, stdout: 'The saved API key was removed.\n' });
    expect(fs.existsSync(keyFile(w))).toBe(false);
    expect((await provider(w, [])).stdout).toContain('  API key:  not set\n');
    expect(await provider(w, ['clear-key'])).toMatchObject({ status: 0, stdout: 'No API key was saved.\n' });
    w.server.enqueue({ content: 'No key.' });
    expect(await iasAsync(['chat', 'hi', ...w.args], NO_ENV)).toMatchObject({ status: 0 });
    expect(w.server.requests[0]!.headers.authorization).toBe('Bearer not-needed');
  });

  it('moving to another server: the saved key stays with its own, is not sent, and ias says so in both languages', async () => {
    const w = await chatWorld();
    await provider(w, ['set', '--preset', 'deepseek', '--key-stdin'], {}, KEY);
    const moved = await provider(w, ['set', '--preset', 'ollama', '--base-url', w.server.url, '--model', 'm'], {}, '');
    expect(moved.status).toBe(0);
    const origin = new URL(w.server.url).origin;
    expect(moved.stderr).toBe(
      `The saved API key stays with https://api.deepseek.com and is not sent to ${origin}. Give this server's key with \`ias provider set --key-stdin\` (or IAS_LLM_API_KEY), or move back to use the saved one.\n`,
    );
    expect(moved.stdout).toContain(
      `  API key:  none sent: the key saved in ${keyFile(w)} is for https://api.deepseek.com, not this server (set IAS_LLM_API_KEY, or save this server's key with \`ias provider set --key-stdin\`)\n`,
    );
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe(KEY);
    expect(json(await provider(w, ['--json']))).toMatchObject({
      apiKey: { set: false, from: 'other-server', keyFor: 'https://api.deepseek.com', savedIn: keyFile(w) },
    });
    // ias chat asks that server with no key; its 401 says whose the key is and how to give one.
    w.server.fallback((request) =>
      request.headers.authorization === `Bearer ${KEY}`
        ? { content: 'p' }
        : { status: 401, errorMessage: 'Missing API key.' },
    );
    const chat = await iasAsync(['chat', 'hi', ...w.args], NO_ENV);
    expect(chat.status).not.toBe(0);
    expect(w.server.requests.at(-1)!.headers.authorization).toBe('Bearer not-needed');
    expect(chat.stderr).toContain(
      `The model server asks for an API key (401). The saved key is for https://api.deepseek.com, so it is not sent to ${origin}: set IAS_LLM_API_KEY, or save a key for this server`,
    );
    const chatInChinese = await iasAsync(['chat', 'hi', ...w.args], { ...NO_ENV, ...CHINESE });
    expect(chatInChinese.stderr).toContain(
      `模型服务需要 API 密钥（401）。已保存的密钥属于 https://api.deepseek.com，因此不会发送给 ${origin}：请设置 IAS_LLM_API_KEY`,
    );
    // The same server, another model: nothing more to say. Another server, in 简体中文.
    expect((await provider(w, ['set', '--model', 'other'], {}, '')).stderr).toBe('');
    const chinese = await provider(w, ['set', '--preset', 'openai'], CHINESE, '');
    expect(chinese.stderr).toContain(
      '已保存的 API 密钥仍属于 https://api.deepseek.com，不会发送给 https://api.openai.com。',
    );
    expect(chinese.stdout).toContain(
      `  API 密钥：不发送：保存在 ${keyFile(w)} 的密钥属于 https://api.deepseek.com，不属于这个服务`,
    );
    // Back to the key's own server: nothing to say, and it is sent again.
    const back = await provider(w, ['set', '--preset', 'deepseek'], {}, '');
    expect(back.stderr).toBe('');
    expect(back.stdout).toContain(`  API key:  set (saved in ${keyFile(w)})\n`);
    // IAS_LLM_BASE_URL naming another server: the saved key is not sent there either.
    w.server.enqueue({ content: 'Not your key.' });
    expect(await iasAsync(['chat', 'hi', ...w.args], { ...NO_ENV, IAS_LLM_BASE_URL: w.server.url })).toMatchObject({
      status: 0,
    });
    expect(w.server.requests.at(-1)!.headers.authorization).toBe('Bearer not-needed');
    // A new key given with a move is the new server's: nothing to say, and it is sent there.
    const withKey = await provider(w, ['set', '--base-url', w.server.url, '--key-stdin'], {}, 'sk-other');
    expect(withKey.stderr).toBe('');
    w.server.enqueue({ content: 'Yours.' });
    expect(await iasAsync(['chat', 'hi', ...w.args], NO_ENV)).toMatchObject({ status: 0 });
    expect(w.server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-other');
    for (const run of [moved, chat, chatInChinese, chinese, back]) expectNoPartOf(KEY, run.stdout + run.stderr);
  }, 60_000);

  it("a key the desktop app sealed with the keychain is said as such, not as 'not set'", async () => {
    const w = await chatWorld();
    await provider(w, ['set', '--preset', 'openai'], {}, '');
    // What the app writes beside the command line's files when safeStorage seals a key.
    const sealed = `${keyFile(w)}.sealed`;
    fs.writeFileSync(sealed, Buffer.from([0x76, 0x31, 0x30, 0x01, 0x02, 0x03]), { mode: 0o600 });
    const shown = await provider(w, []);
    expect(shown.stdout).toContain(
      '  API key:  set in the desktop app, sealed with the OS keychain, which `ias` cannot read: `ias chat` sends no key.',
    );
    expect(shown.stdout).not.toMatch(/API key: +not set/);
    expect(json(await provider(w, ['--json']))).toMatchObject({
      apiKey: { set: false, from: 'none', savedIn: null, sealedByApp: true, appUsesSealed: true },
    });
    const inChinese = await provider(w, [], CHINESE);
    expect(inChinese.stdout).toContain('  API 密钥：已在桌面应用中设置，并用系统钥匙串加密保存，`ias` 无法读取');

    // Set here, it is the newer copy: the app uses it too.
    await provider(w, ['set', '--key-stdin'], {}, KEY);
    expect((await provider(w, [])).stdout).toContain(`  API key:  set (saved in ${keyFile(w)})\n`);
    // Set in the app after that: the app uses its own, and ias says so.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(sealed, later, later);
    expect((await provider(w, [])).stdout).toContain(
      `  API key:  set (saved in ${keyFile(w)}); the desktop app uses a newer key it sealed with the OS keychain`,
    );
    const cleared = await provider(w, ['clear-key']);
    expect(cleared.stdout).toBe(
      "The saved API key was removed, with the desktop app's copy sealed with the OS keychain.\n",
    );
    expect(fs.existsSync(sealed)).toBe(false);
    expect(fs.existsSync(keyFile(w))).toBe(false);
  }, 60_000);

  it('on a terminal the key is asked for and nothing of it is shown; Ctrl-C saves nothing', async () => {
    const w = await chatWorld();
    const term = iasOnTerminal(['provider', 'set', '--preset', 'deepseek', ...w.args], NO_ENV);
    await term.waitFor('API key (not shown as you type; Enter leaves none): ');
    term.type(`${KEY}\r`);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain(`set (saved in ${keyFile(w)})`);
    expectNoPartOf(KEY, term.screen());
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe(KEY);

    // Keys that send escape sequences (arrows, Delete, Home) type nothing into the key.
    const edited = iasOnTerminal(['provider', 'set', '--key-stdin', ...w.args], NO_ENV);
    await edited.waitFor('API key (not shown as you type; Enter keeps the saved one): ');
    edited.type(`${KEY.slice(0, 6)}\x1b[D\x1b[3~${KEY.slice(6, 12)}\x1bOH\x1b[1;5C${KEY.slice(12)}\x1b[A\r`);
    expect(await edited.exited).toBe(0);
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe(KEY);

    const again = iasOnTerminal(['provider', 'set', '--key-stdin', '--model', 'deepseek-reasoner', ...w.args], {
      ...NO_ENV,
      ...CHINESE,
    });
    await again.waitFor('API 密钥（输入时不显示；直接回车保留已保存的密钥）：');
    again.type(`sk-half-typed${CTRL_C}`);
    expect(await again.exited).toBe(130);
    expect(again.screen()).not.toContain('sk-half');
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe(KEY);
    expect(json(await provider(w, ['--json']))).toMatchObject({ saved: { preset: 'deepseek' } });
    expect(json(await provider(w, ['--json']))).not.toHaveProperty('saved.model');
  }, 60_000);

  it("on a terminal, moving to a server the saved key is not for asks for that server's key; the old one is never sent there", async () => {
    const w = await chatWorld();
    const origin = new URL(w.server.url).origin;
    await provider(w, ['set', '--base-url', w.server.url, '--model', 'm', '--key-stdin'], {}, KEY);
    // Enter gives none: the saved key stays with its own server, and ias says so.
    const none = iasOnTerminal(['provider', 'set', '--preset', 'deepseek', ...w.args], NO_ENV);
    await none.waitFor('API key (not shown as you type; Enter leaves none): ');
    none.type('\r');
    expect(await none.exited).toBe(0);
    expect(none.screen()).toContain(
      `The saved API key stays with ${origin} and is not sent to https://api.deepseek.com.`,
    );
    expect(json(await provider(w, ['--json']))).toMatchObject({ apiKey: { set: false, keyFor: origin } });
    // Asked again on the next move there, in 简体中文; the key typed is that server's.
    await provider(w, ['set', '--base-url', w.server.url], {}, '');
    const typed = iasOnTerminal(['provider', 'set', '--preset', 'deepseek', ...w.args], { ...NO_ENV, ...CHINESE });
    await typed.waitFor('API 密钥（输入时不显示；直接回车表示不设置）：');
    typed.type('sk-deepseek-key\r');
    expect(await typed.exited).toBe(0);
    expect(typed.screen()).not.toContain('sk-deepseek');
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe('sk-deepseek-key');
    expect(json(await provider(w, ['--json']))).toMatchObject({ apiKey: { set: true, from: 'secret' } });
    // Back at the local server, that key is not sent there.
    const back = await provider(w, ['set', '--base-url', w.server.url], {}, '');
    expect(back.stderr).toContain(`stays with https://api.deepseek.com and is not sent to ${origin}`);
    // That server's own key saved: nothing is asked, and it is sent there again.
    const same = iasOnTerminal(['provider', 'set', '--preset', 'deepseek', ...w.args], NO_ENV);
    expect(await same.exited).toBe(0);
    expect(same.screen()).not.toContain('API key (not shown');
    expect(same.screen()).toContain(`  API key:  set (saved in ${keyFile(w)})`);
    expect(fs.readFileSync(keyFile(w), 'utf8')).toBe('sk-deepseek-key');
  }, 60_000);

  it('a terminal that goes away during the prompt (no hang-up) ends it: nothing saved, said, exit 1', async () => {
    const w = await chatWorld();
    const term = iasOnDetachedTerminal(['provider', 'set', '--preset', 'deepseek', ...w.args], NO_ENV);
    await term.waitFor('API key (not shown as you type; Enter leaves none): ');
    term.type('sk-half');
    term.closeTerminal();
    expect(await term.exited).toBe(1);
    expect(term.screen()).toContain("error: the terminal's input ended before Enter was pressed; nothing was saved");
    expect(term.screen()).not.toContain('Assertion failed');
    expect(fs.existsSync(keyFile(w))).toBe(false);
  }, 60_000);

  it('ias chat with no provider points to ias provider set as well as the variables', async () => {
    const w = await chatWorld();
    const none = await iasAsync(['chat', 'hi', ...w.args], NO_ENV);
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^error: No model is configured\. Set IAS_LLM_BASE_URL/);
    expect(none.stderr).toContain('To save a provider for every `ias chat`: `ias provider set --preset NAME`');
    const chinese = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...NO_ENV, ...CHINESE });
    expect(chinese.status).toBe(1);
    expect(chinese.stderr).toContain('`ias provider set --preset 名称`');
    // A variable that is wrong is mended in the variable: no hint to save settings.
    const badVariable = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_BASE_URL: 'notaurl' });
    expect(badVariable.stderr).not.toContain('ias provider set');
    // Nor on a terminal: nothing configured, the chat says how to save a provider, and leaves
    // before its prompt (a message typed there would be lost).
    const term = iasOnTerminal(['chat', ...w.args], { ...NO_ENV, ...CHINESE });
    expect(await term.exited).toBe(1);
    expect(term.screen()).toContain('`ias provider set --preset 名称`');
    expect(term.screen()).not.toContain('我> ');
  });

  it('ias chat and ias provider with a saved provider they cannot use say what to mend, and no tip to save one', async () => {
    const w = await chatWorld();
    const set = ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'];
    expect((await provider(w, set, {}, KEY)).status).toBe(0);
    /** Each way the saved provider is there but unusable, and what its error starts with. */
    const unusable: [string, () => void, string, string][] = [
      [
        'the key file readable by others',
        () => fs.chmodSync(keyFile(w), 0o644),
        'error: The file that holds the saved API key',
        '错误：保存 API 密钥的文件',
      ],
      [
        'a key with a space inside',
        () => {
          fs.chmodSync(keyFile(w), 0o600);
          fs.writeFileSync(keyFile(w), 'sk-one two');
        },
        'error: The saved API key has a space or line break inside it',
        '错误：已保存的 API 密钥中间含有空格或换行',
      ],
      [
        'a base URL that is no web address',
        () => {
          const store = openStore(path.join(w.home, 'ias.db'));
          store.settings.set(PROVIDER_SETTING, { baseUrl: 'api.deepseek.com/v1', model: 'test-model' });
          store.close();
        },
        'error: The base URL in the settings is not a web address',
        '错误：设置中的接口地址不是网址',
      ],
    ];
    for (const [what, breakIt, english, chinese] of unusable) {
      breakIt();
      for (const [env, starts, prompt] of [
        [{}, english, 'you> '],
        [CHINESE, chinese, '我> '],
      ] as const) {
        const one = await iasAsync(['chat', 'hi', ...w.args], { ...NO_ENV, ...env });
        expect(one.status, what).toBe(1);
        // Its error alone, on one line: it says what to mend.
        expect(one.stderr.startsWith(starts), `${what}: ${one.stderr}`).toBe(true);
        expect(one.stderr.split('\n'), `${what}: ${one.stderr}`).toHaveLength(2);
        // On a terminal, said before the prompt: no message is typed to be lost.
        const term = iasOnTerminal(['chat', ...w.args], { ...NO_ENV, ...env });
        expect(await term.exited, what).toBe(1);
        expect(term.screen(), what).toContain(starts);
        expect(term.screen(), what).not.toContain(prompt);
        expect(term.screen(), what).not.toContain('ias provider set');
      }
      // ias provider shows what is saved and the problem (the key file's too), with no tip to save one.
      const shown = await provider(w, [], NO_ENV);
      expect(shown.status, `${what}: ${shown.stderr}`).toBe(0);
      expect(shown.stdout, what).toContain(english.slice('error: '.length));
      expect(shown.stdout, what).not.toContain('ias provider set');
      const test = await provider(w, ['test'], NO_ENV);
      expect(test.status, what).toBe(1);
      expect(test.stderr.startsWith(english), `${what}: ${test.stderr}`).toBe(true);
      expect(test.stderr, what).not.toContain('ias provider set');
    }
    expect(w.server.requests).toHaveLength(0);
  }, 60_000);

  it.skipIf(process.platform === 'win32')(
    'a folder on the way to the key file that others can write to: no command starts, the key is neither used nor saved, said in the owner’s language',
    async () => {
      const w = await chatWorld();
      const set = ['set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin'];
      expect((await provider(w, set, {}, KEY)).status).toBe(0);
      fs.chmodSync(w.home, 0o770);
      const file = keyFile(w);
      // The approval key shares the folder: it is refused first, and with it every command's start.
      const approvalKey = path.join(w.home, 'secrets', 'approval-hmac.key');
      const english = `iAs did not start: its approval key file, ${approvalKey}, is in the folder ${w.home}, which other users can change (mode 770)`;
      const chinese = `错误：iAs 未启动：它的批准密钥文件 ${approvalKey} 所在的文件夹 ${w.home} 可被其他用户修改（权限 770），他们可能把它换成自己知道的密钥`;

      const show = await provider(w, [], CHINESE);
      expect(show.status).toBe(1);
      expect(show.stderr).toContain(chinese);
      expect(show.stderr).toContain(`chmod go-w ${w.home}`);
      const chat = await iasAsync(['chat', 'hi', ...w.args], { ...NO_ENV, ...CHINESE });
      expect(chat.status).toBe(1);
      expect(chat.stderr).toContain(chinese);

      // Saving is refused, with nothing written: the key file keeps the key it had.
      const again = await provider(w, ['set', '--key-stdin'], {}, 'sk-SECRET-someone');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(`error: ${english}`);
      const zh = await provider(w, ['set', '--key-stdin'], CHINESE, 'sk-SECRET-someone');
      expect(zh.status).toBe(1);
      expect(zh.stderr).toContain(chinese);
      expect(fs.readFileSync(file, 'utf8')).toBe(KEY);
      expect(w.server.requests).toHaveLength(0);

      fs.chmodSync(w.home, 0o700);
      const mended = await provider(w, []);
      expect(mended.status).toBe(0);
      expect(mended.stdout + mended.stderr).not.toContain('can be changed by other users');
    },
    60_000,
  );
});
