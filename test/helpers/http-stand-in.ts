/**
 * A real HTTP server on 127.0.0.1 (random port) standing in for an outside service (QWeather,
 * Open-Meteo, Tavily, SearXNG). Each test routes requests to documented response shapes and then
 * looks at what the service received.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
}

export interface StandInReply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (with `contentType`). */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Never answer (a service that hangs); the socket is closed when the server closes. */
  hang?: boolean;
}

export type Route = (request: ReceivedRequest) => StandInReply | Promise<StandInReply>;

export interface StandIn {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Replaces the routing (the default answers 404 with a JSON error). */
  route(route: Route): void;
  close(): Promise<void>;
}

export async function startStandIn(route?: Route): Promise<StandIn> {
  const received: ReceivedRequest[] = [];
  let current: Route = route ?? (() => ({ status: 404, json: { error: 'no route in this test' } }));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? (JSON.parse(body) as unknown) : undefined;
      } catch {
        json = undefined;
      }
      const request: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        ...(json === undefined ? {} : { json }),
      };
      received.push(request);
      Promise.resolve()
        .then(() => current(request))
        .then((reply) => {
          if (reply.hang) return;
          const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
          res.writeHead(reply.status ?? 200, {
            'content-type': reply.json !== undefined ? 'application/json' : (reply.contentType ?? 'text/plain'),
            ...reply.headers,
          });
          res.end(text);
        })
        .catch((err: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(err.message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    route(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
