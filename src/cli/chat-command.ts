/** `ias chat [MESSAGE] [--conversation ID] [--json]`: one turn, or an interactive chat on a terminal. */
import readline from 'node:readline';
import type { Command } from 'commander';
import type { AgentEvent, TurnResult } from '../core/agent/agent.js';
import { ProviderNotConfiguredError } from '../core/agent/providers.js';
import type { Runtime } from '../core/runtime.js';
import { withControlsShown } from '../shared/visible-text.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import {
  continueWith,
  printer,
  printError,
  printTurnEnd,
  say,
  turnError,
  turnJson,
  type BackgroundResult,
} from './chat-output.js';
import { chatWords, type ChatWords } from './chat-words.js';
import { ownerLocale } from './cli-locale.js';
import { color, jsonText } from './format.js';
import { providerVariablesHelp } from './provider-help.js';
import { refusedForNoApprover, TerminalApprovals } from './terminal-approvals.js';
import { UsageError } from './usage-error.js';

type Failure = Extract<AgentEvent, { type: 'error' }>;

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
    .option('--json', 'print the turn as JSON (one turn: with a MESSAGE)')
    .addHelpText(
      'after',
      `${providerVariablesHelp}
On a terminal, Ctrl-C stops a reply and /exit or Ctrl-D leaves; a high-risk
call is asked here (y/N). Exit codes: 0 the model replied, 1 the turn failed
or no model is set, 2 a usage error.
`,
    )
    .action(async (message: string | undefined, opts: ChatOptions, cmd: Command) => {
      const interactive = message === undefined;
      const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
      const runtime: Runtime = await contextRuntime(context, { channels: [] });
      // Its own words in the owner's language (the setting, else the system's): known once the
      // store is open, so even a usage error reads in it.
      const words = chatWords[await ownerLocale(runtime)];
      const rl = process.stdin.isTTY
        ? readline.createInterface({ input: process.stdin, output: process.stderr })
        : undefined;
      let approvals: TerminalApprovals | undefined;
      let onTerminate: (() => void) | undefined;
      let toldNoApprover = false;
      let session: InteractiveSession | undefined;
      let terminated = false;
      try {
        if (interactive && !process.stdin.isTTY) throw new UsageError(words.needMessage);
        // JSON is one turn's: an interactive session would print nothing of its replies.
        if (interactive && opts.json) throw new UsageError(words.jsonNeedsMessage);
        // Nothing to say is no turn: the model would be asked about an empty message.
        if (!interactive && message.trim() === '') throw new UsageError(words.emptyMessage);
        if (opts.conversation !== undefined && opts.conversation.trim() === '') {
          throw new UsageError(words.needConversationId);
        }
        if (rl) {
          approvals = new TerminalApprovals(runtime.gate, rl, words.runSkill);
          runtime.gate.addChannel(approvals.channel);
        }
        const print = printer(Boolean(opts.json), words, () => approvals?.beforeOutput());
        const finished: BackgroundResult[] = [];
        // The last failure said: a turn that throws says it before it does (see Agent.send).
        let failure: Failure | undefined;
        const agent = runtime.agent({
          // Its calls are the terminal's in the audit log, told apart from the app's chat.
          source: 'cli',
          onEvent: (event) => {
            if (event.type === 'background-result') finished.push(event);
            // Without a terminal nobody can be asked: say once how to approve such calls.
            if (!rl && !toldNoApprover && refusedForNoApprover(event)) {
              toldNoApprover = true;
              process.stderr.write(color.yellow(`${words.noApprover}\n`));
            }
            if (event.type === 'error') failure = event;
            print(event);
            if (event.type === 'background-result') session?.redraw();
          },
        });
        if (opts.conversation && !runtime.store.conversations.get(opts.conversation)) {
          throw new UsageError(words.noConversation(opts.conversation));
        }
        // Asked to end (SIGTERM): the turn under way is stopped and stored as stopped, calls in the
        // background stop, and the command ends as after Ctrl-D; a second SIGTERM ends it at once.
        onTerminate = () => {
          process.once('SIGTERM', () => process.exit(143));
          terminated = true;
          agent.stopBackground();
          void runtime.stopTurns();
          rl?.close();
        };
        process.once('SIGTERM', onTerminate);
        let conversationId = opts.conversation;
        // On a terminal readline reads Ctrl-C as a key (no SIGINT reaches the process): it stops the
        // turn under way, or the calls waited for; it declines an approval asked for a background
        // call (whose question is shown), and the chat goes on; else it leaves.
        let current: { controller: AbortController; done: Promise<unknown> } | undefined;
        let waiting = false;
        rl?.on('SIGINT', () => {
          if (current) {
            current.controller.abort();
            // As a terminal's Ctrl-C drops what was typed ahead: the messages queued are not sent.
            session?.dropQueued();
          } else if (waiting) agent.stopBackground();
          else if (approvals?.answer('n')) {
            process.stderr.write(color.dim(`${words.declined}\n`));
            session?.resume();
          } else rl.close();
        });
        /**
         * Calls past their time limit go on in the background (one may wait for its approval): ending
         * the process would end them, so they are waited for; Ctrl-C stops them.
         */
        const waitForBackground = async (stop = false) => {
          if (agent.running.size === 0) return;
          const calls = agent.running.size;
          const line = stop ? words.stoppingBackground(calls) : words.waitingForBackground(calls);
          approvals?.beforeOutput();
          process.stderr.write(color.dim(`${line}\n`));
          // An approval still waiting is asked again under that line: it is what a line typed answers.
          if (!stop) approvals?.ask();
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
          failure = undefined;
          const controller = new AbortController();
          const onSigint = () => controller.abort();
          process.once('SIGINT', onSigint);
          const sent = agent.send(text, { conversationId, signal: controller.signal });
          current = { controller, done: sent.catch(() => undefined) };
          try {
            const result = await sent;
            conversationId = result.conversationId;
            return result;
          } catch (err) {
            // A turn that failed in iAs has its conversation already (its failure is stored there):
            // the next message goes on with it, not with a new one.
            conversationId ??= (failure as Failure | undefined)?.conversationId;
            throw err;
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
          // A line is an answer only while the question is shown; else it is asked again.
          rl?.on('line', (line) => approvals?.answer(line) || approvals?.ask());
          let result: TurnResult;
          try {
            result = await turn(message);
          } catch (err) {
            // A turn that failed in iAs (its line is stored with it): said as a provider's failure is.
            if (!failure) throw err;
            const message = say(words, failure.message, failure.messageCode);
            if (opts.json) {
              const said = { conversationId: failure.conversationId, error: message };
              process.stdout.write(`${jsonText(said, 2)}\n`);
            }
            printError(words, message);
            process.stderr.write(color.dim(continueWith(words, failure.conversationId)));
            process.exitCode = 1;
            return;
          }
          await waitForBackground();
          if (opts.json) {
            process.stdout.write(`${jsonText(turnJson(result, finished, words), 2)}\n`);
            const error = turnError(words, result);
            if (error !== undefined) printError(words, error);
          } else {
            printTurnEnd(words, result);
            process.stderr.write(color.dim(continueWith(words, result.conversationId)));
          }
          process.exitCode = result.error ? 1 : 0;
          return;
        }
        await interactiveLoop(rl!, approvals!, turn, words, (started) => (session = started));
        await stopTurn();
        // Nobody is left at the terminal to approve: background calls stop with the session.
        await waitForBackground(true);
        if (conversationId) process.stderr.write(color.dim(continueWith(words, conversationId)));
      } catch (err) {
        if (err instanceof ProviderNotConfiguredError) {
          const message = say(words, err.message, err.messageCode);
          // For a script, on stdout too, as a turn's error would be.
          if (opts.json) process.stdout.write(`${jsonText({ error: message }, 2)}\n`);
          printNoProvider(words, err);
          process.exitCode = 1;
          return;
        }
        if (err instanceof UsageError) {
          // Said here, in the chat's language (the program says other commands' usage errors).
          printError(words, err.message);
          process.exitCode = 2;
          return;
        }
        throw err;
      } finally {
        rl?.close();
        await runtime.close();
        if (onTerminate) process.off('SIGTERM', onTerminate);
        if (terminated) process.exitCode = 143;
      }
    });
}

/** What the chat's own handlers ask of the interactive session. */
interface InteractiveSession {
  /** Draws the prompt again under a line printed while the chat waits at it. */
  redraw(): void;
  /** After an approval answered outside a line (Ctrl-C declined it): the chat goes on. */
  resume(): void;
  /** The reply under way is stopped (Ctrl-C): the messages typed ahead are dropped, and that is said. */
  dropQueued(): void;
}

async function interactiveLoop(
  rl: readline.Interface,
  approvals: TerminalApprovals,
  turn: (text: string) => Promise<TurnResult>,
  words: ChatWords,
  onStarted: (session: InteractiveSession) => void,
): Promise<void> {
  process.stderr.write(color.dim(`${words.intro}\n`));
  /** The cursor is on the prompt's line (nothing typed there has been entered): leaving ends it. */
  let onPromptLine = false;
  /**
   * The chat's prompt; or, while an approval waits (a call gone on in the background), its question:
   * the owner answers it knowing what they answer, never at the chat's prompt.
   */
  const prompt = (preserveCursor = false) => {
    onPromptLine = true;
    if (approvals.ask()) return;
    rl.setPrompt(color.bold(words.prompt));
    rl.prompt(preserveCursor);
    // What had been typed here when a question was drawn over it.
    const typed = approvals.takeSetAside();
    if (typed !== '') rl.write(typed);
  };
  let busy = false;
  let closed = false;
  // Lines typed while a reply is under way: each is sent in its turn once the one before has ended,
  // as a shell runs what was typed ahead (and, as there, Ctrl-C drops them); no prompt is drawn
  // inside a reply.
  const typedAhead: string[] = [];
  /** Messages typed ahead and dropped by a Ctrl-C: said once the stopped reply has ended. */
  let dropped = 0;
  // Lines that arrive together (a paste, read at once or in a few chunks) are one message, never
  // an approval's answer nor a command; a line typed alone is taken once no other follows it.
  let arriving: string[] = [];
  let settle: NodeJS.Timeout | undefined;
  const send = (text: string) => {
    busy = true;
    void turn(text).then(
      (result) => {
        approvals.beforeOutput();
        printTurnEnd(words, result);
        next();
      },
      (err: unknown) => {
        approvals.beforeOutput();
        if (err instanceof ProviderNotConfiguredError) printNoProvider(words, err);
        else printError(words, err instanceof Error ? err.message : String(err));
        // Without a model no turn can work: leave, as a one-shot chat does.
        if (err instanceof ProviderNotConfiguredError) {
          busy = false;
          process.exitCode = 1;
          rl.close();
        } else next();
      },
    );
  };
  /** A message: sent now, or once the reply under way has ended (or the question shown is answered). */
  const chat = (text: string) => {
    if (text === '') {
      if (!busy) prompt();
      return;
    }
    if (!busy && approvals.question() === undefined) return send(text);
    typedAhead.push(text);
    approvals.beforeOutput();
    process.stderr.write(color.dim(`${busy ? words.typedAhead : words.queuedBehindApproval}\n`));
    // The question that line was written under is drawn again (in a reply: if one waits).
    if (!busy) prompt();
    else approvals.ask();
  };
  const next = () => {
    busy = false;
    if (closed) return;
    if (dropped > 0) {
      approvals.beforeOutput();
      process.stderr.write(color.dim(`${words.queuedNotSent(dropped)}\n`));
      dropped = 0;
    }
    // An approval waiting for its answer is asked first: a line typed ahead is no answer to it.
    if (approvals.question() !== undefined) return prompt();
    const text = typedAhead.shift();
    if (text === undefined) return prompt();
    // Shown at its prompt, so the transcript reads in the order the turns went.
    process.stderr.write(`${color.bold(words.prompt)}${withControlsShown(text)}\n`);
    send(text);
  };
  onStarted({
    // A background call that ends while the chat waits for the next message is said on lines of its
    // own: the prompt (or an approval's question) is drawn again under them, with what was typed.
    redraw: () => {
      if (!busy && !closed) prompt(true);
    },
    resume: () => {
      if (!busy) next();
    },
    dropQueued: () => {
      dropped += typedAhead.length + (arriving.length > 0 ? 1 : 0);
      typedAhead.length = 0;
      arriving = [];
      clearTimeout(settle);
    },
  });
  prompt();
  await new Promise<void>((resolve) => {
    rl.on('close', () => {
      closed = true;
      // Left at the prompt (Ctrl-D, Ctrl-C, SIGTERM): what follows goes on a line of its own.
      if (onPromptLine) process.stderr.write('\n');
      resolve();
    });
    rl.on('close', () => clearTimeout(settle));
    rl.on('line', (line) => {
      onPromptLine = false;
      arriving.push(line);
      clearTimeout(settle);
      settle = setTimeout(() => {
        const lines = arriving;
        arriving = [];
        if (lines.length === 1) typed(lines[0]!);
        else chat(pastedMessage(lines));
      }, TOGETHER_MS);
    });
    const typed = (line: string) => {
      // An answer only while its question is shown: a line typed under a reply that hid it is the chat's.
      if (approvals.answer(line)) {
        if (!busy) next();
        return;
      }
      const text = line.trim();
      if (text === '/exit' || text === '/quit') return rl.close();
      chat(text);
    };
  });
}

/** Lines read within this long of each other arrived together: a paste, not typing. */
const TOGETHER_MS = 25;

/** A pasted block as one message: its indentation kept, the blank lines around it dropped. */
function pastedMessage(lines: string[]): string {
  const text = lines
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return text.includes('\n') ? text : text.trim();
}

/**
 * No model to ask: why, in the chat's language, and how to save one with `ias provider set` (unless
 * what is wrong is IAS_LLM_BASE_URL, which saving would not change).
 */
function printNoProvider(words: ChatWords, err: ProviderNotConfiguredError): void {
  printError(words, say(words, err.message, err.messageCode));
  const code = err.messageCode;
  if (code.code !== 'base-url-not-web-address' || code.params.where !== 'env') {
    process.stderr.write(`${words.setProvider}\n`);
  }
}
