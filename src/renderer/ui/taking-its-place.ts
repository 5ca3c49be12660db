/**
 * The item that takes a removed one's place in a list (the one after it, else the one before): where
 * the focus goes when the control that had it goes with the removed item.
 */
export function takingItsPlace<T>(list: readonly T[] | undefined, isIt: (item: T) => boolean): T | undefined {
  const at = list?.findIndex(isIt) ?? -1;
  return at < 0 ? undefined : (list![at + 1] ?? list![at - 1]);
}
