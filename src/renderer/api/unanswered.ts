/**
 * Choices sent to the core and not answered yet, oldest first. A page shows them over its data as
 * last read, so that neither an earlier choice's late answer nor a read made before a choice ever
 * shows instead of the owner's last choice (a switch flicking back until the last answer came).
 */
import { useCallback, useMemo, useRef, useState } from 'react';

export interface Unanswered<C> {
  /** The choices on their way, oldest first. */
  choices: readonly C[];
  /**
   * Shows `choice` until `sending` is answered. `answered` is given the answer before the choice
   * stops showing, so that no frame shows the data without either; a refusal is thrown on.
   */
  send: <T>(choice: C, sending: Promise<T>, answered: (answer: T) => void) => Promise<T>;
}

export function useUnanswered<C>(): Unanswered<C> {
  const [list, setList] = useState<readonly { id: number; choice: C }[]>([]);
  const sent = useRef(0);
  const send = useCallback(async <T>(choice: C, sending: Promise<T>, answered: (answer: T) => void) => {
    const id = ++sent.current;
    setList((l) => [...l, { id, choice }]);
    try {
      const answer = await sending;
      answered(answer);
      return answer;
    } finally {
      setList((l) => l.filter((u) => u.id !== id));
    }
  }, []);
  const choices = useMemo(() => list.map((u) => u.choice), [list]);
  return { choices, send };
}

/** `items`, each switched on or off as the last choice `about` it on its way says. */
export function switchedAsChosen<I extends { enabled: boolean }, C extends { enabled: boolean }>(
  items: readonly I[],
  choices: readonly C[],
  about: (choice: C, item: I) => boolean,
): I[] {
  return items.map((item) => {
    const enabled = choices.reduce((on, choice) => (about(choice, item) ? choice.enabled : on), item.enabled);
    return enabled === item.enabled ? item : { ...item, enabled };
  });
}
