/**
 * How the web UI shows `ias serve` its access token, for both sides: the printed link carries it in
 * the fragment (`/#token=…`); the WebSocket offers it as a subprotocol; `GET /api/session` with a
 * Bearer header says whether it is right.
 */

/** The fragment parameter of the printed link (and the query parameter of older links). */
export const TOKEN_PARAM = 'token';
/** The subprotocol a WebSocket offers (and the server echoes) next to its token. */
export const WS_PROTOCOL = 'ias';
/** The token travels as the subprotocol `ias-token.<TOKEN>` (base64url is valid subprotocol text). */
export const WS_TOKEN_PREFIX = 'ias-token.';
/** `GET` with `Authorization: Bearer <token>`: 204 when the token is right, 401 when not. */
export const SESSION_PATH = '/api/session';

/** What a WebSocket offers as `Sec-WebSocket-Protocol` to show the token. */
export function wsProtocols(token: string): string[] {
  return [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${token}`];
}
