/**
 * Why a connection to the model server failed, in words people can act on. The openai client
 * says only "Connection error."; the reason is in the error under it (fetch's, then the system's):
 * nothing listening at that port, `localhost` that led to IPv6 where nothing listens, a host name
 * DNS does not know, https to a plain-http port, a certificate nobody here trusts, a port fetch
 * refuses to connect to.
 */
import { turnMessage, type TurnMessage } from './turn-messages.js';

interface SystemError extends Error {
  code?: string;
  address?: string;
  port?: number;
  errors?: unknown[];
}

/** Certificates that a company proxy or one's own authority would sign (NODE_EXTRA_CA_CERTS helps). */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/**
 * The deepest error with a code under `error`, and the addresses tried (several when both IPv6
 * and IPv4 were, as Node does for a name with both: an AggregateError of each try).
 */
function systemError(error: unknown): { cause?: SystemError; tried: string[] } {
  let cause: SystemError | undefined;
  let tried: string[] = [];
  let at: unknown = error;
  for (let depth = 0; depth < 6 && at instanceof Error; depth++) {
    const current = at as SystemError;
    if (current.code) cause = current;
    const tries = (current.errors ?? []).filter((e): e is SystemError => e instanceof Error);
    if (tries.length > 0) tried = tries.flatMap((e) => (e.address ? [e.address] : []));
    at = current.cause ?? tries.find((e) => e.code);
  }
  if (tried.length === 0 && cause?.address) tried = [cause.address];
  return { cause, tried };
}

/** Whether fetch refused the URL's port itself (undici's network error "bad port"). */
function blockedPort(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; depth < 6 && at instanceof Error; depth++) {
    if (at.message === 'bad port') return true;
    at = at.cause;
  }
  return false;
}

/** `url` with another scheme or host (for a base URL to try instead). */
function withUrl(baseUrl: string, change: (url: URL) => void): string {
  const url = new URL(baseUrl);
  change(url);
  return url.href.replace(/\/+$/, '');
}

export function connectionFailure(error: Error, baseUrl: string): TurnMessage & { retryable: boolean } {
  const { cause, tried } = systemError(error);
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  const code = cause?.code ?? '';
  // OpenSSL's own lines are long and cryptic: their code says it.
  const detail = !cause ? error.message : /:error:/.test(cause.message) ? code : cause.message;
  const line = (params: Partial<Parameters<typeof turnMessage<'server-unreachable'>>[1]>, retryable: boolean) => ({
    ...turnMessage('server-unreachable', { baseUrl, detail, ...params }),
    retryable,
  });
  // fetch never connects to the ports browsers block (9, 6000, 6665-6669, 10080…): no system error.
  if (url && blockedPort(error)) {
    return line({ reason: 'blocked-port', port: url.port || (url.protocol === 'https:' ? '443' : '80') }, false);
  }
  if (!url || !cause) return line({}, true);
  if (code === 'ECONNREFUSED') {
    // The address refused, or the name when several were tried.
    const host = tried.length === 1 ? tried[0]! : url.hostname;
    const address = `${host.includes(':') ? `[${host}]` : host}:${cause.port ?? (url.port || (url.protocol === 'https:' ? 443 : 80))}`;
    // Only IPv6 was tried, where the name led (a server on 127.0.0.1 only is not there).
    if (url.hostname === 'localhost' && tried.length > 0 && tried.every((a) => a.includes(':'))) {
      const ipv4 = withUrl(baseUrl, (u) => (u.hostname = '127.0.0.1'));
      return line({ reason: 'ipv6-localhost', address, url: ipv4 }, true);
    }
    return line({ reason: 'refused', address }, true);
  }
  if (code === 'ENOTFOUND') return line({ reason: 'no-such-host', host: url.hostname }, false);
  // No name server answered (offline, or DNS blocked): asking again may help.
  if (code === 'EAI_AGAIN') return line({ reason: 'no-name-server', host: url.hostname }, true);
  if (url.protocol === 'https:' && (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/.test(detail))) {
    return line({ reason: 'not-https', url: withUrl(baseUrl, (u) => (u.protocol = 'http:')) }, false);
  }
  if (UNTRUSTED.has(code)) return line({ reason: 'untrusted-certificate' }, false);
  return line({}, true);
}
