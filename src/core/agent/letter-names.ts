/**
 * Tool names for a server that wants each to begin with a letter (Moonshot: "function name is
 * invalid, must start with a letter and can contain letters, numbers, underscores, and dashes";
 * Gemini: "Invalid function name. Must start with a letter or an underscore."), where a skill's may
 * begin with a digit, `_` or `-` (`1password`). Such a name is sent as `S_` and the name (`S_1password`: no
 * skill's name has a capital, so none is taken), in the tools, in the calls of the history and in
 * the tool messages that name their tool; the calls of the reply are read back to the skills'
 * names. History keeps the names as they are.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolDefinition } from './catalogue.js';
import type { StreamedToolCall } from './stream.js';
import { shortId } from './wire-messages.js';

const NOT_LETTER_FIRST = /^[^a-zA-Z]/;
const MAX_NAME = 64;

/** The tool names a request carries: of its tools, its history's calls and its tool messages. */
function namesIn(tools: ToolDefinition[] | undefined, messages: ChatCompletionMessageParam[]): Set<string> {
  const names = new Set((tools ?? []).map((t) => t.function.name));
  for (const m of messages) {
    if (m.role === 'assistant')
      for (const call of m.tool_calls ?? []) if (call.type === 'function') names.add(call.function.name);
    const named = (m as { name?: unknown }).name;
    if (m.role === 'tool' && typeof named === 'string') names.add(named);
  }
  return names;
}

/** Whether a request carries a tool name that does not begin with a letter. */
export function hasNamesNotLetterFirst(
  tools: ToolDefinition[] | undefined,
  messages: ChatCompletionMessageParam[],
): boolean {
  for (const name of namesIn(tools, messages)) if (NOT_LETTER_FIRST.test(name)) return true;
  return false;
}

export interface LetterNames {
  tools: ToolDefinition[] | undefined;
  messages: ChatCompletionMessageParam[];
  /** A reply's calls with the skills' own names. */
  back(calls: StreamedToolCall[]): StreamedToolCall[];
}

/** The request with every name that does not begin with a letter sent as one that begins with `S_`. */
export function withLetterNames(
  tools: ToolDefinition[] | undefined,
  messages: ChatCompletionMessageParam[],
): LetterNames {
  const names = namesIn(tools, messages);
  const sent = new Map<string, string>();
  const skill = new Map<string, string>();
  for (const name of names) {
    if (!NOT_LETTER_FIRST.test(name)) continue;
    let alias = `S_${name}`;
    if (alias.length > MAX_NAME) alias = `${alias.slice(0, MAX_NAME - 10)}_${shortId(name)}`;
    sent.set(name, alias);
    skill.set(alias, name);
  }
  const as = (name: string) => sent.get(name) ?? name;
  return {
    tools: tools?.map((t) =>
      sent.has(t.function.name) ? { ...t, function: { ...t.function, name: as(t.function.name) } } : t,
    ),
    messages: messages.map((m) => {
      if (m.role === 'assistant' && m.tool_calls?.some((c) => c.type === 'function' && sent.has(c.function.name))) {
        return {
          ...m,
          tool_calls: m.tool_calls.map((c) =>
            c.type === 'function' ? { ...c, function: { ...c.function, name: as(c.function.name) } } : c,
          ),
        };
      }
      const named = (m as { name?: unknown }).name;
      if (m.role === 'tool' && typeof named === 'string' && sent.has(named))
        return { ...m, name: as(named) } as typeof m;
      return m;
    }),
    back: (calls) => calls.map((c) => (skill.has(c.name) ? { ...c, name: skill.get(c.name)! } : c)),
  };
}
