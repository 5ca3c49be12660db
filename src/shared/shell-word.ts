/**
 * A path or value as one word of a POSIX shell command the owner may copy (`chmod 600 <path>`): as
 * it is when it holds nothing a shell reads apart, else in single quotes (a quote inside as '\'').
 * A data folder under "Application Support" has a space in it.
 */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
