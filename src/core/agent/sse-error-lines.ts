/**
 * llama.cpp's server, in builds before September 2025 (fixed by ggml-org/llama.cpp#16109), sends an
 * error that happens once a stream has begun (a prompt larger than its context, most often) as an
 * SSE field of its own, `error: {"code":400,"message":…}`, followed by `data: [DONE]`. SSE readers,
 * the openai client's among them, drop fields they do not know: the turn would end as an empty
 * reply, the reason lost. Such a line is rewritten as the `data: {"error": …}` event OpenAI and
 * others send, which the client throws as an APIError. Every other byte passes as it came. Used
 * only when a stream that held no event is asked again (see ProviderRequests): the second stream
 * costs each chunk 0.1-0.2 ms.
 */

const NEWLINE = 0x0a;
const ERROR_FIELD = Buffer.from('error:');

/** An `error:` line (its value, with any `\r` left off), or undefined for any other line. */
function errorValue(line: string): string | undefined {
  const match = /^error: ?(.*?)\r?$/.exec(line);
  return match ? match[1] : undefined;
}

/** A line as the client can read it: an `error:` line as a `data:` event, any other as it came. */
function readable(line: string): string {
  const value = errorValue(line);
  if (value === undefined) return line;
  let error: unknown;
  try {
    error = JSON.parse(value);
  } catch {
    error = undefined;
  }
  const body = typeof error === 'object' && error !== null ? error : { message: value };
  return `data: ${JSON.stringify({ error: body })}`;
}

/** The lines of `text` whole; what follows the last newline is kept for the next piece. */
function rewriteLines(text: string): { out: string; rest: string } {
  const end = text.lastIndexOf('\n');
  if (end === -1) return { out: '', rest: text };
  const lines = text.slice(0, end).split('\n');
  return { out: `${lines.map(readable).join('\n')}\n`, rest: text.slice(end + 1) };
}

/** The response with llama.cpp's `error:` lines as `data:` events; one that is not an event stream as it is. */
export function errorLinesAsEvents(response: Response): Response {
  if (!response.body || !/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) return response;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let rest = '';
  // Whether the decoder holds nothing back: the last chunk read through it ended a line.
  let whole = true;
  const rewrite = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      // Whole lines with no error field in them (nearly every chunk) pass as they came, undecoded.
      if (
        whole &&
        chunk[chunk.length - 1] === NEWLINE &&
        Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).indexOf(ERROR_FIELD) === -1
      ) {
        controller.enqueue(chunk);
        return;
      }
      whole = chunk[chunk.length - 1] === NEWLINE;
      const lines = rewriteLines(rest + decoder.decode(chunk, { stream: true }));
      rest = lines.rest;
      if (lines.out) controller.enqueue(encoder.encode(lines.out));
    },
    flush(controller) {
      const last = rest + decoder.decode();
      if (!last) return;
      controller.enqueue(encoder.encode(readable(last)));
    },
  });
  const headers = new Headers(response.headers);
  // The body is decoded already, and its length may change.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(response.body.pipeThrough(rewrite), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
