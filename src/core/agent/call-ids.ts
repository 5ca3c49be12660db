/**
 * Tool-call ids that tell the calls of a conversation apart. A call's id pairs it with its result
 * (for the model, which matches results to calls by id or by position among them, and for the
 * chat's cards); a model that gives two calls of one reply the same id, or reuses one an earlier
 * call of the conversation had, would have results go with the wrong call. Such a call is given an
 * id of its own, drawn from the one it came with.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { StreamedToolCall } from './stream.js';

/** The ids of the tool calls the messages carry. */
export function callIdsIn(messages: readonly ChatCompletionMessageParam[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) if (m.role === 'assistant') for (const c of m.tool_calls ?? []) ids.add(c.id);
  return ids;
}

/** `calls`, each with an id `taken` does not hold (`<id>_2`, `<id>_3`… for one it does); `taken` gets each. */
export function withOwnIds(calls: readonly StreamedToolCall[], taken: Set<string>): StreamedToolCall[] {
  return calls.map((call) => {
    let id = call.id;
    for (let n = 2; taken.has(id); n++) id = `${call.id}_${n}`;
    taken.add(id);
    return id === call.id ? call : { ...call, id };
  });
}

/**
 * A reply's reasoning blocks (OpenRouter's) with the calls' new ids: an encrypted block names the
 * call its thought signature belongs to by id, and is sent back with it. A block of an id two calls
 * of the reply shared (which of them it belongs to cannot be told) keeps the id it came with.
 */
export function detailsWithOwnIds(
  details: Record<string, unknown>[] | undefined,
  before: readonly StreamedToolCall[],
  after: readonly StreamedToolCall[],
): Record<string, unknown>[] | undefined {
  const renamed = new Map<string, string>();
  const shared = new Set<string>();
  before.forEach((call, i) => {
    if (renamed.has(call.id) || shared.has(call.id)) {
      renamed.delete(call.id);
      shared.add(call.id);
    } else if (after[i] && after[i].id !== call.id) renamed.set(call.id, after[i].id);
    else shared.add(call.id);
  });
  if (!details || renamed.size === 0) return details;
  return details.map((d) => (typeof d.id === 'string' && renamed.has(d.id) ? { ...d, id: renamed.get(d.id) } : d));
}
