/**
 * What one client may take of `ias serve`, in one place. The defaults never bother an owner with a
 * few tabs (a tab holds one WebSocket and at most six HTTP connections); they stop anyone who can
 * reach the port (with or without the token) from exhausting its sockets or memory.
 */

export interface ServeLimits {
  /** Open connections (HTTP and WebSocket alike) past which a new one's request is answered 503 and closed. */
  maxConnections: number;
  /** Further connections still accepted to be answered 503; past them Node drops new ones unanswered. */
  refusedConnections: number;
  /** Open WebSockets past which an upgrade (with the token) is taken and closed at once with 1013, "Try Again Later". */
  maxWsClients: number;
  /** A request's headers must all arrive within this (slow-loris), else 408 and closed. */
  headersTimeoutMs: number;
  /** A whole request must arrive within this, else 408 and closed. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often the two time-outs above are checked (Node's default is 30 s, which would add to them). */
  timeoutCheckMs: number;
}

export const SERVE_LIMITS: Readonly<ServeLimits> = {
  maxConnections: 128,
  refusedConnections: 32,
  maxWsClients: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckMs: 1_000,
};

/** Request headers, all together (Node's default, stated). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** No route reads a request body: one announced is refused and its connection closed, unread. */
export const MAX_BODY_BYTES = 0;
/** One WebSocket frame (text, JSON). */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** A socket that lets this much pile up unread is too slow to keep. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** A WebSocket that answers no ping within this is cut. */
export const HEARTBEAT_MS = 30_000;
/** At most one log line per kind of refusal in this time, however many are refused. */
export const REFUSAL_LOG_EVERY_MS = 60_000;
