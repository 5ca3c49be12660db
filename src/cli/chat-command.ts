/** `ias chat [MESSAGE] [--conversation ID] [--json]`: one turn, or an interactive chat on a terminal. */
import readline from 'node:readline';
import type { Command } from 'commander';
import type { AgentEvent, TurnResult } from '../core/agent/agent.js';
import { ProviderNotConfiguredError } from '../core/agent/providers.js';
import type { Runtime } from '../core/runtime.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { continueWith, printer, printError, printTurnEnd, turnJson, type BackgroundResult } from './chat-output.js';
import { color } from './format.js';
import { TerminalApprovals } from './terminal-approvals.js';
import { UsageError } from './usage-error.js';

interface ChatOptions {
  conversation?: string;
  json?: boolean;
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
      if (opts.conversation !== undefined && opts.conversation.trim() === '') {
        throw new UsageError('--conversation needs the ID of a conversation');
      }
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
        const print = printer(Boolean(opts.json));
        const finished: BackgroundResult[] = [];
        // The last failure said: a turn that throws says it before it does (see Agent.send).
        let failure: Extract<AgentEvent, { type: 'error' }> | undefined;
        const agent = runtime.agent({
          onEvent: (event) => {
            if (event.type === 'background-result') finished.push(event);
            if (event.type === 'error') failure = event;
            print(event);
          },
        });
        if (opts.conversation && !runtime.store.conversations.get(opts.conversation)) {
          throw new UsageError(`no conversation ${opts.conversation}`);
        }
        let conversationId = opts.conversation;
        // On a terminal readline reads Ctrl-C as a key (no SIGINT reaches the process): it stops the
        // turn under way, or the calls waited for; it declines an approval asked for a background
        // call; else it leaves.
        let current: { controller: AbortController; done: Promise<unknown> } | undefined;
        let waiting = false;
        rl?.on('SIGINT', () => {
          if (current) current.controller.abort();
          else if (waiting) agent.stopBackground();
          else if (approvals?.answer('n')) {
            process.stderr.write(color.dim('[declined]\n'));
            rl.setPrompt(color.bold('you> '));
            rl.prompt();
          } else rl.close();
        });
        /**
         * Calls past their time limit go on in the background (one may wait for its approval): ending
         * the process would end them, so they are waited for; Ctrl-C stops them.
         */
        const waitForBackground = async (stop = false) => {
          if (agent.running.size === 0) return;
          const calls = agent.running.size === 1 ? 'a call' : `${agent.running.size} calls`;
          process.stderr.write(
            color.dim(
              stop
                ? `[stopping ${calls} still running in the background]\n`
                : `[waiting for ${calls} still running in the background; Ctrl-C stops ${agent.running.size === 1 ? 'it' : 'them'}]\n`,
            ),
          );
          if (stop) agent.stopBackground();
          const onSigint = () => agent.stopBackground();
          process.on('SIGINT', onSigint);
          waiting = true;
          try {
            while (agent.running.size > 0) await Promise.allSettled([...agent.running]);
          } finally {
            waiting = false;
            process.off('SIGINT', onSigint);
          }
        };
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
          let result: TurnResult;
          try {
            result = await turn(message);
          } catch (err) {
            // A turn that failed in iAs (its line is stored with it): said as a provider's failure is.
            if (!failure) throw err;
            if (opts.json) {
              const said = { conversationId: failure.conversationId, error: failure.message };
              process.stdout.write(`${JSON.stringify(said, null, 2)}\n`);
            }
            printError(failure.message);
            process.stderr.write(color.dim(continueWith(failure.conversationId)));
            process.exitCode = 1;
            return;
          }
          await waitForBackground();
          if (opts.json) {
            process.stdout.write(`${JSON.stringify(turnJson(result, finished), null, 2)}\n`);
            if (result.error) printError(result.error);
          } else {
            printTurnEnd(result);
            process.stderr.write(color.dim(continueWith(result.conversationId)));
          }
          process.exitCode = result.error ? 1 : 0;
          return;
        }
        await interactiveLoop(rl!, approvals!, turn);
        await stopTurn();
        // Nobody is left at the terminal to approve: background calls stop with the session.
        await waitForBackground(true);
        if (conversationId) process.stderr.write(color.dim(continueWith(conversationId)));
      } catch (err) {
        if (err instanceof ProviderNotConfiguredError) {
          // For a script, on stdout too, as a turn's error would be.
          if (opts.json) process.stdout.write(`${JSON.stringify({ error: err.message }, null, 2)}\n`);
          printError(err.message);
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
      if (approvals.answer(line)) {
        if (!busy) prompt();
        return;
      }
      const text = line.trim();
      if (text === '/exit' || text === '/quit') return rl.close();
      if (busy || text === '') return prompt();
      busy = true;
      void turn(text).then(
        (result) => {
          printTurnEnd(result);
          busy = false;
          if (!closed) prompt();
        },
        (err: unknown) => {
          printError(err instanceof Error ? err.message : String(err));
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
