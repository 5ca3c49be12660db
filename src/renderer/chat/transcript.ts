/**
 * A conversation as the chat shows it: the user's messages, one block per assistant turn (its
 * reasoning, text and tool calls in order). Built from stored messages, then kept up
 * to date by the live `chat` events of a turn. Pure functions, no React.
 */
import type { ApiErrorCode, ChatEvent, ChatMessage, MessageCode, ToolCallStatus } from '../../shared/contract.js';
import { refusalStatus } from '../../shared/refusals-for-model.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';
import { parseMaybeJson } from '../ui/format.js';

export interface ToolView {
  id: string;
  name: string;
  arguments: string;
  status: ToolCallStatus;
  result?: unknown;
  /** Why it did not run, by its code, when iAs said it: said in the UI's language. */
  code?: ToolErrorCode;
}

export type Part =
  | { type: 'text'; text: string }
  | { type: 'tool'; tool: ToolView }
  /**
   * A line about how the turn went: `text` in English, `messageCode` to say it in the UI's language;
   * or, for a turn that could not start, `apiCode` (the failed call's code).
   */
  | { type: 'notice' | 'error'; text: string; messageCode?: MessageCode; apiCode?: ApiErrorCode };

export interface UserItem {
  kind: 'user';
  key: string;
  text: string;
  createdAt: number;
  /** Sent from this window in this session (not loaded from the store). */
  local?: boolean;
}

export interface AssistantItem {
  kind: 'assistant';
  key: string;
  createdAt: number;
  parts: Part[];
  reasoning: string;
  /** How many tool calls the block had when its reasoning last grew (live): more since is a new round. */
  reasoningCalls?: number;
  /** The turn this block belongs to while it is (or was, in this session) live. */
  turnId?: string;
  live: boolean;
  stopped?: boolean;
  retry?: { message: string; until: number; messageCode?: MessageCode };
}

export type Item = UserItem | AssistantItem;

const REFUSED_PREFIX = '用户拒绝了你的调用';
const UNCONFIRMED_PREFIX = '用户没有确认操作';

/** A stored tool message's status, from what the model was given (of a call of `skill`). */
export function statusOfToolResult(content: string, skill: string): { status: ToolCallStatus; result: unknown } {
  return statusOfResult(parseMaybeJson(content), skill);
}

/** A result as the model was given it (a refusal's words, or the result object) → its card's status. */
function statusOfResult(result: unknown, skill: string): { status: ToolCallStatus; result: unknown } {
  const refusal = refusalStatus(skill, result);
  if (refusal) return { status: refusal, result };
  if (typeof result === 'string' && result.startsWith(REFUSED_PREFIX)) return { status: 'refused', result };
  if (typeof result === 'string' && result.startsWith(UNCONFIRMED_PREFIX)) return { status: 'unconfirmed', result };
  if (result && typeof result === 'object' && !Array.isArray(result)) {
    const record = result as Record<string, unknown>;
    if (record.status === 'running in background') return { status: 'background', result };
    if (record.success === false) return { status: 'error', result };
  }
  return { status: 'done', result };
}

/**
 * A stored tool message's card (of a call of `skill`): for a call gone on in the background, as far
 * as its job got. How the call ended, when it was kept (the message's, or its job's), else as far as
 * what the model was given tells.
 */
function toolOutcome(
  message: ChatMessage,
  skill: string,
): { status: ToolCallStatus; result: unknown; code?: ToolErrorCode } {
  const background = message.background;
  if (!background && message.callStatus) return { status: message.callStatus, result: parseMaybeJson(message.content) };
  if (!background || background.status === 'running') return statusOfToolResult(message.content, skill);
  if (background.status === 'interrupted') {
    return { status: 'error', result: { success: false, error: 'interrupted: iAs stopped before this call ended' } };
  }
  const why = background.code ? { code: background.code } : {};
  if (background.callStatus) return { status: background.callStatus, result: background.result, ...why };
  return { ...statusOfResult(background.result, skill), ...why };
}

/** A notice or error part (its code only when it came with one). */
function line(type: 'notice' | 'error', text: string, messageCode: MessageCode | undefined): Part {
  return messageCode ? { type, text, messageCode } : { type, text };
}

function lastAssistant(items: Item[]): AssistantItem | undefined {
  const last = items[items.length - 1];
  return last?.kind === 'assistant' ? last : undefined;
}

/** The assistant block a stored message joins: the last item when it is one, else a new block. */
function blockFor(items: Item[], message: ChatMessage): AssistantItem {
  const last = lastAssistant(items);
  if (last) return last;
  const block: AssistantItem = {
    kind: 'assistant',
    key: `m${message.id}`,
    createdAt: message.createdAt,
    parts: [],
    reasoning: '',
    live: false,
  };
  items.push(block);
  return block;
}

/** Stored messages → items. Tool calls with no recorded result are shown as failed unless `live`. */
export function fromMessages(messages: ChatMessage[]): Item[] {
  const items: Item[] = [];
  const tools = new Map<string, ToolView>();
  for (const message of messages) {
    if (message.role === 'user') {
      items.push({ kind: 'user', key: `m${message.id}`, text: message.content, createdAt: message.createdAt });
    } else if (message.role === 'system' && message.shown) {
      // How the turn went (a notice, the provider's failure), shown with its reply.
      const block = blockFor(items, message);
      if (message.shown === 'stopped') block.stopped = true;
      else block.parts.push(line(message.shown, message.content, message.shownCode));
    } else if (message.role === 'system') {
      // A note for the model (a background result): the owner sees it on its call's card.
    } else if (message.role === 'assistant') {
      const block = blockFor(items, message);
      if (message.reasoning) block.reasoning += (block.reasoning ? '\n\n' : '') + message.reasoning;
      if (message.content) block.parts.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls ?? []) {
        const tool: ToolView = { id: call.id, name: call.name, arguments: call.arguments, status: 'running' };
        tools.set(call.id, tool);
        block.parts.push({ type: 'tool', tool });
      }
    } else if (message.role === 'tool' && message.toolCallId) {
      const tool = tools.get(message.toolCallId);
      if (tool)
        Object.assign(tool, toolOutcome(message, tool.name), message.resultCode ? { code: message.resultCode } : {});
    }
  }
  return items;
}

/** Tool calls left running in stored history belong to a turn that ended without a result. */
export function settleOrphans(items: Item[]): Item[] {
  return items.map((item) =>
    item.kind === 'assistant' && item.parts.some((p) => p.type === 'tool' && p.tool.status === 'running')
      ? {
          ...item,
          parts: item.parts.map((p) =>
            p.type === 'tool' && p.tool.status === 'running' ? { ...p, tool: { ...p.tool, status: 'error' } } : p,
          ),
        }
      : item,
  );
}

/**
 * A page of stored messages as the chat shows it: calls left without a result failed, except in a
 * turn still under way (in another iAs process, such as `ias chat`), whose results are to come.
 */
export function storedItems(messages: ChatMessage[]): Item[] {
  const items = fromMessages(messages);
  if (messages.at(-1)?.underWay !== true) return settleOrphans(items);
  return [...settleOrphans(items.slice(0, -1)), ...items.slice(-1)];
}

/** The stored message an item was made from (its first one); undefined for an item of this session. */
function storedId(item: Item): number | undefined {
  const match = /^m(\d+)$/.exec(item.key);
  return match ? Number(match[1]) : undefined;
}

/**
 * The items shown before the stored message `id` (a turn's first): those made from earlier stored
 * messages, up to the first that is not (one sent or streamed in this session, read again since).
 */
export function storedBefore(items: Item[], id: number): Item[] {
  const end = items.findIndex((item) => {
    const stored = storedId(item);
    return stored === undefined || stored >= id;
  });
  return end < 0 ? items : items.slice(0, end);
}

function mapTool(item: AssistantItem, id: string, update: (tool: ToolView) => ToolView): AssistantItem {
  return {
    ...item,
    parts: item.parts.map((p) => (p.type === 'tool' && p.tool.id === id ? { ...p, tool: update(p.tool) } : p)),
  };
}

function hasTool(item: Item, id: string): boolean {
  return item.kind === 'assistant' && item.parts.some((p) => p.type === 'tool' && p.tool.id === id);
}

/** A background call's outcome → the card's status (one the card does not know of failed). */
export function backgroundStatus(status: string): ToolCallStatus {
  return status === 'done' || status === 'refused' || status === 'unconfirmed' ? status : 'error';
}

/**
 * Reasoning streamed onto a live block. A round's thinking after a tool call (the next round's)
 * starts apart from the last round's, as the stored rounds are shown (see fromMessages).
 */
function withReasoning(item: AssistantItem, text: string): AssistantItem {
  const calls = toolsOf(item).length;
  const apart = item.reasoning !== '' && calls !== (item.reasoningCalls ?? 0);
  return { ...item, reasoning: item.reasoning + (apart ? '\n\n' : '') + text, reasoningCalls: calls };
}

/**
 * Text of the reply under way moved to its reasoning (`to: 'reasoning'`: it was thinking), or back:
 * taken from the end of the text (or of the reasoning), where it streamed.
 */
function moved(item: AssistantItem, to: 'reasoning' | 'text', text: string): AssistantItem {
  const parts = [...item.parts];
  const last = parts[parts.length - 1];
  if (to === 'reasoning') {
    if (last?.type === 'text' && last.text.endsWith(text)) {
      const rest = last.text.slice(0, last.text.length - text.length);
      if (rest) parts[parts.length - 1] = { type: 'text', text: rest };
      else parts.pop();
    }
    return { ...withReasoning(item, text), parts };
  }
  // Taken back with the line that set it apart from an earlier round's, if that is all that stays.
  const reasoning = item.reasoning.endsWith(text)
    ? item.reasoning.slice(0, item.reasoning.length - text.length).replace(/\n\n$/, '')
    : item.reasoning;
  if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: last.text + text };
  else parts.push({ type: 'text', text });
  return { ...item, parts, reasoning };
}

/** One live event applied to a turn's block. */
export function applyEvent(item: AssistantItem, event: ChatEvent, now = Date.now()): AssistantItem {
  switch (event.kind) {
    case 'delta': {
      const parts = [...item.parts];
      const last = parts[parts.length - 1];
      if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: last.text + event.text };
      else parts.push({ type: 'text', text: event.text });
      return { ...item, parts, retry: undefined };
    }
    case 'reasoning':
      return { ...withReasoning(item, event.text), retry: undefined };
    case 'moved':
      return moved(item, event.to, event.text);
    case 'tool-call':
      if (hasTool(item, event.id)) return item;
      return {
        ...item,
        parts: [
          ...item.parts,
          { type: 'tool', tool: { id: event.id, name: event.name, arguments: event.arguments, status: 'running' } },
        ],
      };
    case 'tool-result':
      return mapTool(item, event.id, (tool) => ({
        ...tool,
        status: event.status,
        result: event.result,
        ...(event.code ? { code: event.code } : {}),
      }));
    case 'background-result':
      return mapTool(item, event.id, (tool) => ({
        ...tool,
        status: backgroundStatus(event.status),
        result: event.result,
        ...(event.code ? { code: event.code } : {}),
      }));
    case 'retry': {
      const retry = { message: event.message, until: now + event.delayMs };
      return { ...item, retry: event.messageCode ? { ...retry, messageCode: event.messageCode } : retry };
    }
    case 'notice':
      return { ...item, parts: [...item.parts, line('notice', event.message, event.messageCode)] };
    case 'error':
      return { ...item, parts: [...item.parts, line('error', event.message, event.messageCode)], retry: undefined };
    case 'done': {
      const shown = item.parts.some((p) => p.type === 'error');
      const parts: Part[] =
        event.error && !shown ? [...item.parts, line('error', event.error, event.errorCode)] : item.parts;
      return { ...item, parts, live: false, stopped: event.stopped, retry: undefined };
    }
  }
}

/** A background result may land in any earlier block of the conversation. */
export function applyBackgroundResult(items: Item[], event: Extract<ChatEvent, { kind: 'background-result' }>): Item[] {
  return items.map((item) => (item.kind === 'assistant' && hasTool(item, event.id) ? applyEvent(item, event) : item));
}

export function hasToolAnywhere(items: Item[], id: string): boolean {
  return items.some((item) => hasTool(item, id));
}

/** The tool calls of a block, in order. */
export function toolsOf(item: AssistantItem): ToolView[] {
  return item.parts.flatMap((p) => (p.type === 'tool' ? [p.tool] : []));
}
