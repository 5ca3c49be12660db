/** In the web UI, when `ias serve` has no valid access token from this page: which link to open. */
import type { ConnectionStatus } from '../api/client.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

export function SignInNotice({ status }: { status: ConnectionStatus }) {
  const t = useT();
  return (
    <main className="sign-in-notice" role="alert" data-testid="sign-in-notice" data-reason={status.reason}>
      <Icon name="lock" size={28} />
      <h1>{status.reason === 'refused' ? t.signIn.refusedTitle : t.signIn.missingTitle}</h1>
      <p>{t.signIn.openLink}</p>
      <code className="sign-in-example">iAs is ready at http://127.0.0.1:…/#token=…</code>
      <p className="hint">{t.signIn.renewHint}</p>
    </main>
  );
}
