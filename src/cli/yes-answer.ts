/** The answer to a y/N question at the terminal: y, yes, 是 or 好 say yes; anything else (Enter too) says no. */
export function saysYes(line: string): boolean {
  return /^(y|yes|是|好)$/i.test(line.trim());
}
