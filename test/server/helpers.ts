/** Shared by the server tests: a real core in a temp home behind a real server, and small HTTP/WebSocket clients. */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createCoreApi, type CoreApi } from '../../src/core/api/create-api.js';
import { DesktopChannel } from '../../src/core/channels/desktop-channel.js';
import { openRuntime, type Runtime } from '../../src/core/runtime.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/server.js';
import type { IasApi, IasEvent, WsPush, WsResponse } from '../../src/shared/contract.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

export const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvw';

export interface TestServer {
  home: string;
  runtime: Runtime;
  core: CoreApi;
  server: RunningServer;
  /** The methods that reached the API (and `auditExport`, each export made), in order. */
  calls: string[];
  base: string;
  close(): Promise<void>;
}

/** A small built renderer: a page with the app's meta CSP, one script, and a secret beside the folder. */
export function fakeRenderer(): string {
  const root = tempDir('ias-renderer-');
  const dir = path.join(root, 'renderer');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const source = fs.readFileSync('src/renderer/index.html', 'utf8');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    source.replace(
      '<script type="module" src="./main.tsx"></script>',
      '<script src="./assets/index-AbCd1234.js"></script>',
    ),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log("iAs");\n');
  fs.writeFileSync(path.join(dir, 'assets', 'style.css'), 'body { margin: 0 }\n');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'not for the browser\n');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(dir, 'link.txt'));
  return dir;
}

export async function startTestServer(
  rendererDir = fakeRenderer(),
  more: Pick<ServerOptions, 'limits' | 'log' | 'logLocale' | 'host'> = {},
): Promise<TestServer> {
  const home = tempDir('ias-serve-');
  // A user skill added outside the editor: it runs as High until reviewed, so it needs approval.
  writeSkill(
    path.join(home, 'skills'),
    'say_hello',
    scriptSkill({
      title: 'Say hello',
      script: 'echo "hello $SKILL_PARAM_NAME"',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
    }),
  );
  const late: { core?: CoreApi } = {};
  const runtime = await openRuntime({
    home,
    systemSkills: path.resolve('resources/skills'),
    recover: true,
    channels: [new DesktopChannel({ notify: (title, body) => late.core?.notify(title, body) })],
  });
  const core = createCoreApi(runtime, { version: '9.9.9-test' });
  late.core = core;
  const calls: string[] = [];
  const real = core.api;
  const api = new Proxy(real, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(key));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as IasApi;
  const server = await startServer({
    api,
    events: core.events,
    auditExport: (query, format) => {
      calls.push('auditExport');
      return core.auditExport(query, format);
    },
    token: TOKEN,
    rendererDir,
    port: 0,
    ...more,
  });
  return {
    home,
    runtime,
    core,
    server,
    calls,
    base: server.origin,
    async close() {
      await server.close();
      await core.close();
      await runtime.close();
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET (or another method) with exactly these headers and this raw path: no normalising, no redirects followed. */
export function request(
  base: string,
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<HttpAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method, headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export type SocketAttempt = { socket: TestSocket } | { status: number };

/** Opens a WebSocket (offering these subprotocols, if any), or reports the HTTP status that refused it. */
export function openSocket(
  url: string,
  headers: Record<string, string> = {},
  protocols: string[] = [],
): Promise<SocketAttempt> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.once('open', () => resolve({ socket: new TestSocket(ws) }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

export class TestSocket {
  readonly events: IasEvent[] = [];
  private readonly waiting = new Map<number, (answer: WsResponse) => void>();
  private readonly eventWaiters: { match: (e: IasEvent) => boolean; resolve: (e: IasEvent) => void }[] = [];
  private nextId = 1;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as WsResponse | WsPush;
      if ('event' in message) {
        this.events.push(message.event);
        for (const waiter of [...this.eventWaiters]) {
          if (waiter.match(message.event)) {
            this.eventWaiters.splice(this.eventWaiters.indexOf(waiter), 1);
            waiter.resolve(message.event);
          }
        }
        return;
      }
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  /** Sends any frame with a fresh id and waits for its answer. */
  send(frame: Record<string, unknown>): Promise<WsResponse> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, ...frame }));
    });
  }

  call(method: string, ...params: unknown[]): Promise<WsResponse> {
    return this.send({ method, params });
  }

  /** The first pushed event (already here or still to come) that matches. */
  event(match: (e: IasEvent) => boolean, timeoutMs = 10_000): Promise<IasEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such event arrived')), timeoutMs);
      this.eventWaiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
