/** Keeps one page's failure (a chunk that could not load, a bug) inside that page, with a way out. */
import { Component, type ReactNode } from 'react';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

/**
 * A page's code that could not be fetched (the served iAs stopped, or was updated and the old
 * chunks are gone), as Chromium, Firefox and Safari word it: said in the UI's language, not theirs.
 */
const CODE_UNLOADED = /dynamically imported module|Importing a module script failed/i;

function Failure({ error }: { error: Error }) {
  const t = useT();
  const message =
    error instanceof TypeError && CODE_UNLOADED.test(error.message) ? t.common.pageCodeUnloaded : error.message;
  return (
    <div className="empty-state" role="alert" data-testid="page-error">
      <Icon name="alert" size={24} />
      <p>{t.common.pageFailed}</p>
      <p className="hint">{message}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        <Icon name="refresh" size={14} /> {t.common.reload}
      </button>
    </div>
  );
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('iAs: a page failed:', error);
  }

  override render() {
    return this.state.error ? <Failure error={this.state.error} /> : this.props.children;
  }
}
