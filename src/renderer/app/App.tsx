/** The window: the sidebar and the current page (or, in the tray's compact window, the chat alone). */
import { lazy, Suspense } from 'react';
import { useConnection } from '../api/hooks.js';
import { ApprovalsProvider } from '../approvals/ApprovalsProvider.js';
import { useBackgroundResultToasts } from '../chat/useBackgroundResultToasts.js';
import { useT } from '../i18n.js';
import { ApprovalsPage } from '../pages/ApprovalsPage.js';
import { AuditPage } from '../pages/AuditPage.js';
import { ChatPage } from '../pages/ChatPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { TasksPage } from '../pages/TasksPage.js';
import { Spinner } from '../ui/Spinner.js';
import { ConnectionBanner } from './ConnectionBanner.js';
import { PageErrorBoundary } from './PageErrorBoundary.js';
import { compactMode, useRoute, type Route } from './router.js';
import { SettingsProvider } from './SettingsProvider.js';
import { Sidebar } from './Sidebar.js';
import { SignInNotice } from './SignInNotice.js';
import { ToastProvider } from './Toasts.js';

// The skills editor (CodeMirror) loads when first opened, to keep start-up light.
const SkillsPage = lazy(() => import('../pages/SkillsPage.js').then((m) => ({ default: m.SkillsPage })));

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'chat':
      return <ChatPage conversationId={route.param} compact={false} />;
    case 'skills':
      return <SkillsPage selected={route.param} />;
    case 'tasks':
      return <TasksPage selected={route.param} />;
    case 'audit':
      return <AuditPage />;
    case 'approvals':
      return <ApprovalsPage />;
    case 'settings':
      return <SettingsPage />;
  }
}

function Shell() {
  const t = useT();
  const route = useRoute();
  useBackgroundResultToasts(route);
  if (compactMode) {
    return (
      <div className="app compact" data-testid="app">
        <ConnectionBanner />
        <main className="page" id="main">
          <ChatPage conversationId={route.page === 'chat' ? route.param : undefined} compact />
        </main>
      </div>
    );
  }
  return (
    <div className="app" data-testid="app">
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t.nav.skipToContent}
      </a>
      <Sidebar current={route.page} />
      <div className="app-main">
        <ConnectionBanner />
        <main className="page" id="main" tabIndex={-1} data-page={route.page}>
          <Suspense
            fallback={
              <div className="page-loading">
                <Spinner />
              </div>
            }
          >
            <PageErrorBoundary key={route.page}>
              <Page route={route} />
            </PageErrorBoundary>
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** The web UI without a valid access token shows which link to open, and nothing that needs the core. */
function SignedIn() {
  const status = useConnection();
  if (status.state === 'unauthorized') return <SignInNotice status={status} />;
  return (
    <ToastProvider>
      <ApprovalsProvider>
        <Shell />
      </ApprovalsProvider>
    </ToastProvider>
  );
}

export function App() {
  return (
    <SettingsProvider>
      <SignedIn />
    </SettingsProvider>
  );
}
