/**
 * How big parsed front matter is once its YAML aliases are expanded. An alias stands for the whole
 * value its anchor names, so a few hundred bytes of `&b [*a, *a, …]` nested a few times stand for
 * billions of values: whatever reads them whole (JSON text, a list joined into words) runs out of
 * memory or time, and one such SKILL.md would stop every skill from loading. Without aliases a
 * value is never larger than the text it was written in, so the file size limit is the measure.
 */

/**
 * Whether `value` counts more than `limit` once expanded: each value and key 1, plus the length of
 * each text. The count stops as soon as it passes the limit, so it takes at most `limit` steps
 * (a cycle of aliases passes it too).
 */
export function expandsPast(value: unknown, limit: number): boolean {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    count += 1;
    if (typeof next === 'string') count += next.length;
    else if (ArrayBuffer.isView(next)) count += next.byteLength;
    else if (Array.isArray(next)) pending.push(...next);
    else if (next !== null && typeof next === 'object' && !(next instanceof Date)) {
      for (const [key, child] of Object.entries(next)) {
        count += key.length;
        pending.push(child);
      }
    }
    if (count > limit) return true;
  }
  return false;
}
