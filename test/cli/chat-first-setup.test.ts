/**
 * A newcomer points IAS_LLM_* at a server for the first time: the slips people make (the base URL,
 * the key, the model) and the servers they meet (a web page at that port, no streaming, a 200
 * without a reply) each end in words that say what to do next, in English and 简体中文, on stderr
 * and as valid JSON with `--json`, and exit 1.
 */
import { lookup } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { settingsApi } from '../../src/core/api/settings-api.js';
import { openRuntime } from '../../src/core/runtime.js';
import path from 'node:path';
import { chatWorld } from '../helpers/chat-world.js';
import { iasAsync, type CliRun } from '../helpers/cli.js';
import { closedPort, startStandIn, type Route } from '../helpers/http-stand-in.js';
import { onCleanup } from '../helpers/temp.js';
import { iasOnTerminal } from '../helpers/terminal.js';

const CHINESE = { LANG: 'zh_CN.UTF-8' };

/** A server on 127.0.0.1 that answers every request by `route`; closed after the test. */
async function serverAt(route: Route) {
  const server = await startStandIn(route);
  onCleanup(() => void server.close());
  return server;
}

/** The turn a `--json` run printed: valid JSON, or the test fails here. */
function json(run: CliRun): Record<string, unknown> {
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

const OPEN_WEBUI =
  '<!DOCTYPE html><html><head><title>Open WebUI</title></head><body><div id="app"></div></body></html>';

describe('ias chat: a first setup', () => {
  it('a web page at that address (a web UI, a login page) is said, not taken as an empty reply', async () => {
    const w = await chatWorld();
    const page = await serverAt(() => ({ text: OPEN_WEBUI, contentType: 'text/html; charset=utf-8' }));
    const env = { ...w.env, IAS_LLM_BASE_URL: page.url };
    const run = await iasAsync(['chat', 'hi', ...w.args], env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `error: ${page.url} answered with a web page ("Open WebUI"), not the Chat Completions API: this may be a web UI's address or a network's login page. Use the API's base URL (it usually ends in /v1).`,
    );
    const forScript = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...env, ...CHINESE });
    expect(forScript.status).toBe(1);
    expect(json(forScript)).toMatchObject({
      reply: '',
      error: `${page.url} 返回的是一个网页（“Open WebUI”），而不是 Chat Completions 接口：这可能是某个网页界面的地址，或网络的登录页。请使用 API 的接口地址（通常以 /v1 结尾）。`,
    });
    // Not a failure that passes: asked once each.
    expect(page.received).toHaveLength(2);
  });

  it('a 200 without a reply says what came: JSON without choices, events without choices, nothing, plain text', async () => {
    const w = await chatWorld();
    const bodies: Route[] = [
      () => ({ json: { code: 40001, msg: 'invalid model' } }),
      () => ({
        text: 'data: {"id":"x","object":"chat.completion.chunk"}\n\ndata: [DONE]\n\n',
        contentType: 'text/event-stream',
      }),
      () => ({ text: '', contentType: 'text/plain' }),
      // A gateway's plain-text answer with a 200 (Envoy before its upstream came up).
      () => ({ text: 'upstream connect error or disconnect/reset before headers', contentType: 'text/plain' }),
    ];
    const said: string[] = [];
    for (const route of bodies) {
      const server = await serverAt(route);
      const run = await iasAsync(['chat', 'hi', '--json', ...w.args], {
        ...w.env,
        IAS_LLM_BASE_URL: `${server.url}/v1`,
      });
      expect(run.status).toBe(1);
      said.push(String(json(run).error));
    }
    expect(said[0]).toMatch(
      /^The server at http:\/\/127\.0\.0\.1:\d+\/v1 answered without a reply \(no "choices"\)\. Check that the base URL is the API's \(it usually ends in \/v1\) and the model name\./,
    );
    expect(said[0]).toContain('It said: {"code":40001,"msg":"invalid model"}');
    expect(said[1]).toContain('It said: {"id":"x","object":"chat.completion.chunk"}');
    expect(said[2]).toMatch(/answered without a reply \(no "choices"\)\. [^\n]*and the model name\.$/);
    expect(said[3]).toMatch(
      /answered without a reply \(no "choices"\)\. [^\n]*and the model name\. It said: upstream connect error or disconnect\/reset before headers$/,
    );
  });

  it('a server that will not stream: a whole JSON answer is the reply; a refusal to stream is asked again without', async () => {
    const w = await chatWorld();
    const ignores = await serverAt(() => ({
      json: {
        id: 'c1',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: 'A whole answer.' }, finish_reason: 'stop' }],
      },
    }));
    const whole = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_BASE_URL: `${ignores.url}/v1` });
    expect(whole).toMatchObject({ status: 0, stdout: 'A whole answer.\n' });
    // A stream labelled as JSON (as some proxies send it) is read as the stream it is.
    const chunk = (delta: object) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;
    const labelled = await serverAt(() => ({
      text: `${chunk({ content: 'Streamed ' })}${chunk({ content: 'anyway.' })}data: [DONE]\n\n`,
      contentType: 'application/json',
    }));
    const streamed = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_BASE_URL: `${labelled.url}/v1` });
    expect(streamed).toMatchObject({ status: 0, stdout: 'Streamed anyway.\n' });
    // OpenAI's o-series before the organisation is verified.
    w.server.enqueue(
      { status: 400, errorMessage: 'Your organization must be verified to stream this model.' },
      { toolCalls: [{ name: 'echo_back', arguments: '{"text":"ping"}' }] },
      { content: 'It said echo:ping.' },
    );
    const run = await iasAsync(['chat', 'say ping', '--json', ...w.args], w.env);
    expect(run.status).toBe(0);
    expect(json(run)).toMatchObject({
      reply: 'It said echo:ping.',
      toolCalls: [{ name: 'echo_back', status: 'done', result: { success: true, data: 'echo:ping' } }],
    });
    expect(w.server.requests.map((r) => r.body.stream)).toEqual([true, false, false]);
  });

  it('a port where nothing listens, and https to a plain-http port, say what to change', async () => {
    const w = await chatWorld();
    const port = await closedPort();
    const closed = await iasAsync(['chat', 'hi', ...w.args], {
      ...w.env,
      IAS_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    });
    expect(closed.status).toBe(1);
    expect(closed.stderr).toContain(
      `error: Cannot reach the model server at http://127.0.0.1:${port}/v1. Nothing is listening at 127.0.0.1:${port}: is the server running, and is the port right? (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
    const https = w.server.url.replace('http:', 'https:');
    const run = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...w.env, IAS_LLM_BASE_URL: https, ...CHINESE });
    expect(run.status).toBe(1);
    expect(json(run).error).toBe(
      `无法连接位于 ${https} 的模型服务。那里的服务不支持 https：普通 http 服务（本地服务通常如此）请使用 ${w.server.url}。详情：ERR_SSL_WRONG_VERSION_NUMBER`,
    );
    // Not asked again: it cannot pass.
    expect(run.stderr).not.toMatch(/重试/);
  });

  it('a host name that does not resolve is named (not retried); one no name server could look up says so', async () => {
    const w = await chatWorld();
    const host = 'api.no-such-host.invalid';
    // What this machine's resolver says decides the line: "not found" with DNS, "no answer" without.
    const resolved = await lookup(host).then(
      () => 'resolved',
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(resolved);
    const run = await iasAsync(['chat', 'hi', ...w.args], {
      ...w.env,
      IAS_LLM_BASE_URL: `http://${host}/v1`,
    });
    expect(run.status).toBe(1);
    if (resolved === 'ENOTFOUND') {
      expect(run.stderr).toContain(
        `The host name ${host} was not found: check its spelling, and that this computer is online.`,
      );
      expect(run.stderr).not.toMatch(/Retrying/);
    } else {
      expect(run.stderr).toContain(`The host name ${host} could not be looked up: no name server answered.`);
    }
  });

  it('a key refused by a proxy page reads as its title; no key at all says to set one', async () => {
    const w = await chatWorld();
    const proxy = await serverAt(() => ({
      status: 401,
      contentType: 'text/html',
      text: '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n',
    }));
    const refused = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_BASE_URL: `${proxy.url}/v1` });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'error: The model server refused the API key (401). Check the key in the settings or IAS_LLM_API_KEY. 401 Authorization Required.\n',
    );
    w.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided: not-needed.' });
    const none = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...w.env, IAS_LLM_API_KEY: '', ...CHINESE });
    expect(none.status).toBe(1);
    expect(json(none).error).toBe(
      '模型服务需要 API 密钥（401），但还没有设置：请设置 IAS_LLM_API_KEY，或在设置中填写密钥。服务器返回：Incorrect API key provided: not-needed.',
    );
  });

  it('only the base URL, or only the model, set: says which one is missing', async () => {
    const w = await chatWorld();
    const noModel = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_MODEL: '' });
    expect(noModel).toMatchObject({
      status: 1,
      stderr:
        'error: No model name is set: set IAS_LLM_MODEL to a model the server has (such as deepseek-chat, or qwen2.5:7b on Ollama), or save one with `ias provider set`.\n' +
        'To save a provider for every `ias chat`: `ias provider set --preset NAME` (or `--base-url URL --model MODEL`); it asks for the API key on a terminal, or reads it with `--key-stdin`. `ias provider --help` says more.\n',
    });
    const noUrl = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...w.env, IAS_LLM_BASE_URL: '', ...CHINESE });
    expect(noUrl.status).toBe(1);
    expect(json(noUrl)).toEqual({
      error:
        '还没有设置接口地址：请把 IAS_LLM_BASE_URL 设为服务的 OpenAI 兼容地址（例如 https://api.deepseek.com/v1，Ollama 则是 http://127.0.0.1:11434/v1），或用 `ias provider set` 保存一个服务商。',
    });
    expect(w.server.requests).toHaveLength(0);
  });

  it('only the key set: asks for the base URL and the model, and the key only for a server that needs one', async () => {
    const w = await chatWorld();
    const keyOnly = { ...w.env, IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '' };
    const run = await iasAsync(['chat', 'hi', ...w.args], keyOnly);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^error: No model is configured\. Set IAS_LLM_BASE_URL and IAS_LLM_MODEL \(any OpenAI-compatible server; IAS_LLM_API_KEY too if it needs a key\)/,
    );
    const chinese = await iasAsync(['chat', 'hi', ...w.args], { ...keyOnly, ...CHINESE });
    expect(chinese.stderr).toMatch(
      /^错误：还没有配置模型。请设置 IAS_LLM_BASE_URL 和 IAS_LLM_MODEL（任何兼容 OpenAI 的服务；它需要密钥时，再设置 IAS_LLM_API_KEY）/,
    );
    expect(w.server.requests).toHaveLength(0);
  });

  it('spaces about IAS_LLM_MODEL (left from a copy) are dropped, as about the base URL; a blank one is unset', async () => {
    const w = await chatWorld();
    w.server.enqueue({ content: 'Hi.' });
    const spaced = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_MODEL: ' test-model \n' });
    expect(spaced).toMatchObject({ status: 0, stdout: 'Hi.\n' });
    expect(w.server.requests[0]!.body.model).toBe('test-model');
    const blank = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, IAS_LLM_MODEL: '  ' });
    expect(blank.status).toBe(1);
    expect(blank.stderr).toMatch(/^error: No model name is set: set IAS_LLM_MODEL/);
    expect(w.server.requests).toHaveLength(1);
  });

  it('saved settings are used; IAS_LLM_* override them, and an empty IAS_LLM_API_KEY leaves the saved key', async () => {
    const w = await chatWorld();
    const runtime = await openRuntime({ home: w.home, systemSkills: path.join(w.home, 'system') });
    // The same server by another path: the saved key is its own, and goes to the variable's path.
    await settingsApi(runtime, {}).saveProvider({
      baseUrl: `${new URL(w.server.url).origin}/saved/v1`,
      model: 'saved-model',
      apiKey: 'sk-saved',
    });
    await runtime.close();
    w.server.enqueue({ content: 'One.' }, { content: 'Two.' });
    const env = { IAS_LLM_BASE_URL: w.server.url, IAS_LLM_MODEL: '', IAS_LLM_API_KEY: '' };
    expect(await iasAsync(['chat', 'hi', ...w.args], env)).toMatchObject({ status: 0, stdout: 'One.\n' });
    expect(w.server.requests[0]!.body.model).toBe('saved-model');
    expect(w.server.requests[0]!.headers.authorization).toBe('Bearer sk-saved');
    const overridden = { ...env, IAS_LLM_MODEL: 'env-model', IAS_LLM_API_KEY: 'sk-env' };
    expect(await iasAsync(['chat', 'hi', ...w.args], overridden)).toMatchObject({ status: 0, stdout: 'Two.\n' });
    expect(w.server.requests[1]!.body.model).toBe('env-model');
    expect(w.server.requests[1]!.headers.authorization).toBe('Bearer sk-env');
  });

  it('on a terminal, a web page at that address is said and the chat goes on', async () => {
    const w = await chatWorld();
    const page = await serverAt(() => ({ text: OPEN_WEBUI, contentType: 'text/html' }));
    const term = iasOnTerminal(['chat', ...w.args], { ...w.env, IAS_LLM_BASE_URL: page.url, ...CHINESE });
    await term.waitFor('我> ');
    term.type('你好\r');
    await term.waitFor('我> ', 2);
    expect(term.screen()).toContain(`错误：${page.url} 返回的是一个网页（“Open WebUI”）`);
    term.type('/exit\r');
    expect(await term.exited).toBe(0);
  });
});
