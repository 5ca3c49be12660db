/**
 * `startServer`: the contract over HTTP + WebSocket on one port — the built renderer over HTTP, the
 * API and its events over `/ws` — guarded by the access token. Loopback only unless told otherwise.
 * Connections, sockets and slow requests are capped (limits.ts), whoever the client is.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IasApi } from '../shared/contract.js';
import type { Locale } from '../shared/locale.js';
import type { StartRefusal } from '../shared/start-refusals-zh-CN.js';
import type { AuditExporter } from './audit-export-route.js';
import { TOKEN_PARAM } from './auth.js';
import { capConnections } from './connection-cap.js';
import { allowedHosts, DEFAULT_HOST, DEFAULT_PORT, isLoopback, isWildcard, urlHost } from './hosts.js';
import { httpHandler } from './http-handler.js';
import { MAX_HEADER_BYTES, SERVE_LIMITS, type ServeLimits } from './limits.js';
import { refusalNotice } from './refusal-notice.js';
import { rendererCsp } from './security-headers.js';
import { WsGateway, type EventSource } from './ws-gateway.js';

export interface ServerOptions {
  api: IasApi;
  events: EventSource;
  /** The audit log's export as the app saves it, in pieces (the core's auditExport). */
  auditExport: AuditExporter;
  token: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  /** SERVE_LIMITS unless given (tests shorten the time-outs). */
  limits?: Partial<ServeLimits>;
  /** Where a refusal for the limits is said, once a minute at most per kind (default: stderr). */
  log?: (line: string) => void;
  /** The language of those lines, as it is when each is said (default: English). */
  logLocale?: () => Locale;
}

export interface RunningServer {
  /** The address to open, the token in its fragment (never sent to a server): `http://127.0.0.1:PORT/#token=TOKEN`. */
  url: string;
  /** `http://host:port`, what pages of this server send as Origin. */
  origin: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

type ListenRefusal = Extract<StartRefusal, { code: 'serve-port-in-use' | 'serve-no-such-address' }>;

/** The port is taken, or the host is no address of this machine: said in the owner's language by the command. */
export class ListenRefusedError extends Error {
  constructor(readonly messageCode: ListenRefusal) {
    const { code, params } = messageCode;
    super(
      code === 'serve-port-in-use'
        ? `port ${params.port} on ${params.host} is already in use; choose another with --port (0 = any free port)`
        : `cannot listen on ${params.host}: no such address on this machine`,
    );
  }
}

function listen(server: http.Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(new ListenRefusedError({ code: 'serve-port-in-use', params: { host, port } }));
      } else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        reject(new ListenRefusedError({ code: 'serve-no-such-address', params: { host } }));
      } else {
        reject(err);
      }
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const rendererDir = fs.existsSync(options.rendererDir)
    ? fs.realpathSync(options.rendererDir)
    : path.resolve(options.rendererDir);
  // Known once the port is: until then no Host is accepted.
  const names: { allowed: Set<string> | undefined } = { allowed: new Set() };
  const hosts = () => names.allowed;
  const limits = { ...SERVE_LIMITS, ...options.limits };
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.timeoutCheckMs,
    maxHeaderSize: MAX_HEADER_BYTES,
  });
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const notice = () => refusalNotice(log, options.logLocale);
  const busy = capConnections(server, limits, { busy: notice(), dropped: notice() });
  const gateway = new WsGateway({
    api: options.api,
    events: options.events,
    token: options.token,
    hosts,
    maxClients: limits.maxWsClients,
    busy,
    notice: notice(),
  });
  const wsFull = () => gateway.full;
  server.on(
    'request',
    httpHandler({
      token: options.token,
      rendererDir,
      csp: rendererCsp(rendererDir),
      hosts,
      busy,
      wsFull,
      auditExport: options.auditExport,
    }),
  );
  server.on('upgrade', gateway.upgrade);
  let bound: AddressInfo;
  try {
    bound = await listen(server, host, options.port ?? DEFAULT_PORT);
  } catch (err) {
    await gateway.close();
    throw err;
  }
  const { port } = bound;
  names.allowed = allowedHosts(host, port);
  // A loopback name (`localhost`) is listened on at one of its addresses, and a browser may open
  // another first (Chromium tries ::1), where another user of this machine could listen on the same
  // port and read the token in the link: the link names the address listened on.
  const named = net.isIP(host) === 0 && isLoopback(host) ? bound.address : host;
  const shown = isWildcard(host) ? DEFAULT_HOST : urlHost(named);
  const origin = `http://${shown}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/#${TOKEN_PARAM}=${options.token}`,
    origin,
    host,
    port,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await gateway.close();
        await closed;
      })();
      return closing;
    },
  };
}
