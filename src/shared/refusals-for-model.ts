/**
 * What the model is told of a call iAs refused before it ran (the owner refused it or let it lapse,
 * high-risk skills are paused, no approval channel is set up): fixed words (see DESIGN), stored as
 * the call's tool message. A tool message stored before it kept how its call ended is read back by
 * them, word for word for its skill, as migration 10 reads audit rows. Plain functions: no Node, no DOM.
 */

/** The owner refused the call (a cancel, or three wrong codes). */
export const refusedForModel = (skill: string) => `用户拒绝了你的调用：${skill}`;
/** Nobody answered in time. */
export const unconfirmedForModel = (skill: string) => `用户没有确认操作：${skill}`;
/** The owner paused high-risk skills: nobody was asked. */
export const pausedForModel = (skill: string) => `${skill} did not run: high-risk skills are paused by the owner`;
/** The call needs approval and no approval channel is set up. */
export const noChannelForModel = (skill: string) =>
  `${skill} needs the owner's approval, and no approval channel is set up`;

/**
 * How a call of `skill` ended, when what the model was told of it is one of the refusals above
 * (undefined for any other result: a refusal is told as these words alone, never inside an object).
 */
export function refusalStatus(skill: string, told: unknown): 'refused' | 'unconfirmed' | undefined {
  if (typeof told !== 'string') return undefined;
  if (told === unconfirmedForModel(skill)) return 'unconfirmed';
  if (told === refusedForModel(skill) || told === pausedForModel(skill) || told === noChannelForModel(skill)) {
    return 'refused';
  }
  return undefined;
}
