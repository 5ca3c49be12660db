/**
 * End-to-end harness: the built renderer served by the real `ias serve` (a child process, real
 * SQLite, real skills), the scripted model server, and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { API_KEY_SECRET, saveProvider } from '../../src/core/agent/providers.js';
import { FileSecretStore } from '../../src/core/approval/key-store.js';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import type { ChatMessage, ConversationInfo } from '../../src/shared/contract.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { openSocket, type TestSocket } from '../server/helpers.js';
import { tempDir } from '../helpers/temp.js';

export const CHROMIUM = process.env.IAS_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve('test-results');

/**
 * How long a browser wait or action may take before it fails: well within a test's 30 s, so a wait
 * that never ends fails naming what it waited for (a locator, a click), not as the test's time-out.
 */
export const BROWSER_WAIT_MS = 15_000;

/** Debian's Chromium; each context it makes (pages' too) waits at most `BROWSER_WAIT_MS`. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_WAIT_MS);
    return context;
  };
  return browser;
}

/**
 * A page of the served app in a new browser context, signed in by the printed link, once the chat is
 * there; `beforeOpen` readies the page first (a route for its socket, say).
 */
export async function openServedPage(
  browser: Browser,
  app: Served,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    beforeOpen?: (page: Page) => Promise<void>;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1100, height: 900 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  await options.beforeOpen?.(page);
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return page;
}

export interface Served {
  home: string;
  /** The printed link, `http://127.0.0.1:PORT/#token=…`: it signs a browser context in (localStorage, per origin). */
  url: string;
  origin: string;
  token: string;
  model: ModelServer;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `ias serve` on a free port with a fresh home and a model server; resolves when it is ready.
 * The IAS_LLM_* variables point at that server unless `noModel` (a first run: nothing configured);
 * `setup` prepares the data folder (it may save the model server's address) and `script` readies
 * the model server, both before iAs starts (for what iAs asks at once, such as a task missed while off);
 * `env` sets variables of its own (an IAS_LLM_* one replaces the test's); `wechat` runs the WeChat bot
 * (over the puppet and account `setup` saves; without them it stays stopped).
 */
export async function serve(
  options: {
    home?: string;
    systemSkills?: string;
    setup?: (home: string, model: ModelServer) => void;
    noModel?: boolean;
    script?: (model: ModelServer) => void;
    env?: Record<string, string>;
    wechat?: boolean;
  } = {},
): Promise<Served> {
  const home = options.home ?? tempDir('ias-e2e-');
  const model = await startModelServer();
  options.setup?.(home, model);
  options.script?.(model);
  const args = [
    'serve',
    '--port',
    '0',
    ...(options.wechat ? [] : ['--no-wechat']),
    ...(options.systemSkills ? ['--system-skills', options.systemSkills] : []),
  ];
  const { IAS_LLM_BASE_URL: _url, IAS_LLM_MODEL: _model, IAS_LLM_API_KEY: _key, ...inherited } = process.env;
  const llm = options.noModel
    ? {}
    : { IAS_LLM_BASE_URL: model.url, IAS_LLM_MODEL: 'test-model', IAS_LLM_API_KEY: 'test-key' };
  const child = spawn(process.execPath, [path.resolve('bin/ias.mjs'), ...args], {
    env: { ...inherited, IAS_HOME: home, ...llm, ...options.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ias serve did not start:\n${output}`)), 20_000);
    const onData = (d: Buffer) => {
      output += d;
      const match = output.match(/iAs is ready at (\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d));
    child.on('exit', (code) => reject(new Error(`ias serve exited (${code}):\n${output}`)));
  });
  const parsed = new URL(url);
  return {
    home,
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '',
    model,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await model.close();
    },
  };
}

/**
 * A page of a new browser context (1280×800 and en-US unless `options` say otherwise) signed in to
 * `app` by its printed link, the chat open.
 */
export async function openApp(browser: Browser, app: Served, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...options });
  const page = await context.newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return page;
}

/** Runs `fn` with the UI's language set in Settings, as the owner sets it; then back to the system's. */
export async function inLanguage(page: Page, app: Served, language: string, fn: () => Promise<void>): Promise<void> {
  await page.goto(`${app.origin}/#/settings`);
  await page.selectOption('[data-testid="settings-language"]', language);
  try {
    await fn();
  } finally {
    await page.goto(`${app.origin}/#/settings`);
    await page.selectOption('[data-testid="settings-language"]', 'system');
  }
}

/**
 * Makes a new skill `name` on the skills page (open on `page`) and writes `text` in its editor in
 * place of the template, as the owner would paste it. Returns the editor's content.
 */
export async function writeNewSkill(page: Page, name: string, text: string): Promise<Locator> {
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill(name);
  await page.getByTestId('skill-new-create').click();
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  return editor;
}

/** A call the page makes on its socket, read as JSON. */
export interface AskedCall {
  id?: unknown;
  method?: string;
  params?: unknown[];
}

/** A frame held back from the page: the answer to `call`, or an `event` of the core's news. */
export interface HeldFrame {
  call?: AskedCall;
  event?: { type?: string };
}

/**
 * Relays `page`'s socket (one opened after this) to the real server, holding back the answers to
 * the calls `hold` picks as they are asked, and the news `holdEvent` picks, until `release` sends
 * them on in the order they came (those `pick` picks, or all). `asked` sees every call.
 */
export async function holdAnswers(
  page: Page,
  hold: (call: AskedCall) => boolean,
  asked?: (call: AskedCall) => void,
  holdEvent?: (event: { type?: string }) => boolean,
): Promise<{ held: () => number; release: (pick?: (frame: HeldFrame) => boolean) => void }> {
  const holding = new Map<unknown, AskedCall>();
  let waiting: (HeldFrame & { send: () => void })[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const call = JSON.parse(String(message)) as AskedCall;
      asked?.(call);
      if (hold(call)) holding.set(call.id, call);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id?: unknown; event?: { type?: string } };
      const send = () => ws.send(message);
      if (frame.id !== undefined && holding.has(frame.id)) waiting.push({ call: holding.get(frame.id), send });
      else if (frame.event && holdEvent?.(frame.event)) waiting.push({ event: frame.event, send });
      else send();
    });
  });
  return {
    held: () => waiting.length,
    release: (pick = () => true) => {
      const now = waiting.filter((frame) => pick(frame));
      waiting = waiting.filter((frame) => !now.includes(frame));
      for (const frame of now) frame.send();
    },
  };
}

/** A new page of `app` (en-US, 1280×800) at the chat, whose answers `hold` picks wait (`holdAnswers`). */
export async function openHolding(
  browser: Browser,
  app: Served,
  hold: (call: AskedCall) => boolean,
  holdEvent?: (event: { type?: string }) => boolean,
): Promise<{ page: Page; held: () => number; release: (pick?: (frame: HeldFrame) => boolean) => void }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const holding = await holdAnswers(page, hold, undefined, holdEvent);
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return { page, ...holding };
}

/**
 * Returns once `page` has taken in every answer released before this was called: the theme is
 * changed from another window, and its news comes on the same socket, after them.
 */
export async function answersTakenIn(app: Served, page: Page): Promise<void> {
  const theme = (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'light' : 'dark';
  const other = await otherClient(app);
  try {
    await other.call('saveSettings', { theme });
  } finally {
    other.socket.close();
  }
  await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
}

/** Resolves two frames later: a change already made has been laid out and painted by then. */
export const twoFrames = (page: Page): Promise<unknown> =>
  page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');

/** Saves a full-page screenshot under test-results/ (kept as a CI artifact). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Another client of the served API (its WebSocket, as a second window would open it). */
export interface OtherClient {
  socket: TestSocket;
  /** Calls a method; its error, if any, is thrown. */
  call<T>(method: string, ...params: unknown[]): Promise<T>;
}

/** The contract over the served WebSocket, signed in as the page is: to read or set what the page shows. */
export async function appSocket(app: Served): Promise<TestSocket> {
  return (await otherClient(app)).socket;
}

export async function otherClient(app: Served): Promise<OtherClient> {
  const opened = await openSocket(`${app.origin.replace('http', 'ws')}/ws`, {
    origin: app.origin,
    authorization: `Bearer ${app.token}`,
  });
  if (!('socket' in opened)) throw new Error(`the WebSocket was refused: ${opened.status}`);
  const { socket } = opened;
  return {
    socket,
    async call<T>(method: string, ...params: unknown[]): Promise<T> {
      const answer = await socket.call(method, ...params);
      if (answer.error) throw new Error(answer.error);
      return answer.result as T;
    },
  };
}

/** The conversations `app` has stored, read as another window would. */
export async function storedConversations(app: Served): Promise<ConversationInfo[]> {
  const other = await otherClient(app);
  try {
    return await other.call<ConversationInfo[]>('listConversations');
  } finally {
    other.socket.close();
  }
}

/**
 * Waits until no turn is under way in `app` (no conversation's last message is read as under way),
 * as another window would see it: a turn a test leaves going (its call just refused, say, the
 * model still to be told) has then made its last model request, so it cannot take an answer a
 * later test scripts on the same model server.
 */
export async function turnsEnded(app: Served, timeoutMs = 15_000): Promise<void> {
  const other = await otherClient(app);
  try {
    for (const deadline = Date.now() + timeoutMs; ; await sleep(50)) {
      const underWay: string[] = [];
      for (const { id } of await other.call<ConversationInfo[]>('listConversations'))
        if ((await other.call<ChatMessage[]>('getMessages', id, 1)).at(-1)?.underWay) underWay.push(id);
      if (underWay.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`a turn still under way after ${timeoutMs} ms in ${underWay.join(', ')}`);
    }
  } finally {
    other.socket.close();
  }
}

/** The last error line shown in the chat's transcript ('' when there is none; read without waiting for one). */
export const lastError = async (page: Page): Promise<string> =>
  (await page.locator('[data-testid="chat-error"]').allTextContents()).at(-1)?.trim() ?? '';

/** Types `text` in the chat's message box (once it takes text: fill waits for that), and sends it. */
export async function sendInChat(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="message-input"]').fill(text);
  await page.click('[data-testid="send-button"]');
}

/**
 * Saves a provider in `home`'s settings and its key in the key file, as Settings would (for a
 * `serve` setup, before iAs opens the folder). Returns the key file's path.
 */
export function saveModelSettings(home: string, provider: { baseUrl: string; model: string; apiKey: string }): string {
  const paths = dataPaths(home);
  const store = openStore(paths.database);
  try {
    saveProvider(store.settings, new FileSecretStore(paths.secrets), provider);
  } finally {
    store.close();
  }
  return path.join(paths.secrets, API_KEY_SECRET);
}
