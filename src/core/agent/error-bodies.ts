/**
 * The fetch the openai client is given: it reads error bodies as servers send them. Gemini's
 * OpenAI-compatible endpoint answers an error as a one-item JSON array (`[{"error": {…}}]`), which
 * the client would report as "no body", hiding why the request was refused (and what could mend
 * it); Mistral (and older vLLM) give it at the body's top level, not under `error`, which the client
 * reports the same way. A successful response passes untouched; with `readableErrorLines`, a
 * successful stream has llama.cpp's `error:` lines made events the client reads (see
 * sse-error-lines). That costs every chunk a second stream (0.1-0.2 ms a request here), so it is
 * only for asking again a server whose stream held no event at all.
 */
import { errorLinesAsEvents } from './sse-error-lines.js';

export const readableErrors: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  return response.ok ? response : readableBody(response);
};

export const readableErrorLines: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  return response.ok ? errorLinesAsEvents(response) : readableBody(response);
};

/**
 * An error given at the body's top level, not under `error`: Mistral's (and vLLM's)
 * `{"object": "error", "message": "…", "type": "…", "code": "3280"}`.
 */
function isBareError(parsed: unknown): parsed is Record<string, unknown> {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const body = parsed as Record<string, unknown>;
  return body.error === undefined && typeof body.message === 'string';
}

async function readableBody(response: Response): Promise<Response> {
  const text = await response.text();
  let body = text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.length === 1 && typeof parsed[0] === 'object' && parsed[0] !== null) {
      body = JSON.stringify(parsed[0]);
    } else if (isBareError(parsed)) {
      body = JSON.stringify({ error: parsed });
    }
  } catch {
    // Not JSON: the text as it came.
  }
  const headers = new Headers(response.headers);
  // The text is read (and decoded) already.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
