/** What `ias chat` prints: the turn as it happens for people, or as JSON for programs. */
import type { AgentEvent, TurnResult } from '../core/agent/agent.js';
import { color } from './format.js';

export type BackgroundResult = Extract<AgentEvent, { type: 'background-result' }>;

export function turnJson(turn: TurnResult, finished: BackgroundResult[]) {
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
    ...(turn.error ? { error: turn.error } : {}),
    ...(turn.stopped ? { stopped: true } : {}),
    ...(turn.notices?.length ? { notices: turn.notices } : {}),
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

export function printer(json: boolean) {
  let thinking = false;
  return (event: AgentEvent) => {
    if (json) return;
    // Reasoning is shown apart: the reply starts on a line of its own after it.
    if (thinking && event.type !== 'reasoning') process.stderr.write('\n');
    thinking = event.type === 'reasoning';
    if (event.type === 'delta') process.stdout.write(event.text);
    else if (event.type === 'reasoning') process.stderr.write(color.dim(event.text));
    else if (event.type === 'tool-call') process.stderr.write(color.dim(`\n[${event.name}] ${event.arguments}\n`));
    else if (event.type === 'tool-result') process.stderr.write(color.dim(`[${event.name}: ${event.status}]\n`));
    else if (event.type === 'background-result') {
      process.stderr.write(color.cyan(`\n[${event.name} finished in the background: ${event.status}]\n`));
    } else if (event.type === 'retry') {
      process.stderr.write(color.yellow(`\n${event.message} Retrying in ${Math.round(event.delayMs / 100) / 10} s…\n`));
    } else if (event.type === 'notice') {
      process.stderr.write(color.yellow(`\n${event.message}\n`));
    }
  };
}

export function continueWith(conversationId: string): string {
  return `[to go on with this conversation: ias chat --conversation ${conversationId}]\n`;
}

export function printError(message: string): void {
  process.stderr.write(`${color.red('error')}: ${message}\n`);
}

/** How a turn ended, for people: the reply's line ended, then a stop or a failure. */
export function printTurnEnd(turn: TurnResult): void {
  process.stdout.write('\n');
  if (turn.stopped) process.stderr.write(color.dim('[stopped]\n'));
  if (turn.error) printError(turn.error);
}
