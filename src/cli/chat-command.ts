/** `ias chat [MESSAGE] [--conversation ID] [--json]`: one turn, or an interactive chat on a terminal. */
import readline from 'node:readline';
import type { Command } from 'commander';
import type { AgentEvent, TurnResult } from '../core/agent/agent.js';
import { ProviderNotConfiguredError } from '../core/agent/providers.js';
import type { Runtime } from '../core/runtime.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { color } from './format.js';
import { TerminalApprovals } from './terminal-approvals.js';
import { UsageError } from './usage-error.js';

interface ChatOptions {
  conversation?: string;
  json?: boolean;
}

function turnJson(turn: TurnResult) {
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
    ...(turn.notices?.length ? { notices: turn.notices } : {}),
  };
}

function parseOrRaw(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

function printer(json: boolean) {
  return (event: AgentEvent) => {
    if (json) return;
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

export function registerChatCommand(program: Command): void {
  program
    .command('chat')
    .description('chat with iAs: one turn with MESSAGE, or an interactive session on a terminal')
    .argument('[message]', 'what to say (omit for an interactive session)')
    .option('--conversation <id>', 'continue this conversation')
    .option('--json', 'print the turn as JSON')
    .action(async (message: string | undefined, opts: ChatOptions, cmd: Command) => {
      const interactive = message === undefined;
      if (interactive && !process.stdin.isTTY) throw new UsageError('give a MESSAGE, or run `ias chat` on a terminal');
      const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
      const rl = process.stdin.isTTY
        ? readline.createInterface({ input: process.stdin, output: process.stderr })
        : undefined;
      let approvals: TerminalApprovals | undefined;
      const runtime: Runtime = await contextRuntime(context, { channels: [] });
      try {
        if (rl) {
          approvals = new TerminalApprovals(runtime.gate, rl);
          runtime.gate.addChannel(approvals.channel);
        }
        const agent = runtime.agent({ onEvent: printer(Boolean(opts.json)) });
        if (opts.conversation && !runtime.store.conversations.get(opts.conversation)) {
          throw new UsageError(`no conversation ${opts.conversation}`);
        }
        let conversationId = opts.conversation;
        // On a terminal readline reads Ctrl-C as a key (no SIGINT reaches the process): it stops the
        // turn under way; with none, it leaves.
        let current: { controller: AbortController; done: Promise<unknown> } | undefined;
        rl?.on('SIGINT', () => (current ? current.controller.abort() : rl.close()));
        const turn = async (text: string) => {
          const controller = new AbortController();
          const onSigint = () => controller.abort();
          process.once('SIGINT', onSigint);
          const sent = agent.send(text, { conversationId, signal: controller.signal });
          current = { controller, done: sent.catch(() => undefined) };
          try {
            const result = await sent;
            conversationId = result.conversationId;
            return result;
          } finally {
            current = undefined;
            process.off('SIGINT', onSigint);
          }
        };
        /** Leaving (Ctrl-D, /exit) stops the turn under way and waits for it before the store closes. */
        const stopTurn = async () => {
          current?.controller.abort();
          await current?.done;
        };
        if (!interactive) {
          rl?.on('line', (line) => approvals?.answer(line));
          const result = await turn(message);
          if (opts.json) process.stdout.write(`${JSON.stringify(turnJson(result), null, 2)}\n`);
          else process.stdout.write('\n');
          if (result.error) process.stderr.write(`${color.red('error')}: ${result.error}\n`);
          process.exitCode = result.error ? 1 : 0;
          return;
        }
        await interactiveLoop(rl!, approvals!, turn);
        await stopTurn();
      } catch (err) {
        if (err instanceof ProviderNotConfiguredError) {
          process.stderr.write(`${color.red('error')}: ${err.message}\n`);
          process.exitCode = 1;
          return;
        }
        throw err;
      } finally {
        rl?.close();
        await runtime.close();
      }
    });
}

async function interactiveLoop(
  rl: readline.Interface,
  approvals: TerminalApprovals,
  turn: (text: string) => Promise<TurnResult>,
): Promise<void> {
  process.stderr.write(color.dim('iAs — type a message; /exit to leave; Ctrl-C stops a reply.\n'));
  const prompt = () => {
    rl.setPrompt(color.bold('you> '));
    rl.prompt();
  };
  let busy = false;
  let closed = false;
  prompt();
  await new Promise<void>((resolve) => {
    rl.on('close', () => {
      closed = true;
      resolve();
    });
    rl.on('line', (line) => {
      if (approvals.answer(line)) return;
      const text = line.trim();
      if (text === '/exit' || text === '/quit') return rl.close();
      if (busy || text === '') return prompt();
      busy = true;
      void turn(text).then(
        (result) => {
          process.stdout.write('\n');
          if (result.error) process.stderr.write(`${color.red('error')}: ${result.error}\n`);
          busy = false;
          if (!closed) prompt();
        },
        (err: unknown) => {
          process.stderr.write(`${color.red('error')}: ${err instanceof Error ? err.message : String(err)}\n`);
          busy = false;
          // Without a model no turn can work: leave, as a one-shot chat does.
          if (err instanceof ProviderNotConfiguredError) {
            process.exitCode = 1;
            rl.close();
          } else if (!closed) prompt();
        },
      );
    });
  });
}
