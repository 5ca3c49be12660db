/** The app's navigation: Chat, Skills, Scheduled tasks, Audit log, Approvals (with a badge of open ones), Settings. */
import { useApprovals } from '../approvals/ApprovalsProvider.js';
import { useT } from '../i18n.js';
import { Icon, type IconName } from '../ui/icons.js';
import { routeHref, type PageId } from './router.js';

const ITEMS: { page: PageId; icon: IconName }[] = [
  { page: 'chat', icon: 'chat' },
  { page: 'skills', icon: 'skills' },
  { page: 'tasks', icon: 'calendar' },
  { page: 'audit', icon: 'audit' },
  { page: 'approvals', icon: 'approvals' },
  { page: 'settings', icon: 'settings' },
];

export function Sidebar({ current }: { current: PageId }) {
  const t = useT();
  const { openCount } = useApprovals();
  return (
    <nav className="sidebar" aria-label={t.nav.label} data-testid="sidebar">
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">i</span>
        <span className="brand-name">iAs</span>
      </div>
      <ul>
        {ITEMS.map(({ page, icon }) => (
          <li key={page}>
            <a
              href={routeHref(page)}
              className={page === current ? 'nav-item current' : 'nav-item'}
              aria-current={page === current ? 'page' : undefined}
              title={t.nav[page]}
              data-testid={`nav-${page}`}
            >
              <Icon name={icon} />
              <span className="nav-label">{t.nav[page]}</span>
              {page === 'approvals' && openCount > 0 && (
                <span
                  className="badge badge-count"
                  data-testid="approvals-badge"
                  aria-label={t.nav.openApprovals(openCount)}
                >
                  {openCount}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
