/**
 * In the web UI: a banner while the link to `ias serve` is down, with the next attempt's countdown;
 * it says when the server refused it as busy (too many connections).
 */
import { useConnection, useNow } from '../api/hooks.js';
import { client } from '../api/client.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

export function ConnectionBanner() {
  const t = useT();
  const status = useConnection();
  const now = useNow(500);
  if (status.state !== 'reconnecting') return null;
  const seconds = status.retryAt ? Math.max(0, Math.ceil((status.retryAt - now) / 1000)) : 0;
  const said = status.busy
    ? { now: t.connection.busy, later: t.connection.busyIn }
    : { now: t.connection.reconnecting, later: t.connection.reconnectingIn };
  return (
    <div className="connection-banner" data-testid="connection-banner" data-reason={status.busy ? 'busy' : 'lost'}>
      <Icon name="alert" size={14} />
      {/* Said once; the countdown, which changes each second, is a timer a screen reader does not read out. */}
      <span role="alert" className="visually-hidden">
        {said.now}
      </span>
      <span role="timer">{seconds > 0 ? said.later(seconds) : said.now}</span>
      <button type="button" className="link-button" onClick={() => client.reconnectNow()}>
        {t.connection.retryNow}
      </button>
    </div>
  );
}
