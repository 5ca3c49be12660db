/**
 * How the web UI shows `ias serve` its access token, for both sides: the printed link carries it in
 * the fragment (`/#token=…`); the WebSocket offers it as a subprotocol; `GET /api/session` with a
 * Bearer header says whether it is right. And how the server says, where a browser can read it, that
 * it is too busy to take one more WebSocket.
 */

/** The fragment parameter of the printed link (and the query parameter of older links). */
export const TOKEN_PARAM = 'token';
/** The subprotocol a WebSocket offers (and the server echoes) next to its token. */
export const WS_PROTOCOL = 'ias';
/**
 * Offered too; the server answers it (not `ias`) only when it takes the upgrade to close it at once,
 * too busy for one more socket: the page knows as the socket opens, and sends nothing on it.
 */
export const WS_BUSY_PROTOCOL = 'ias-busy';
/** The close code of such a socket: 1013, "Try Again Later" (a browser reads a close code, never a refused upgrade's status). */
export const WS_BUSY_CLOSE = 1013;
/** The token travels as the subprotocol `ias-token.<TOKEN>` (base64url is valid subprotocol text). */
export const WS_TOKEN_PREFIX = 'ias-token.';
/** `GET` with `Authorization: Bearer <token>`: 204 when the token is right, 401 when not. */
export const SESSION_PATH = '/api/session';

/** What a WebSocket offers as `Sec-WebSocket-Protocol` to show the token. */
export function wsProtocols(token: string): string[] {
  return [WS_PROTOCOL, WS_BUSY_PROTOCOL, `${WS_TOKEN_PREFIX}${token}`];
}
