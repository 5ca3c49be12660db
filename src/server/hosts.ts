/**
 * Which names the server answers to. On a loopback address it is `127.0.0.1`, `localhost` or `[::1]`
 * with its port — any other Host header is a DNS-rebinding attempt. A socket's Origin must be the
 * server's own origin, as the browser sees it.
 */
import net from 'node:net';
import type { IncomingMessage } from 'node:http';

/** Where `ias serve` listens unless told otherwise. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3717;

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (net.isIPv4(bare) && bare.startsWith('127.'));
}

export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * The address `given` names, as a browser writes it once it opens a link to it (and so sends it as
 * Host): `[::1]` or `0:0:0:0:0:0:0:1` is `::1`, `127.1` is `127.0.0.1`, `LOCALHOST` is `localhost`.
 * Anything that is not a bare host name or address (a port or path with it, a space…) stays as given.
 */
export function canonicalHost(given: string): string {
  const bare = given.replace(/^\[(.*)\]$/, '$1');
  // A port, a path, a user or a space with it is no bare name: left for listening to refuse.
  if (!net.isIPv6(bare) && /[\s:/?#@\\[\]]/.test(given)) return given;
  try {
    return new URL(`http://${net.isIPv6(bare) ? `[${bare}]` : given}/`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return given;
  }
}

/** `host` as it appears in a URL (IPv6 in brackets). */
export function urlHost(host: string): string {
  return net.isIPv6(host) ? `[${host}]` : host;
}

/** The Host headers (`name:port`) this server answers to; undefined when it listens everywhere. */
export function allowedHosts(host: string, port: number): Set<string> | undefined {
  if (isWildcard(host)) return undefined;
  const names = new Set([urlHost(host).toLowerCase()]);
  if (isLoopback(host)) LOOPBACK_NAMES.forEach((name) => names.add(name));
  // A browser leaves the default port out of Host and Origin.
  return new Set([...names].map((name) => (port === 80 ? name : `${name}:${port}`)));
}

/** True when the request's Host header names this server. */
export function hostAllowed(req: IncomingMessage, allowed: Set<string> | undefined): boolean {
  const host = req.headers.host?.toLowerCase();
  if (!host) return false;
  return allowed === undefined || allowed.has(host);
}

/** True when the request comes from a page of this server (its Origin is `http://<Host>`). */
export function sameOrigin(req: IncomingMessage, allowed: Set<string> | undefined): boolean {
  const origin = req.headers.origin?.toLowerCase();
  return hostAllowed(req, allowed) && origin !== undefined && origin === `http://${req.headers.host?.toLowerCase()}`;
}
