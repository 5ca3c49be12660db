/**
 * A turn refused because another is under way in its conversation: one another agent of this
 * process runs (WeChat's while the app's window is used), or one of another iAs process still
 * running (`ias chat --conversation`, the app). Two turns at once would interleave their writes: a
 * call's result stored after the next owner's message reads as cut off, and the model may make it
 * again. Nothing of the refused turn is stored; each surface says why in the owner's language.
 */
import { englishApiErrors } from '../../shared/api-errors.js';

export class TurnUnderWayError extends Error {
  override readonly name = 'TurnUnderWayError';

  constructor(readonly conversationId: string) {
    super(englishApiErrors['reply-in-progress']({}));
  }
}
