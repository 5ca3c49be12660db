/** Keeps one page's failure (a chunk that could not load, a bug) inside that page, with a way out. */
import { Component, type ReactNode } from 'react';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

function Failure({ message }: { message: string }) {
  const t = useT();
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
    return this.state.error ? <Failure message={this.state.error.message} /> : this.props.children;
  }
}
