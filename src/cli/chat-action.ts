/**
 * `ias chat [MESSAGE] [--conversation ID] [--json]`: one turn (its MESSAGE given, or piped in), or
 * an interactive chat on a terminal.
 */
import readline from 'node:readline';
import type { Command } from 'commander';
import type { AgentEvent, TurnResult } from '../core/agent/agent.js';
import { messageTooLong } from '../shared/message-size.js';
import { ProviderNotConfiguredError } from '../core/agent/providers.js';
import { TurnUnderWayError } from '../core/agent/turn-under-way.js';
import { ConversationDeletedError } from '../core/agent/conversation-deleted.js';
import type { Runtime } from '../core/runtime.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { endingStatus, INTERRUPTED_STATUS, onEndingSignal, type EndingSignal } from './ending-signals.js';
import {
  continueWith,
  endReply,
  printer,
  printError,
  saidUsageError,
  printNoProvider,
  printTurnEnd,
  say,
  sayThrown,
  TurnFailedInIas,
  turnError,
  turnJson,
  type BackgroundResult,
} from './chat-output.js';
import { readPipedMessage } from './block-message.js';
import { chatWords } from './chat-words.js';
import { chineseRefusal, ownerLocale } from './cli-locale.js';
import { color, jsonText } from './format.js';
import { interactiveLoop, type InteractiveSession } from './interactive-chat.js';
import { refusedForNoApprover, TerminalApprovals, unreviewedOncePerRun } from './terminal-approvals.js';
import { terminalLine } from './terminal-line.js';
import { UsageError } from './usage-error.js';

type Failure = Extract<AgentEvent, { type: 'error' }>;

interface ChatOptions {
  conversation?: string;
  json?: boolean;
}

export async function chat(given: string | undefined, options: ChatOptions, cmd: Command): Promise<void> {
  // An ID copied with a space or a line end about it (from the line that names it) is that ID.
  const opts = { ...options, conversation: options.conversation?.trim() };
  // Without a MESSAGE and a terminal, the message is what is piped in (`echo hi | ias chat`),
  // read once all that needs no message has been checked: a usage error is said at once, not
  // after stdin ends.
  const piped = given === undefined && !process.stdin.isTTY;
  const interactive = given === undefined && !piped;
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  /**
   * With --json and a MESSAGE, stdout is one JSON object whatever happens past the usage checks
   * (a usage error, exit 2, is said on stderr alone): an error that ends the command before the
   * turn's result (a database that cannot be opened, a store that fails) is `{"error"}` there
   * too, with the conversation when it is known.
   */
  const printJsonError = (err: unknown, conversationId?: string) => {
    if (!opts.json || interactive) return;
    // As stderr says it (see main): a start refused, in the owner's language.
    const error = chineseRefusal(err, cmd) ?? (err instanceof Error ? err.message : String(err));
    process.stdout.write(`${jsonText(conversationId ? { conversationId, error } : { error }, 2)}\n`);
  };
  let runtime: Runtime;
  try {
    runtime = await contextRuntime(context, { channels: [] });
  } catch (err) {
    printJsonError(err);
    throw err;
  }
  // Its own words in the owner's language (the setting, else the system's): known once the
  // store is open, so even a usage error reads in it.
  const words = chatWords[await ownerLocale(runtime)];
  const rl = process.stdin.isTTY
    ? readline.createInterface({ input: process.stdin, output: process.stderr })
    : undefined;
  // Its prompt's line is open until Enter ends it (see TerminalLine.drawn).
  rl?.on('line', () => terminalLine.drawn(process.stderr, false));
  let approvals: TerminalApprovals | undefined;
  let stopListening: (() => void) | undefined;
  let toldNoApprover = false;
  let session: InteractiveSession | undefined;
  let terminated: EndingSignal | undefined;
  let conversationId = opts.conversation;
  try {
    // JSON is one turn's: an interactive session would print nothing of its replies.
    if (interactive && opts.json) throw new UsageError(words.jsonNeedsMessage);
    // Nothing to say is no turn: the model would be asked about an empty message.
    if (given?.trim() === '') throw new UsageError(words.emptyMessage);
    if (given !== undefined && messageTooLong(given)) throw new UsageError(words.messageTooLong);
    if (opts.conversation === '') {
      throw new UsageError(words.needConversationId);
    }
    if (opts.conversation && !runtime.store.conversations.get(opts.conversation)) {
      throw new UsageError(words.noConversation(opts.conversation));
    }
    // Without a usable model no turn can work: said before the message is read, or the prompt shown.
    runtime.provider();
    let message = given;
    if (piped) {
      message = await readPipedMessage();
      if (message === undefined) throw new UsageError(words.stdinTooLong);
      if (message === '') throw new UsageError(words.emptyStdin);
    }
    if (rl) {
      approvals = new TerminalApprovals(runtime.gate, rl, words);
      runtime.gate.addChannel(approvals.channel);
    }
    const print = printer(Boolean(opts.json), words, () => approvals?.beforeOutput());
    const finished: BackgroundResult[] = [];
    const newlyUnreviewed = unreviewedOncePerRun();
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
        // And, once for each skill, why a Low one of the owner's was asked about.
        const unreviewed = !rl && newlyUnreviewed(event, runtime);
        if (unreviewed) process.stderr.write(color.yellow(`${words.unreviewedNoApprover(unreviewed)}\n`));
        if (event.type === 'error') failure = event;
        print(event);
        if (event.type === 'background-result') session?.redraw();
      },
    });
    // Asked to end (SIGTERM, or SIGHUP: the terminal closed): the turn under way is stopped and
    // stored as stopped, calls in the background stop, and the command ends as after Ctrl-D; a
    // second signal ends it at once.
    stopListening = onEndingSignal((signal) => {
      terminated = signal;
      agent.stopBackground();
      void runtime.stopTurns();
      rl?.close();
    });
    // On a terminal readline reads Ctrl-C as a key (no SIGINT reaches the process). At an
    // approval's y/N question (the one shown) it is the owner's "no": the call is refused, in
    // the chat's lines, its JSON and the audit log alike, and the turn or the wait goes on.
    // Else it stops the turn under way, or the calls waited for; else it leaves.
    let current: { controller: AbortController; done: Promise<unknown> } | undefined;
    let waiting = false;
    // Whether Ctrl-C stopped a turn or the calls waited for: one turn then ends with 130.
    let interrupted = false;
    rl?.on('SIGINT', () => {
      if (approvals?.answer('n')) {
        terminalLine.write(process.stderr, `${words.declined}\n`, color.dim);
        session?.resume();
      } else if (current) {
        interrupted = true;
        current.controller.abort();
        // As a terminal's Ctrl-C drops what was typed ahead: the messages queued are not sent.
        session?.dropQueued();
      } else if (waiting) {
        interrupted = true;
        agent.stopBackground();
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
      terminalLine.line(process.stderr, line, color.dim);
      // An approval still waiting is asked again under that line: it is what a line typed answers.
      if (!stop) approvals?.ask();
      if (stop) agent.stopBackground();
      const onSigint = () => {
        interrupted = true;
        agent.stopBackground();
      };
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
      const onSigint = () => {
        interrupted = true;
        controller.abort();
      };
      process.once('SIGINT', onSigint);
      const sent = agent.send(text, { conversationId, signal: controller.signal });
      current = { controller, done: sent.catch(() => undefined) };
      try {
        const result = await sent;
        conversationId = result.conversationId;
        return result;
      } catch (err) {
        // A turn that failed in iAs has its conversation already (its failure is stored there):
        // the next message goes on with it, not with a new one. It is said by its stored line.
        // One whose conversation was deleted meanwhile has none: the next message begins one.
        if (err instanceof ConversationDeletedError) conversationId = undefined;
        const failed = failure as Failure | undefined;
        if (!failed) throw err;
        if (!(err instanceof ConversationDeletedError)) conversationId ??= failed.conversationId;
        throw new TurnFailedInIas(failed, err);
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
    if (message !== undefined) {
      // A line is an answer only while the question is shown; else it is asked again.
      rl?.on('line', (line) => approvals?.answer(line) || approvals?.ask());
      // Ctrl-D: no answer can come from this terminal any more. A question waiting, or asked later,
      // is declined (N is its default) rather than left waiting its 5 minutes for a line that
      // cannot be read. A stop (SIGTERM, SIGHUP) closes it too, and cancels what waits itself.
      rl?.on('close', () => terminated === undefined && approvals?.endInput());
      let result: TurnResult;
      try {
        result = await turn(message);
      } catch (err) {
        // Another turn under way in the conversation (the app's, WeChat's, another `ias chat`:
        // nothing was stored, the message can be sent again once it has ended), or a turn that
        // failed in iAs (its line is stored with it): said as a provider's failure is.
        if (!(err instanceof TurnUnderWayError || err instanceof TurnFailedInIas)) throw err;
        const message = sayThrown(words, err);
        const conversationId = err instanceof TurnUnderWayError ? err.conversationId : err.failure.conversationId;
        if (opts.json) process.stdout.write(`${jsonText({ conversationId, error: message }, 2)}\n`);
        else endReply();
        printError(words, message);
        if (err instanceof TurnFailedInIas && !(err.cause instanceof ConversationDeletedError))
          process.stderr.write(color.dim(continueWith(words, conversationId)));
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
      process.exitCode = interrupted ? INTERRUPTED_STATUS : result.error ? 1 : 0;
      return;
    }
    await interactiveLoop(
      rl!,
      approvals!,
      turn,
      words,
      (started) => (session = started),
      () => current?.controller.abort(),
    );
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
    // Said here, in the chat's language (the program says other commands' usage errors).
    if (saidUsageError(err, words)) return;
    printJsonError(err, conversationId);
    throw err;
  } finally {
    rl?.close();
    await runtime.close();
    stopListening?.();
    if (terminated) process.exitCode = endingStatus[terminated];
  }
}
