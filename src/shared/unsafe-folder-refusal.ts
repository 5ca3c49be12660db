/**
 * How a start refused over a secret's file in a folder another user could change reads (the
 * `ias serve` access token, the approval key): which folder, why, and what mends it. Start errors
 * are said in English, as they come (see start-failure.ts). Plain types and functions: no Node, no
 * DOM.
 */
import { shellWord } from './shell-word.js';
import type { UnsafeParentCode } from './unsafe-parents.js';

/**
 * `<start> is in the folder …, which other users can change (…), <swap>. <what mends it>`: `start`
 * names the file ("iAs did not start: its access token file, /x/serve-token,"), `swap` what another
 * user could do with it ("who could swap it for a token they know…").
 */
export function unsafeFolderRefusalText(start: string, swap: string, unsafe: UnsafeParentCode): string {
  const own = "Keep iAs's data folder in folders of your own (or set IAS_HOME, or --home, to one).";
  if (unsafe.code === 'parent-writable') {
    const { folder, mode } = unsafe.params;
    return `${start} is in the folder ${folder}, which other users can change (mode ${mode}), ${swap}. Make it writable by you alone with \`chmod go-w ${shellWord(folder)}\`.`;
  }
  if (unsafe.code === 'parent-other-owner') {
    const { folder, uid } = unsafe.params;
    return `${start} is in the folder ${folder}, which belongs to another user (uid ${uid}), ${swap}. ${own}`;
  }
  const { folder, entry, uid } = unsafe.params;
  return `${start} is in ${entry}, which belongs to another user (uid ${uid}) in the shared folder ${folder}, ${swap}. ${own}`;
}
