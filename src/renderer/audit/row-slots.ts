/**
 * Keys for the rows of a virtual list that reuse the DOM of rows that scrolled out of view.
 *
 * Keyed by record, a scroll replaces every row in view: the browser throws the old elements away
 * and builds, styles and lays out new ones. Keyed by slot, a row that stays in view keeps its slot,
 * and a row coming into view takes the slot of one that left, so React only changes its text and
 * attributes. Freed slots are handed out in their old order: when every row is replaced, the slots
 * keep their order and no element moves in the DOM.
 */
import { useRef } from 'react';

/** Row index → slot, in the order of the rows. */
export type RowSlots = ReadonlyMap<number, number>;

/** The slots of `indexes` (in order), given the slots of the rows rendered before. */
export function assignRowSlots(before: RowSlots, indexes: readonly number[]): RowSlots {
  const kept = indexes.map((index) => before.get(index));
  const used = new Set(kept.filter((slot) => slot !== undefined));
  // A Map iterates in insertion order: the order of the rows last time.
  const free = [...before.values()].filter((slot) => !used.has(slot));
  let taken = 0;
  let fresh = 0;
  const slots = kept.map((slot) => {
    if (slot !== undefined) return slot;
    const reused = taken < free.length ? free[taken++]! : undefined;
    if (reused !== undefined) {
      used.add(reused);
      return reused;
    }
    while (used.has(fresh)) fresh++;
    used.add(fresh);
    return fresh;
  });
  return new Map(indexes.map((index, k) => [index, slots[k]!]));
}

/** The key of each of `indexes` (the rows rendered, in order). */
export function useRowSlots(indexes: readonly number[]): number[] {
  const previous = useRef<RowSlots>(new Map());
  const slots = assignRowSlots(previous.current, indexes);
  // Only keys: any unique assignment is correct, so a render React throws away does no harm.
  previous.current = slots;
  return indexes.map((index) => slots.get(index)!);
}
