/** Approvals: the open ones first (with buttons where they can be decided here), then recent ones. */
import { useApprovals, isOpen } from '../approvals/ApprovalsProvider.js';
import { ApprovalItem } from '../approvals/ApprovalItem.js';
import { useSettings } from '../app/SettingsProvider.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';

export function ApprovalsPage() {
  const t = useT();
  const { approvals, ready, loading, error, reload } = useApprovals();
  const { settings } = useSettings();
  const open = approvals.filter(isOpen);
  const recent = approvals.filter((a) => !isOpen(a));
  return (
    <div className="simple-page">
      <header className="page-head">
        <h1>{t.approvals.title}</h1>
        {loading && <Spinner />}
        <span className="spacer" />
        <button type="button" className="button" onClick={reload}>
          <Icon name="refresh" size={14} /> {t.common.refresh}
        </button>
      </header>
      <p className="page-intro muted">{t.approvals.intro}</p>
      {settings?.highRiskPaused && (
        <p className="notice notice-warn">
          <Icon name="lock" size={14} /> {t.approvals.paused}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {/* Until the list is read, none are known: not said to be none (the spinner, or the error, says why). */}
      {ready && (
        <div data-testid="approvals-list" className="approvals-list">
          <section aria-labelledby="approvals-open">
            {/* Focusable from code: the focus comes here from the last waiting approval decided. */}
            <h2 id="approvals-open" className="section-title" tabIndex={-1}>
              {t.approvals.open} <span className="muted">{open.length}</span>
            </h2>
            {open.length === 0 ? (
              <p className="muted empty-line">{t.approvals.noneOpen}</p>
            ) : (
              <ul className="approval-items">
                {open.map((approval) => (
                  <ApprovalItem key={approval.id} approval={approval} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="approvals-recent">
            <h2 id="approvals-recent" className="section-title">
              {t.approvals.recent}
            </h2>
            {recent.length === 0 ? (
              <p className="muted empty-line">{t.approvals.noneRecent}</p>
            ) : (
              <ul className="approval-items">
                {recent.map((approval) => (
                  <ApprovalItem key={approval.id} approval={approval} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
