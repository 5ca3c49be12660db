/**
 * A burst of calls made one: the first schedules `fn` after `ms`, the calls that come before it
 * runs join it. A steady stream runs it at most once every `ms`. The timer never keeps the process alive.
 */
export interface Coalesced {
  (): void;
  /** Drops a run still to come. */
  cancel(): void;
}

export function coalesced(fn: () => void, ms: number): Coalesced {
  let timer: NodeJS.Timeout | undefined;
  const call = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
    timer.unref();
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
