/**
 * The interactive session of `ias chat` on a terminal: the prompt, lines typed ahead while a reply
 * is under way (each its own message), pasted blocks (one message: the terminal marks them, as
 * bracketed paste), and approvals asked at the terminal (whose question, while one waits, is drawn
 * in place of the chat's prompt).
 */
import type readline from 'node:readline';
import type { TurnResult } from '../core/agent/agent.js';
import { ProviderNotConfiguredError } from '../core/agent/providers.js';
import { TurnUnderWayError } from '../core/agent/turn-under-way.js';
import { withControlsShown } from '../shared/visible-text.js';
import { blockMessage } from './block-message.js';
import { chatCommandOf } from './chat-commands.js';
import { endReply, printError, printNoProvider, printTurnEnd, sayThrown } from './chat-output.js';
import type { ChatWords } from './chat-words.js';
import { color } from './format.js';
import type { TerminalApprovals } from './terminal-approvals.js';
import { terminalLine } from './terminal-line.js';

/** What the chat's own handlers ask of the interactive session. */
export interface InteractiveSession {
  /** Draws the prompt again under a line printed while the chat waits at it. */
  redraw(): void;
  /** After an approval answered outside a line (Ctrl-C declined it): the chat goes on. */
  resume(): void;
  /** The reply under way is stopped (Ctrl-C): the messages typed ahead are dropped, and that is said. */
  dropQueued(): void;
}

export async function interactiveLoop(
  rl: readline.Interface,
  approvals: TerminalApprovals,
  turn: (text: string) => Promise<TurnResult>,
  words: ChatWords,
  onStarted: (session: InteractiveSession) => void,
  /** Stops the turn under way: the session is left (Ctrl-D, /exit, SIGTERM). */
  stopTurn: () => void,
): Promise<void> {
  process.stderr.write(color.dim(`${words.intro}\n`));
  // The terminal marks what is pasted: a pasted block is told apart from lines typed, however fast
  // they come (typed ahead while iAs was busy, they are read together).
  // Asked to stop on leaving, or on an exit that never closes the session (a second SIGTERM).
  const marksPastes = process.stderr.isTTY;
  const stopMarking = () => void process.stderr.write(BRACKETED_PASTE_OFF);
  if (marksPastes) {
    process.stderr.write(BRACKETED_PASTE_ON);
    process.once('exit', stopMarking);
  }
  /** The cursor is on the prompt's line (nothing typed there has been entered): leaving ends it. */
  let onPromptLine = false;
  /** A line refused for a reply under way elsewhere in this conversation: put back at the prompt. */
  let refused: string | undefined;
  /**
   * The chat's prompt; or, while an approval waits (a call gone on in the background), its question:
   * the owner answers it knowing what they answer, never at the chat's prompt.
   */
  const prompt = () => {
    onPromptLine = true;
    if (approvals.ask()) return;
    rl.setPrompt(color.bold(words.prompt));
    // A line begun while a reply was under way goes on where it was left, as in a shell: what is
    // typed next follows it (readline would put the cursor back at the line's start).
    rl.prompt(true);
    terminalLine.drawn(process.stderr, true);
    // What had been typed here when a question was drawn over it (before anything typed since).
    const typed = approvals.takeSetAside() || refused;
    refused = undefined;
    if (typed === undefined || typed === '') return;
    rl.write(null, { ctrl: true, name: 'a' });
    rl.write(typed);
    rl.write(null, { ctrl: true, name: 'e' });
  };
  let busy = false;
  let closed = false;
  // Lines typed while a reply is under way: each is sent in its turn once the one before has ended,
  // as a shell runs what was typed ahead (and, as there, Ctrl-C drops them); no prompt is drawn
  // inside a reply.
  const typedAhead: string[] = [];
  /** Messages typed ahead and dropped by a Ctrl-C or by leaving: said once the stopped reply has ended. */
  let dropped = 0;
  // Lines that arrive together (typed ahead while iAs was busy; or pasted on a terminal that marks
  // no paste) are each the owner's own, but none answers an approval: only a line entered alone at
  // its question does. A line is taken once no other follows it.
  let arriving: string[] = [];
  let settle: NodeJS.Timeout | undefined;
  /** The lines of a paste under way (between the terminal's marks): one message, never an answer nor a command. */
  let pasting: string[] | undefined;
  /** What was read and is not sent yet (a paste under way is one message). */
  const unsent = () => typedAhead.length + arriving.length + (pasting?.length ? 1 : 0);
  const clearQueued = () => {
    typedAhead.length = 0;
    arriving = [];
    clearTimeout(settle);
    if (pasting) pasting = [];
  };
  /** Ends the loop: set once it waits for the session's end. */
  let leave = () => {};
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
        endReply();
        if (err instanceof ProviderNotConfiguredError) printNoProvider(words, err);
        else printError(words, sayThrown(words, err));
        if (err instanceof TurnUnderWayError) {
          // Nothing of it was stored: it waits at the prompt to be sent again (a pasted block, of
          // several lines, is still on the screen). What was typed to follow it is not sent ahead of it.
          if (!text.includes('\n')) refused = text;
          dropped += typedAhead.length;
          typedAhead.length = 0;
        }
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
  /** Says how many queued messages were dropped (by Ctrl-C, or by leaving), if any were. */
  const sayDropped = () => {
    if (dropped === 0) return;
    approvals.beforeOutput();
    process.stderr.write(color.dim(`${words.queuedNotSent(dropped)}\n`));
    dropped = 0;
  };
  const next = () => {
    busy = false;
    sayDropped();
    if (closed) return leave();
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
      if (!busy && !closed) prompt();
    },
    resume: () => {
      if (!busy) next();
    },
    dropQueued: () => {
      dropped += unsent();
      clearQueued();
    },
  });
  prompt();
  await new Promise<void>((resolve) => {
    leave = resolve;
    rl.on('close', () => {
      closed = true;
      process.stdin.off('keypress', onKey);
      if (marksPastes) {
        process.off('exit', stopMarking);
        stopMarking();
      }
      // Left at the prompt (Ctrl-D, Ctrl-C, SIGTERM): what follows goes on a line of its own.
      if (onPromptLine) terminalLine.write(process.stderr, '\n');
      // Leaving is at once (a reply under way is stopped): what was queued is not sent, and that is
      // said, under the stopped reply.
      dropped += unsent();
      clearQueued();
      pasting = undefined;
      if (busy) return stopTurn();
      sayDropped();
      resolve();
    });
    rl.on('line', (line) => {
      onPromptLine = false;
      if (pasting) return void pasting.push(line);
      arriving.push(line);
      clearTimeout(settle);
      settle = setTimeout(takeArriving, TOGETHER_MS);
    });
    /** The lines arrived: each in its turn, an answer only when it came alone. */
    const takeArriving = () => {
      clearTimeout(settle);
      const alone = arriving.length === 1;
      // Leaving (`/exit`) counts and drops the lines after it.
      while (arriving.length > 0) typed(arriving.shift()!, alone);
    };
    // readline reads the terminal's marks around a paste as keys of their own, after the lines before it.
    const onKey = (_: string | undefined, key: { name?: string } | undefined) => {
      if (key?.name === 'paste-start') {
        takeArriving();
        pasting = [];
      } else if (key?.name === 'paste-end' && pasting) {
        // Its last line, when it came without a line end (as text copied from a page does), is the
        // block's too: entered as the lines before it were, not left at the prompt as a message of its own.
        if (pasting.length > 0 && rl.line !== '') rl.write('\n');
        const lines = pasting;
        pasting = undefined;
        if (lines.length === 1) typed(lines[0]!, true);
        else if (lines.length > 1) chat(blockMessage(lines));
      }
    };
    process.stdin.on('keypress', onKey);
    const typed = (line: string, alone: boolean) => {
      // An answer only while its question is shown, and entered alone: a line typed under a reply
      // that hid it, or one of several read together, is the chat's.
      if (alone && approvals.answer(line)) {
        if (!busy) next();
        return;
      }
      const text = line.trim();
      const command = chatCommandOf(text);
      if (command === undefined) return chat(text);
      if (command === 'exit' || command === 'quit') return rl.close();
      // Answered here, never sent: the model has no part in the chat's own commands.
      approvals.beforeOutput();
      process.stderr.write(color.dim(`${command === 'help' ? words.help : words.unknownCommand(text)}\n`));
      if (!busy) prompt();
      else approvals.ask();
    };
  });
}

/** Lines read within this long of each other arrived together: typed ahead, or pasted, not entered one by one. */
const TOGETHER_MS = 25;

/** Asks the terminal to mark what is pasted (xterm's bracketed paste), and to stop. */
const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';
