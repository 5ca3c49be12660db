/** Copies text to the clipboard; `copied` is true for a moment after, for a button to say so. */
import { useCallback, useEffect, useRef, useState } from 'react';

const SHOWN_MS = 1500;

export function useCopy(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), SHOWN_MS);
      },
      // Refused (the page not focused, or no permission): the button simply does not say "Copied".
      () => undefined,
    );
  }, []);
  return { copied, copy };
}
