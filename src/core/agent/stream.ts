/**
 * One streamed Chat Completions request: text and reasoning deltas go out as they arrive; tool
 * calls split over chunks are put back together by their index.
 */
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

export interface StreamedToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface StreamedReply {
  content: string;
  reasoning: string;
  toolCalls: StreamedToolCall[];
  finishReason: string | null;
}

export interface StreamHandlers {
  onDelta?: (text: string) => void;
  onReasoning?: (text: string) => void;
}

/** Chunks as some providers send them: DeepSeek adds `reasoning_content`. */
interface DeltaWithReasoning {
  content?: string | null;
  reasoning_content?: string | null;
  tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

export class StreamCutError extends Error {
  constructor(
    readonly partial: StreamedReply,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export async function streamCompletion(
  client: OpenAI,
  params: Omit<ChatCompletionCreateParamsStreaming, 'stream'>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<StreamedReply> {
  const stream = await client.chat.completions.create({ ...params, stream: true }, { signal });
  const reply: StreamedReply = { content: '', reasoning: '', toolCalls: [], finishReason: null };
  const calls = new Map<number, StreamedToolCall>();
  try {
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta as DeltaWithReasoning;
      if (delta.reasoning_content) {
        reply.reasoning += delta.reasoning_content;
        handlers.onReasoning?.(delta.reasoning_content);
      }
      if (delta.content) {
        reply.content += delta.content;
        handlers.onDelta?.(delta.content);
      }
      for (const part of delta.tool_calls ?? []) {
        let call = calls.get(part.index);
        if (!call) {
          call = { id: part.id ?? `call_${part.index}`, name: '', arguments: '' };
          calls.set(part.index, call);
        }
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
      }
      if (choice.finish_reason) reply.finishReason = choice.finish_reason;
    }
  } catch (error) {
    reply.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
    throw new StreamCutError(reply, error);
  }
  reply.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
  return reply;
}
