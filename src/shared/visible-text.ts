/**
 * Text as the owner must read it where they decide (an approval, in WeChat or in the app): every
 * character visible for what it is, so the parameters shown are the parameters that run.
 */

/**
 * Characters that could change how the rest reads: terminal escapes and other control characters,
 * and the marks that reorder text (bidirectional overrides and isolates).
 */
const HIDDEN = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A character written as \uXXXX. */
export const escapedChar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with each hidden character written as \uXXXX (tabs and line breaks stay as they are). */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, escapedChar);
}
