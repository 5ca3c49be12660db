/**
 * What the approval gate tells the owner in the app (a call waits for approval; it was approved,
 * refused, cancelled or expired), as a stable code with its parameters, so that the UI can say it
 * in its own language. The text sent along stays the bilingual one WeChat and the terminal get; the
 * model never sees either. Plain types: no Node, no DOM.
 */

/**
 * Whose skill a call runs: a shipped one, the owner's own (no shipped skill has its name), or a user
 * skill that replaces a shipped one of the same name (it gets the shipped skill's settings and
 * secrets), reviewed by the owner at this version or not. 'user-unreviewed': the owner's own skill
 * whose own risk is Low, not reviewed at this version, so it is asked about as High until reviewed.
 * 'user-high-unreviewed': the owner's own High skill not reviewed at this version (put in the skills
 * folder or changed outside iAs): its name is all the owner would know it by.
 */
export type SkillOrigin =
  'system' | 'user' | 'user-unreviewed' | 'user-high-unreviewed' | 'user-override' | 'user-override-unreviewed';

/** The origins of a user skill that replaces a shipped one: the skill is not the shipped one its name suggests. */
export type OverrideOrigin = Extract<SkillOrigin, 'user-override' | 'user-override-unreviewed'>;

/**
 * The origins an approval request must point out: an override (not the shipped skill), or a Low
 * skill asked about only because it is not reviewed (the owner is told why, and how to review it),
 * or a High skill of the owner's not reviewed at this version (what it does is not what they saw).
 * Display only: the gate's risk comes from the skill and its review mark, never from this.
 */
export type NotedOrigin = OverrideOrigin | 'user-unreviewed' | 'user-high-unreviewed';

export const isNoted = (origin: SkillOrigin | null | undefined): origin is NotedOrigin =>
  origin === 'user-override' ||
  origin === 'user-override-unreviewed' ||
  origin === 'user-unreviewed' ||
  origin === 'user-high-unreviewed';

export interface ApprovalMessageParams {
  /**
   * A high-risk call waits to be approved or rejected in the app. `title`: the skill's title when it
   * is not its name; `params`: its parameters one per line, as the owner must read them (empty when
   * it has none); `again`: it replaces an approval whose skill changed while it waited; `movedFrom`:
   * the channel it was sent to first, no longer connected; `from`: who asks (the conversation, or
   * the scheduled task, by its title on one line); `origin`: set when the skill is a user skill
   * that replaces the shipped one of its name (reviewed or not), not the shipped one, or a skill of
   * the owner's not reviewed at this version (Low: asked about only because of that). `approvalId`: the approval
   * asked for (never its code), so that the app ties the notice to it and to nothing else.
   */
  'approval-needed': {
    approvalId: string;
    skill: string;
    title?: string;
    /** The skill's title in 简体中文, where it gives one: the Chinese notice shows it instead. */
    titleZh?: string;
    params: string;
    validMinutes: number;
    again?: boolean;
    movedFrom?: string;
    from?: ApprovalAsker;
    origin?: NotedOrigin;
  };
  'approval-approved': { skill: string };
  'approval-rejected': { skill: string };
  'approval-cancelled': { skill: string };
  'approval-expired': { skill: string };
}

/** Who asked for a high-risk call: a conversation (the owner's chat) or a scheduled task's run. */
export interface ApprovalAsker {
  kind: 'chat' | 'task';
  title: string;
}

export type ApprovalMessageName = keyof ApprovalMessageParams;

/** An approval message's code and parameters (one of {@link ApprovalMessageParams}). */
export type ApprovalMessageCode = {
  [C in ApprovalMessageName]: { code: C; params: ApprovalMessageParams[C] };
}[ApprovalMessageName];

/** How each approval message reads in a language: a title, and lines below it. */
export type ApprovalMessageStrings = {
  [C in ApprovalMessageName]: (p: ApprovalMessageParams[C]) => { title: string; body?: string };
};
