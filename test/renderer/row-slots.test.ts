import { describe, expect, it } from 'vitest';
import { assignRowSlots, type RowSlots } from '../../src/renderer/audit/row-slots.js';

const range = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);
const slotsOf = (map: RowSlots, indexes: number[]) => indexes.map((index) => map.get(index));
const unique = (map: RowSlots) => new Set(map.values()).size === map.size;

describe('assignRowSlots', () => {
  it('numbers the first rows from zero', () => {
    expect(slotsOf(assignRowSlots(new Map(), range(0, 4)), range(0, 4))).toEqual([0, 1, 2, 3]);
  });

  it('keeps the slot of a row that stays in view and gives the row coming in the slot that left', () => {
    const first = assignRowSlots(new Map(), range(0, 4));
    const next = assignRowSlots(first, range(1, 4));
    expect(slotsOf(next, range(1, 4))).toEqual([1, 2, 3, 0]);
  });

  it('hands freed slots out in their old order when every row is replaced', () => {
    let slots = assignRowSlots(new Map(), range(0, 5));
    slots = assignRowSlots(slots, range(2, 5)); // slots 2 3 4 0 1
    const jumped = assignRowSlots(slots, range(40, 5));
    expect(slotsOf(jumped, range(40, 5))).toEqual([2, 3, 4, 0, 1]);
  });

  it('keeps slots unique as the window grows, shrinks and jumps', () => {
    let slots: RowSlots = new Map();
    const windows = [range(0, 3), range(0, 6), range(2, 3), range(1, 7), range(90, 2), range(88, 9), range(50, 9)];
    for (const indexes of windows) {
      slots = assignRowSlots(slots, indexes);
      expect([...slots.keys()]).toEqual(indexes);
      expect(unique(slots)).toBe(true);
      expect(Math.max(...slots.values())).toBeLessThan(9);
    }
  });

  it('gives the same slots again for the same rows (a render React repeats)', () => {
    const once = assignRowSlots(assignRowSlots(new Map(), range(0, 6)), range(3, 6));
    expect(assignRowSlots(once, range(3, 6))).toEqual(once);
  });
});
