/** The name an audit export is saved under, stamped with when it was made. */
import { wallClock } from '../ui/format.js';

/** `<base>-YYYYMMDD-HHMM.<extension>`, the date and time as the clock reads in `timeZone` (the owner's). */
export function stampedName(base: string, extension: string, timeZone?: string, now = Date.now()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = wallClock(now, timeZone);
  const stamp = `${at.year}${pad(at.month)}${pad(at.day)}-${pad(at.hour)}${pad(at.minute)}`;
  return `${base}-${stamp}.${extension}`;
}
