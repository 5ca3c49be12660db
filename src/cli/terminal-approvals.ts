/**
 * Approvals at the terminal for `ias chat`: the human at this terminal is the owner, so a
 * high-risk call is shown here in full (the gate's words, in both languages) and answered y/N on
 * the same prompt (asked in the chat's language; y, yes, 是 or 好 approve).
 */
import type readline from 'node:readline';
import type { SkillOrigin } from '../shared/approval-messages.js';
import type { AgentEvent } from '../core/agent/agent.js';
import { NO_CHANNEL, type ApprovalGate, type ApprovalView } from '../core/approval/gate.js';
import { InProcessChannel } from '../core/approval/in-process-channel.js';
import { chatWords } from './chat-words.js';
import { color } from './format.js';
import { saysYes } from './yes-answer.js';

export const TERMINAL_CHANNEL = 'terminal';

export class TerminalApprovals {
  readonly channel = new InProcessChannel({ name: TERMINAL_CHANNEL, inApp: true });
  private waiting: ApprovalView | undefined;

  constructor(
    private readonly gate: ApprovalGate,
    private readonly rl: readline.Interface,
    /** The y/N question, in the chat's language. */
    private readonly runSkill: (skill: string, origin?: SkillOrigin | null) => string = chatWords.en.runSkill,
  ) {
    const original = this.channel.sendToOwner.bind(this.channel);
    this.channel.sendToOwner = async (text: string) => {
      await original(text);
      process.stderr.write(`\n${color.yellow(text)}\n`);
      if (this.waiting) {
        this.rl.setPrompt(color.bold(this.runSkill(this.waiting.skillName, this.waiting.skillOrigin)));
        this.rl.prompt();
      }
    };
    gate.on('changed', (view) => {
      if (view.channel !== TERMINAL_CHANNEL) return;
      if (view.status === 'pending') {
        this.waiting = view; // asked once the details are printed
      } else if (this.waiting?.id === view.id) {
        this.waiting = undefined;
      }
    });
  }

  /** True when the line answered an approval. */
  answer(line: string): boolean {
    const pending = this.waiting;
    if (!pending) return false;
    this.waiting = undefined;
    void this.gate.decideInApp(pending.id, saysYes(line));
    return true;
  }
}

/** A call's result that says it did not run because no approval channel could reach the owner. */
export function refusedForNoApprover(event: AgentEvent): boolean {
  if (event.type !== 'tool-result' && event.type !== 'background-result') return false;
  const said = typeof event.result === 'string' ? event.result : (event.result as { error?: unknown } | null)?.error;
  return typeof said === 'string' && said.endsWith(NO_CHANNEL);
}
