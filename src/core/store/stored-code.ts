/** A code with its parameters kept as JSON in a column (see shared/coded-text.ts), read back. */
import type { Coded } from '../../shared/coded-text.js';

/** The code stored, or null for none or for text that is not one (it never throws). */
export function storedCode<T extends Coded>(text: string | null): T | null {
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as T | null;
    return typeof parsed?.code === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
