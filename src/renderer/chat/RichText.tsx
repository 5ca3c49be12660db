/**
 * A reply's text as markdown. The markdown renderer and the code highlighter load as their own
 * chunk (most of the chat's weight), so the other pages start without them; until it is there (or
 * if it cannot be fetched, say while `ias serve` restarts), the text shows as it is.
 */
import { useEffect, useSyncExternalStore } from 'react';

type MarkdownModule = typeof import('./Markdown.js');

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Starts loading the markdown renderer (once; again after a failure). */
export function preloadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./Markdown.js').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (err: unknown) => {
      loading = undefined;
      clearTimeout(retryTimer);
      if (listeners.size > 0) retryTimer = setTimeout(() => void preloadMarkdown().catch(() => undefined), 5000);
      throw err;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function RichText({ text }: { text: string }) {
  const module = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!loaded) preloadMarkdown().catch(() => undefined);
  }, []);
  if (module) return <module.Markdown text={text} />;
  return (
    <div className="markdown">
      <p className="plain-text">{text}</p>
    </div>
  );
}
