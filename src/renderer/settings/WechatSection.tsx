/**
 * WeChat: the bot's state (live from `wechat` events), log in with a QR code, log out, and pair
 * the owner, either by a code sent from the owner's WeChat or as "the bot is my own account".
 */
import { useRef, useState } from 'react';
import type { WechatInfo } from '../../shared/contract.js';
import { sayWechatError } from '../../shared/wechat-errors.js';
import { client } from '../api/client.js';
import { useIasEvent, useLoad, useNow } from '../api/hooks.js';
import { useT } from '../i18n.js';
import { formatCountdown } from '../ui/format.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { useBusyAction } from '../ui/useBusyAction.js';
import { QrCode } from './QrCode.js';

function Pairing({ info }: { info: WechatInfo }) {
  const t = useT();
  const now = useNow();
  // The code shown, with the pairing it was asked under: an owner paired since (from WeChat, or as
  // the bot's own account) ends it, while the owner before stays shown until then.
  const [code, setCode] = useState<{ code: string; expiresAt: number; ownerBoundAt?: number }>();
  // "The bot is my own account", done, is disabled: the focus goes to the pairing button beside it.
  const pair = useRef<HTMLButtonElement>(null);
  const { busy, run } = useBusyAction(t.wechat.failed, () => pair.current);
  const owner = info.owner;
  const pairing = code !== undefined && code.expiresAt > now && code.ownerBoundAt === owner?.boundAt;
  return (
    <div className="wechat-pairing">
      {owner?.mode === 'contact' && owner.missing ? (
        // Never paired anew by name (anyone can take a name): only the owner, with a new code.
        <p className="notice notice-warn" role="status" data-testid="wechat-owner">
          {t.wechat.ownerMissing(owner.name)}
        </p>
      ) : (
        <p data-testid="wechat-owner">
          {owner === undefined
            ? t.wechat.noOwner
            : owner.mode === 'self'
              ? t.wechat.ownerSelf
              : t.wechat.ownerContact(owner.name)}
        </p>
      )}
      {pairing && (
        <div className="pair-code-box" role="status">
          <span className="pair-code" data-testid="wechat-pair-code">
            {code.code}
          </span>
          <span className="muted">
            {t.wechat.pairHow(info.user?.name ?? '')} ·{' '}
            {/* A timer: in the box's live region, it is not read out at each tick. */}
            <span role="timer">{t.wechat.expiresIn(formatCountdown(code.expiresAt, now))}</span>
          </span>
        </div>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          data-testid="wechat-pair"
          ref={pair}
          disabled={busy}
          onClick={() =>
            void run(async () => setCode({ ...(await client.call.wechatStartPairing()), ownerBoundAt: owner?.boundAt }))
          }
        >
          {pairing ? t.wechat.newCode : owner ? t.wechat.pairAgain : t.wechat.pair}
        </button>
        <button
          type="button"
          className="button"
          data-testid="wechat-bind-self"
          disabled={busy || owner?.mode === 'self'}
          onClick={() => void run(() => client.call.wechatBindSelf())}
        >
          {t.wechat.bindSelf}
        </button>
      </div>
    </div>
  );
}

export function WechatSection() {
  const t = useT();
  const status = useLoad(() => client.call.wechatStatus());
  const { setData } = status;
  const { busy, run } = useBusyAction(t.wechat.failed);
  useIasEvent((event) => {
    if (event.type === 'wechat') setData(() => event.status);
  });
  const info = status.data;

  return (
    <section className="settings-section" data-testid="settings-wechat" aria-labelledby="wechat-title">
      <h2 id="wechat-title">
        <Icon name="wechat" /> {t.wechat.title}
      </h2>
      <p className="muted section-intro">{t.wechat.intro}</p>
      {status.error && <p className="notice notice-error">{status.error}</p>}
      {!info && !status.error && <Spinner />}
      {info && !info.available && <p className="notice notice-info">{t.wechat.unavailable}</p>}
      {info && info.available && (
        <>
          <p className="wechat-state" data-testid="wechat-state" data-state={info.state}>
            <span className={`state-dot state-${info.state}`} aria-hidden="true" />
            {t.wechat.state[info.state]}
            {info.user && info.state === 'logged-in' && <> · {t.wechat.loggedInAs(info.user.name)}</>}
          </p>
          {info.error && (
            // iAs's own words in the UI's language (by their code); a puppet's as they came.
            <p className="notice notice-error" data-testid="wechat-error">
              {sayWechatError(t.wechatError, info.error, info.errorCode)}
            </p>
          )}
          {info.state === 'waiting-for-scan' && info.qr && (
            <div className="wechat-qr">
              <QrCode text={info.qr} label={t.wechat.qrLabel} testId="wechat-qr" />
              <p className="muted">{t.wechat.scan}</p>
            </div>
          )}
          {info.state === 'logged-in' && <Pairing info={info} />}
          <div className="form-actions">
            {info.state === 'logged-in' || info.state === 'waiting-for-scan' || info.state === 'reconnecting' ? (
              <button
                type="button"
                className="button"
                data-testid="wechat-logout"
                disabled={busy}
                onClick={() => void run(() => client.call.wechatLogout())}
              >
                {t.wechat.logout}
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                data-testid="wechat-login"
                disabled={busy || info.state === 'starting'}
                onClick={() => void run(() => client.call.wechatLogin())}
              >
                {info.state === 'starting' && <Spinner size={12} />} {t.wechat.login}
              </button>
            )}
          </div>
          <p className="hint">{t.wechat.puppet(info.puppet)}</p>
        </>
      )}
    </section>
  );
}
