/** The email skill's settings for one server (SMTP or IMAP), with port and security filled in. */
import { notConfiguredMessage } from '../skills/skill-config.js';
import type { Skill } from '../skills/types.js';

export type Security = 'tls' | 'starttls' | 'none';
export type MailService = 'SMTP' | 'IMAP';

export interface ServerSettings {
  service: MailService;
  host: string;
  port: number;
  security: Security;
  /** The login name: EMAIL_USERNAME, else EMAIL_ADDRESS. */
  user: string;
  password: string;
  address: string;
  fromName?: string;
  /** The owner opted in to certificates no authority signed (EMAIL_ALLOW_SELF_SIGNED). */
  allowSelfSigned: boolean;
}

const PORT_FOR: Record<MailService, Record<Security, number>> = {
  SMTP: { tls: 465, starttls: 587, none: 25 },
  IMAP: { tls: 993, starttls: 143, none: 143 },
};

/** The security a port usually expects; never "none". */
function securityForPort(service: MailService, port: number): Security {
  if (service === 'SMTP') return port === 465 ? 'tls' : [25, 587, 2525].includes(port) ? 'starttls' : 'tls';
  return port === 143 ? 'starttls' : 'tls';
}

function parseSecurity(name: string, value: string): Security {
  const v = value.trim().toLowerCase();
  if (v === 'tls' || v === 'ssl') return 'tls';
  if (v === 'starttls') return 'starttls';
  if (v === 'none' || v === 'plain') return 'none';
  throw new Error(`${name} is "${value}": set it to tls, starttls or none`);
}

function parsePort(name: string, value: string): number {
  const port = Number(value.trim());
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} is "${value}": set it to a port number such as 465, 587, 993 or 143`);
  }
  return port;
}

/** One email address alone, as an envelope needs it (no name, no angle brackets). */
export const ADDRESS = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+$/;

function parseAddress(value: string): string {
  const address = value.trim();
  if (ADDRESS.test(address)) return address;
  throw new Error(
    `EMAIL_ADDRESS is "${address}": set it to your email address alone, such as me@example.com` +
      (/[<>]/.test(address) ? ' (the name shown with it goes in EMAIL_FROM_NAME)' : ''),
  );
}

const yes = (value: string | undefined) => ['yes', 'true', '1', 'on'].includes((value ?? '').trim().toLowerCase());

/** Reads one server's settings; throws a message naming exactly what to set when something is missing. */
export function serverSettings(skill: Skill, env: Record<string, string>, service: MailService): ServerSettings {
  const hostName = `${service}_HOST`;
  const missing = ['EMAIL_ADDRESS', 'EMAIL_PASSWORD', hostName].filter((n) => !env[n]?.trim());
  if (missing.length > 0) {
    const why = missing.includes(hostName)
      ? ` (${service === 'SMTP' ? 'sending needs an SMTP server, such as smtp.gmail.com' : 'reading needs an IMAP server, such as imap.gmail.com'})`
      : '';
    throw new Error(
      notConfiguredMessage(
        skill,
        missing.map((name) => [name]),
      ) + why,
    );
  }
  const securityName = `${service}_SECURITY`;
  const portName = `${service}_PORT`;
  const security = env[securityName]?.trim() ? parseSecurity(securityName, env[securityName]) : undefined;
  const port = env[portName]?.trim() ? parsePort(portName, env[portName]) : PORT_FOR[service][security ?? 'tls'];
  const address = parseAddress(env.EMAIL_ADDRESS!);
  return {
    service,
    host: env[hostName]!.trim(),
    port,
    security: security ?? securityForPort(service, port),
    user: env.EMAIL_USERNAME?.trim() || address,
    password: env.EMAIL_PASSWORD!,
    address,
    fromName: env.EMAIL_FROM_NAME?.trim() || undefined,
    allowSelfSigned: yes(env.EMAIL_ALLOW_SELF_SIGNED),
  };
}

/** Timeouts for one connection, well inside the skill's own timeout. */
export const CONNECT_TIMEOUT_MS = 15_000;
export const SOCKET_TIMEOUT_MS = 30_000;
