/**
 * How long the texts the UI sends may be, beyond a message (message-size.ts): the contract's check
 * refuses a longer one, and the UI's box for it takes no more (counted in UTF-16 units, of which a
 * character is one or two), so what is typed is what is sent. Plain constants: no Node, no DOM.
 */

/** A conversation's title, as renamed. */
export const MAX_TITLE_CHARS = 200;

/** A skill's setting's value, plain or secret (`ias skills config` too). */
export const MAX_SETTING_CHARS = 10_000;

/** The audit log's search text (`ias audit --text` too). */
export const MAX_AUDIT_SEARCH_CHARS = 500;
