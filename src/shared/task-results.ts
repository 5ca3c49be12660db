/**
 * What iAs itself says in a scheduled run's result (it failed, it was cut off, it could not start,
 * it was answered with notices), as a stable code with its parameters, so that a UI can say it in
 * its own language. The English text is stored with the run (what the model, the CLI and an older
 * UI read); the code beside it. The reply's own words stay as the model wrote them.
 * Plain types and functions: no Node, no DOM.
 */
import { sayCoded } from './coded-text.js';
import type { MessageCode } from './turn-messages.js';

export interface TaskResultParams {
  /** The run's turn failed: `line` is its failure (a turn message). */
  'run-failed': { line: MessageCode };
  /** iAs stopped before the run finished; `said`: what the model had said by then. */
  'run-interrupted': { said: string };
  /**
   * The run could not start; `detail`: why, in iAs's or another program's words, and `line` its
   * code when iAs said it (no model set).
   */
  'run-not-started': { detail: string; line?: MessageCode };
  /** The run was answered (`reply`, empty for none) with notices about how (turn messages). */
  'run-answered': { reply: string; notices: MessageCode[] };
  /** The task's stored schedule cannot be read here (`detail`: why), so iAs paused it. */
  'schedule-unusable': { detail: string };
}

export type TaskResultName = keyof TaskResultParams;

/** A run result's code and parameters (one of {@link TaskResultParams}). */
export type TaskResultCode = { [C in TaskResultName]: { code: C; params: TaskResultParams[C] } }[TaskResultName];

/** How each result reads in a language; `english` is the stored text (for parts this table cannot say). */
export type TaskResultStrings = { [C in TaskResultName]: (p: TaskResultParams[C], english: string) => string };

/** In English the stored text is the result as it stands. */
export const englishTaskResults: TaskResultStrings = {
  'run-failed': (_, english) => english,
  'run-interrupted': (_, english) => english,
  'run-not-started': (_, english) => english,
  'run-answered': (_, english) => english,
  'schedule-unusable': (_, english) => english,
};

/** A result in a language: by its code when `strings` know it, else the stored (English) text. */
export function sayTaskResult(strings: TaskResultStrings, text: string, code?: TaskResultCode | null): string {
  return sayCoded(strings, text, code);
}
