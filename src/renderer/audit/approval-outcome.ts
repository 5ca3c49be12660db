/** How an audit row's approval ended, in the UI's language: the stored value itself when it is one the UI does not know. */
import type { Strings } from '../i18n.js';

export function approvalOutcomeLabel(t: Strings, outcome: string): string {
  const labels: Record<string, string> = t.audit.approvalOutcome;
  return Object.hasOwn(labels, outcome) ? labels[outcome]! : outcome;
}
