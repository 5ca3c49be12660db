/** What `ias chat` prints: the turn as it happens for people, or as JSON for programs. */
import type { AgentEvent, TurnResult } from '../core/agent/agent.js';
import { ConversationDeletedError } from '../core/agent/conversation-deleted.js';
import { MessageTooLongError } from '../core/agent/message-size.js';
import type { ProviderNotConfiguredError } from '../core/agent/providers.js';
import { TurnUnderWayError } from '../core/agent/turn-under-way.js';
import { sayTurnLine, type MessageCode } from '../shared/turn-messages.js';
import { visibleText, withControlsShown } from '../shared/visible-text.js';
import type { ChatWords } from './chat-words.js';
import { color } from './format.js';
import { terminalLine } from './terminal-line.js';
import { UsageError } from './usage-error.js';

export type BackgroundResult = Extract<AgentEvent, { type: 'background-result' }>;
type Failure = Extract<AgentEvent, { type: 'error' }>;

/**
 * A turn that failed in iAs (a result the database refused, say): `failure` is the line stored to
 * end it, as the agent said it; the error the turn threw is its cause.
 */
export class TurnFailedInIas extends Error {
  constructor(
    readonly failure: Failure,
    cause: unknown,
  ) {
    super(failure.message, { cause });
  }
}

/**
 * What the chat says of a turn that threw: one that failed in iAs by its stored line, in the chat's
 * language (as a provider's failure is said); one refused for another turn under way there, or for
 * its message's size, in its words; anything else by its own message.
 */
export function sayThrown(words: ChatWords, err: unknown): string {
  if (err instanceof TurnFailedInIas) return say(words, err.failure.message, err.failure.messageCode);
  if (err instanceof TurnUnderWayError) return words.turnUnderWay;
  if (err instanceof ConversationDeletedError) return say(words, err.line.message, err.line);
  if (err instanceof MessageTooLongError) return words.messageTooLong;
  return err instanceof Error ? err.message : String(err);
}

/** A line about how the turn went, in the chat's language (the English that came with it else). */
export function say(words: ChatWords, text: string, messageCode?: MessageCode): string {
  return sayTurnLine(words.turn, text, messageCode);
}

/** The turn's failure in the chat's language, if it failed. */
export function turnError(words: ChatWords, turn: TurnResult): string | undefined {
  return turn.error === undefined ? undefined : say(words, turn.error, turn.errorCode);
}

/** The turn for a program: keys and statuses fixed; the error and notices in the chat's language. */
export function turnJson(turn: TurnResult, finished: BackgroundResult[], words: ChatWords) {
  const background = finished.map((e) => ({ name: e.name, status: e.status, result: e.result }));
  return {
    conversationId: turn.conversationId,
    reply: turn.reply,
    rounds: turn.rounds,
    toolCalls: turn.toolCalls.map((c) => ({
      name: c.name,
      arguments: parseOrRaw(c.arguments),
      status: c.status,
      result: c.result,
    })),
    ...(turn.error ? { error: turnError(words, turn) } : {}),
    ...(turn.stopped ? { stopped: true } : {}),
    ...(turn.notices?.length
      ? { notices: turn.notices.map((notice, i) => say(words, notice, turn.noticeCodes?.[i])) }
      : {}),
    // Calls that went on in the background, as they ended while the command waited for them.
    ...(background.length ? { background } : {}),
  };
}

function parseOrRaw(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

/** `beforeOutput` is called before anything is written: an approval's question shown above is hidden by it. */
export function printer(json: boolean, words: ChatWords, beforeOutput: () => void = () => {}) {
  const { stdout, stderr } = process;
  let thinking = false;
  return (event: AgentEvent) => {
    if (json) return;
    beforeOutput();
    // Reasoning is shown apart: the reply starts on a line of its own after it.
    if (thinking && event.type !== 'reasoning') terminalLine.end(stderr);
    thinking = event.type === 'reasoning';
    // What the model wrote cannot drive the terminal: a reply written before a call cannot hide or
    // rewrite the approval asked for below it, nor a call's line show other arguments than it has.
    // Each line said about the turn starts on a line of its own, ending a reply's only if one is open.
    if (event.type === 'delta') terminalLine.write(stdout, withControlsShown(event.text));
    else if (event.type === 'reasoning') terminalLine.write(stderr, withControlsShown(event.text), color.dim);
    // Printed text cannot be taken back: it is said to have been thinking. Thinking printed apart
    // that was the reply is printed again, as the reply.
    else if (event.type === 'moved' && event.to === 'reasoning') {
      terminalLine.line(stderr, words.thinkingAbove, color.dim);
    } else if (event.type === 'moved') terminalLine.write(stdout, withControlsShown(event.text));
    else if (event.type === 'tool-call') {
      terminalLine.line(stderr, `[${visibleText(event.name)}] ${visibleText(event.arguments)}`, color.dim);
    } else if (event.type === 'tool-result') {
      terminalLine.line(stderr, words.callEnded(visibleText(event.name), event.status), color.dim);
    } else if (event.type === 'background-result') {
      // Also said while the chat waits at its prompt: that line (see TerminalLine.drawn) is ended first.
      terminalLine.line(stderr, words.finishedInBackground(event.name, event.status), color.cyan);
    } else if (event.type === 'retry') {
      const seconds = Math.round(event.delayMs / 100) / 10;
      const line = say(words, event.message, event.messageCode);
      terminalLine.line(stderr, `${line}${words.retryingIn(seconds)}`, color.yellow);
    } else if (event.type === 'notice') {
      terminalLine.line(stderr, say(words, event.message, event.messageCode), color.yellow);
    }
  };
}

export function continueWith(words: ChatWords, conversationId: string): string {
  return `${words.continueWith(`ias chat --conversation ${conversationId}`)}\n`;
}

/** An error said in `words`' language; what it quotes (a value given, a server's words) cannot steer the terminal. */
export function printError(words: Pick<ChatWords, 'error'>, message: string): void {
  terminalLine.line(
    process.stderr,
    `${color.red(words.error.label)}${words.error.separator}${withControlsShown(message)}`,
  );
}

/** A `UsageError` is said in `words` with exit code 2 (true); anything else is left to the caller (false). */
export function saidUsageError(err: unknown, words: Pick<ChatWords, 'error'>): boolean {
  if (!(err instanceof UsageError)) return false;
  printError(words, err.message);
  process.exitCode = 2;
  return true;
}

/** The reply's line ended, if it was started: a turn without a reply prints no empty line. */
export function endReply(): void {
  terminalLine.end(process.stdout);
}

/** How a turn ended, for people: the reply's line ended, then a stop or a failure. */
export function printTurnEnd(words: ChatWords, turn: TurnResult): void {
  endReply();
  if (turn.stopped) terminalLine.line(process.stderr, words.stopped, color.dim);
  const error = turnError(words, turn);
  if (error !== undefined) printError(words, error);
}

/**
 * No model to ask: why, in the chat's language; and, when none is configured at all, how to save
 * one with `ias provider set`. A provider that is there but cannot be used (a key file others can
 * read, a flawed key or base URL) is mended as its error says, not saved anew.
 */
export function printNoProvider(words: ChatWords, err: ProviderNotConfiguredError): void {
  printError(words, say(words, err.message, err.messageCode));
  if (err.messageCode.code === 'no-model-configured') process.stderr.write(`${words.setProvider}\n`);
}
