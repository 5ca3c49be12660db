/**
 * Approvals at the terminal for `ias chat`: the human at this terminal is the owner, so a
 * high-risk call is shown here in full (the gate's words, in both languages) and answered y/N on
 * the same prompt (asked in the chat's language; y, yes, 是 or 好 approve).
 */
import type readline from 'node:readline';
import type { AgentEvent } from '../core/agent/agent.js';
import type { ApprovalView } from '../core/approval/approval-view.js';
import { NO_CHANNEL } from '../core/approval/gate-decisions.js';
import type { ApprovalGate } from '../core/approval/gate.js';
import { TERMINAL_CHANNEL } from '../core/approval/channel.js';
import { InProcessChannel } from '../core/approval/in-process-channel.js';
import { skillOrigin } from '../core/approval/review.js';
import type { Runtime } from '../core/runtime.js';
import type { ChatWords } from './chat-words.js';
import { color } from './format.js';
import { terminalLine } from './terminal-line.js';
import { saysYes } from './yes-answer.js';

export { TERMINAL_CHANNEL };

export class TerminalApprovals {
  readonly channel = new InProcessChannel({ name: TERMINAL_CHANNEL, inApp: true });
  private waiting: ApprovalView | undefined;
  /**
   * The waiting approval's question is the last thing the terminal shows, on the line being typed:
   * only a line entered now answers it. Anything written under it hides it until it is drawn again.
   */
  private shown = false;
  /** The waiting approval's question has been drawn (it may be hidden since). */
  private asked = false;
  /** What was typed, not entered, when a question was first drawn over it: the chat's, given back at its prompt. */
  private setAside = '';
  /** The terminal's input has ended (Ctrl-D): no answer can come from it. */
  private inputEnded = false;

  constructor(
    private readonly gate: ApprovalGate,
    private readonly rl: readline.Interface,
    /** The y/N question, and what a question declined reads, in the owner's language. */
    private readonly words: Pick<ChatWords, 'runSkill' | 'declined'>,
  ) {
    const original = this.channel.sendToOwner.bind(this.channel);
    this.channel.sendToOwner = async (text: string) => {
      await original(text);
      this.beforeOutput();
      terminalLine.write(process.stderr, `\n${color.yellow(text)}\n`);
      this.ask();
    };
    gate.on('changed', (view) => {
      if (view.channel !== TERMINAL_CHANNEL) return;
      if (view.status === 'pending') {
        this.waiting = view; // asked once the details are printed
        this.asked = false;
      } else if (this.waiting?.id === view.id) {
        this.waiting = undefined;
        this.shown = false;
      }
    });
  }

  /** The y/N question of the approval waiting for its answer, if one is: the prompt to show instead of the chat's. */
  question(): string | undefined {
    const pending = this.waiting;
    return pending && this.words.runSkill(pending.skillName, pending.skillOrigin);
  }

  /**
   * Draws the waiting approval's question as the prompt, on an empty line: what had been typed
   * there is no answer to a question drawn after it. False when no approval waits.
   */
  ask(): boolean {
    const question = this.question();
    if (question === undefined) return false;
    if (this.inputEnded) {
      this.declineAsked(question);
      return false;
    }
    this.rl.setPrompt(color.bold(question));
    if (this.rl.line !== '') {
      // Typed before the question was first drawn (at the chat's prompt, or ahead during a reply),
      // it is the chat's, put back at its prompt; typed since, it was meant for the question.
      if (!this.asked) this.setAside = this.rl.line;
      this.rl.write(null, { ctrl: true, name: 'e' });
      this.rl.write(null, { ctrl: true, name: 'u' });
    }
    this.rl.prompt();
    terminalLine.drawn(process.stderr, true);
    this.shown = true;
    this.asked = true;
    return true;
  }

  /**
   * Something is about to be written under the prompt (a reply, a call's line, a background
   * result): a question shown there is no longer what the owner looks at, so a line entered next is
   * no answer to it, and what is written starts on a line of its own.
   */
  beforeOutput(): void {
    if (!this.shown) return;
    this.shown = false;
    // Refreshed while hidden (a key that redraws the line), the line shows no question either.
    this.rl.setPrompt('');
    terminalLine.write(process.stderr, '\n');
  }

  /** True when the line answered an approval: one waits, and its question is what the terminal shows. */
  answer(line: string): boolean {
    const pending = this.waiting;
    if (!pending || !this.shown) return false;
    this.waiting = undefined;
    this.shown = false;
    void this.gate.decideInApp(pending.id, saysYes(line));
    return true;
  }

  /**
   * The terminal's input has ended (Ctrl-D): nobody can answer here any more. The question waiting
   * is declined, as N, its default, and so is each asked after, rather than left waiting for an
   * answer that cannot come.
   */
  endInput(): void {
    this.inputEnded = true;
    const question = this.question();
    if (question !== undefined) this.declineAsked(question);
  }

  /** The waiting approval declined, its question shown with that said after it. */
  private declineAsked(question: string): void {
    const pending = this.waiting!;
    if (!this.shown) {
      this.beforeOutput();
      terminalLine.write(process.stderr, color.bold(question));
    }
    terminalLine.write(process.stderr, `${this.words.declined}\n`, color.dim);
    this.waiting = undefined;
    this.shown = false;
    void this.gate.decideInApp(pending.id, false);
  }

  /** What was typed at the chat's prompt when a question was drawn over it (once). */
  takeSetAside(): string {
    const typed = this.setAside;
    this.setAside = '';
    return typed;
  }
}

/**
 * The skill of a call refused for want of an approver when it is Low and asked about only because
 * the owner has not reviewed it (the owner is told how to review it), else undefined. For the owner
 * only: what the model got is the refusal alone.
 */
export function unreviewedSkillOf(event: AgentEvent, runtime: Pick<Runtime, 'registry' | 'store'>): string | undefined {
  if (!refusedForNoApprover(event) || !('name' in event)) return undefined;
  const skill = runtime.registry.current(event.name);
  return skill && skillOrigin(skill, runtime.store.skillSettings) === 'user-unreviewed' ? skill.name : undefined;
}

/**
 * `unreviewedSkillOf` for one run (a chat, a task's run): each skill is said once, however many of its
 * calls are refused.
 */
export function unreviewedOncePerRun(): (
  event: AgentEvent,
  runtime: Pick<Runtime, 'registry' | 'store'>,
) => string | undefined {
  const told = new Set<string>();
  return (event, runtime) => {
    const skill = unreviewedSkillOf(event, runtime);
    if (skill === undefined || told.has(skill)) return undefined;
    told.add(skill);
    return skill;
  };
}

/** A call's result that says it did not run because no approval channel could reach the owner. */
export function refusedForNoApprover(event: AgentEvent): boolean {
  if (event.type !== 'tool-result' && event.type !== 'background-result') return false;
  const said = typeof event.result === 'string' ? event.result : (event.result as { error?: unknown } | null)?.error;
  return typeof said === 'string' && said.endsWith(NO_CHANNEL);
}
