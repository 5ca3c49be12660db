/**
 * Copies text to the clipboard; `copied` is true for a moment after, for a button to say so. When
 * nothing could copy it, the owner is told (a toast), not left with a button that does nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { copyText } from './copy-text.js';

const SHOWN_MS = 1500;

export function useCopy(): { copied: boolean; copy: (text: string) => void } {
  const t = useT();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    (text: string) => {
      void copyText(text).then((done) => {
        if (!done) {
          toast({ tone: 'error', title: t.common.copyFailed, body: t.common.copyFailedHow });
          return;
        }
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), SHOWN_MS);
      });
    },
    [t, toast],
  );
  return { copied, copy };
}
