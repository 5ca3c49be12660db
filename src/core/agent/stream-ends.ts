/**
 * Whether an event stream ended with `data: [DONE]`. The openai client reads that line and says
 * nothing of it, yet it tells a whole stream from a cut one: a stream that closed (cleanly, as a
 * proxy closes one on its timeout) after some of its reply, with neither a finish reason nor
 * `[DONE]`, was cut on its way; one that sent `[DONE]` and no finish reason is whole (vllm-mlx,
 * GenieX and some gateways never send one). The body's bytes are looked at as the client reads
 * them, not passed through a second stream (which costs 0.1-0.2 ms a request, see error-bodies).
 */

const DONE = Buffer.from('[DONE]');
/** `data: [DONE]` but its last byte: what a chunk may end with when the line goes on in the next. */
const KEEP = 'data: [DONE]'.length - 1;
const SPACE = 0x20;
const CLOSE = 0x5d; // ]

/** Whether `bytes` hold a `data: [DONE]` (or `data:[DONE]`) line, as the client reads it. */
function holdsDone(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(DONE); at !== -1; at = bytes.indexOf(DONE, at + 1)) {
    const field = bytes[at - 1] === SPACE ? at - 1 : at;
    if (field >= 5 && bytes.toString('latin1', field - 5, field) === 'data:') return true;
  }
  return false;
}

/**
 * Watches the body `response` has (read later, by the client) for `data: [DONE]`, telling `onBytes`
 * of each chunk of bytes that comes (a keep-alive comment too); returns whether `[DONE]` came so far. A body that cannot be watched, or was read some other way (no chunk went by),
 * counts as one that had it: the stream is read as it was before.
 */
export function watchForDone(response: Response, onBytes?: () => void): () => boolean {
  const body = response.body as (ReadableStream<Uint8Array> & AsyncIterable<Uint8Array>) | null;
  const values = body?.[Symbol.asyncIterator];
  if (!body || typeof values !== 'function') return () => true;
  let seen = false;
  let looked = false;
  // The chunk before, where a line cut over two chunks begins.
  let before: Buffer | undefined;
  const look = (chunk: Uint8Array) => {
    onBytes?.();
    if (seen) return;
    looked = true;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // A line cut over two chunks has its `]` among the first bytes of the second.
    const cut = before !== undefined && bytes.subarray(0, KEEP).includes(CLOSE);
    seen = holdsDone(bytes) || (cut && holdsDone(Buffer.concat([before!.subarray(-KEEP), bytes.subarray(0, KEEP)])));
    before = bytes.length >= KEEP || !before ? bytes : Buffer.concat([before, bytes]);
  };
  // The client iterates the body (Node's streams are async iterables): each chunk is looked at on its way.
  Object.defineProperty(body, Symbol.asyncIterator, {
    configurable: true,
    value(...args: unknown[]): AsyncIterator<Uint8Array> {
      const inner = (values as (...a: unknown[]) => AsyncIterator<Uint8Array>).apply(body, args);
      return {
        next: () =>
          inner.next().then((step) => {
            if (!step.done) look(step.value);
            return step;
          }),
        return: (value?: unknown) => inner.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
        [Symbol.asyncIterator]() {
          return this;
        },
      } as AsyncIterator<Uint8Array>;
    },
  });
  return () => seen || !looked;
}
