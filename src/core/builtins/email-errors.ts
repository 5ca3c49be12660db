/**
 * What went wrong talking to a mail server, in words the model can pass on to the owner: which
 * server, what failed, and which setting to look at.
 */
import type { ServerSettings } from './email-settings.js';

interface MailError {
  code?: string;
  message?: string;
  response?: unknown;
  responseText?: string;
  authenticationFailed?: boolean;
  tlsFailed?: boolean;
  command?: string;
}

/** The most specific text an error carries (servers' own words when there are some). */
export function errorText(err: unknown): string {
  const e = (err ?? {}) as MailError;
  const text = e.responseText || (typeof e.response === 'string' ? e.response : '') || e.message || String(err);
  return text.replace(/\s+/g, ' ').trim();
}

const APP_PASSWORD_HINT =
  'Gmail, Outlook, iCloud, Yahoo, QQ Mail and 163 need an app password (or authorization code) here, ' +
  'not the account password, and IMAP/SMTP access turned on in the mailbox settings';

const CERT_PROBLEM = /certificate|self[- ]signed|unable to verify|CERT_|ALTNAME/i;
const SELF_SIGNED = /self[- ]signed|SELF_SIGNED/i;

/** One sentence (or two) for a connection or login failure with this server. */
export function describeMailError(err: unknown, s: ServerSettings): string {
  const e = (err ?? {}) as MailError;
  const code = e.code ?? '';
  const text = errorText(err);
  const where = `the ${s.service} server ${s.host}:${s.port}`;
  const usualTls = s.service === 'SMTP' ? 465 : 993;
  const usualStarttls = s.service === 'SMTP' ? 587 : 143;

  if (code === 'EAUTH' || e.authenticationFailed) {
    return (
      `${s.service} login to ${s.host} as ${s.user} was refused: the email address (or EMAIL_USERNAME) or ` +
      `EMAIL_PASSWORD is wrong. ${APP_PASSWORD_HINT}. The server said: ${text}`
    );
  }
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN|EAI_NONAME/.test(`${code} ${text}`)) {
    return `cannot find the ${s.service} server "${s.host}" (DNS lookup failed): check ${s.service}_HOST and the network connection`;
  }
  if (/ECONNREFUSED/.test(`${code} ${text}`)) {
    return (
      `${where} refused the connection: check ${s.service}_HOST and ${s.service}_PORT ` +
      `(usually ${usualTls} with TLS or ${usualStarttls} with STARTTLS)`
    );
  }
  if (/EHOSTUNREACH|ENETUNREACH/.test(`${code} ${text}`)) {
    return `cannot reach ${where}: the network or host is unreachable`;
  }
  if (/WRONG_VERSION_NUMBER|wrong version number|packet length too long|unknown protocol/i.test(`${code} ${text}`)) {
    return (
      `${where} does not speak TLS from the start, but ${s.service}_SECURITY is tls: ` +
      `set ${s.service}_SECURITY=starttls (usually port ${usualStarttls}), or check ${s.service}_PORT`
    );
  }
  if (/STARTTLS/i.test(`${e.command ?? ''} ${text}`) && (code === 'ETLS' || e.tlsFailed)) {
    return (
      `${where} does not offer STARTTLS, but ${s.service}_SECURITY is starttls: if the port expects TLS from ` +
      `the start (usually ${usualTls}), set ${s.service}_SECURITY=tls. The server said: ${text}`
    );
  }
  if (CERT_PROBLEM.test(`${code} ${text}`)) {
    const selfSigned = SELF_SIGNED.test(`${code} ${text}`);
    return (
      `the TLS certificate of ${where} was not accepted (${text})` +
      (selfSigned && !s.allowSelfSigned
        ? `. If this is your own mail server with a self-signed certificate, set EMAIL_ALLOW_SELF_SIGNED=yes`
        : `: check ${s.service}_HOST (it must be the name on the certificate)`)
    );
  }
  if (/TIMEOUT|ETIMEDOUT|timed? ?out/i.test(`${code} ${text}`)) {
    const hint =
      s.security !== 'tls' && s.port === usualTls
        ? `; port ${s.port} usually expects TLS from the start (${s.service}_SECURITY=tls)`
        : '';
    return `no answer from ${where} in time: check ${s.service}_HOST, ${s.service}_PORT and the network${hint}`;
  }
  if (/ECONNRESET|ECONNECTION|EConnectionClosed|NoConnection|closed/i.test(`${code} ${text}`)) {
    return `${where} closed the connection (${text}): check ${s.service}_PORT and ${s.service}_SECURITY (now ${s.security})`;
  }
  return `${s.service} error at ${s.host}:${s.port}: ${text}`;
}
