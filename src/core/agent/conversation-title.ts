/**
 * A new conversation's title: the start of its first message, cut at a whole character (an emoji
 * cut in half would be stored as �).
 */
const TITLE_CHARS = 40;

export function conversationTitle(text: string): string {
  const trimmed = text.trim();
  // Most titles are short: only one that may be cut is taken apart into characters.
  if (trimmed.length <= TITLE_CHARS) return trimmed;
  return Array.from(trimmed).slice(0, TITLE_CHARS).join('');
}
