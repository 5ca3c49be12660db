/** The email skill as shipped, a real SMTP and a real IMAP server on 127.0.0.1, and its settings for them. */
import path from 'node:path';
import { executeSkill } from '../../src/core/skills/executor.js';
import { loadSkillFolder } from '../../src/core/skills/load.js';
import type { Skill, SkillResult } from '../../src/core/skills/types.js';
import { imapServer, type ImapStandIn, type SeedMessage } from './imap-server.js';
import { smtpServer, type SmtpStandIn } from './smtp-server.js';
import { tempDir } from './temp.js';

export const ADDRESS = 'me@example.com';
export const PASSWORD = 'app-password-1234';

export function emailSkill(): Skill {
  const loaded = loadSkillFolder(path.resolve('resources/skills'), 'email', 'system')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

const day = (d: string) => new Date(`${d}T09:00:00Z`);

/** INBOX: two read, two unread (one only HTML, with a UTF-8 subject); Archive: one. Oldest first. */
export const INBOX: SeedMessage[] = [
  {
    from: 'Boss <boss@example.com>',
    to: ADDRESS,
    subject: 'Weekly report',
    text: 'Please send the weekly report.',
    date: day('2026-04-01'),
    seen: true,
  },
  {
    from: 'Han Meimei <han@example.com>',
    to: ADDRESS,
    cc: 'li@example.com',
    subject: 'Lunch on Friday?',
    text: 'Shall we have lunch on Friday at noon?',
    date: day('2026-05-02'),
    messageId: '<lunch-1@example.com>',
  },
  {
    from: 'Shop <billing@shop.example>',
    to: ADDRESS,
    subject: '发票 Invoice 2026-05',
    html: '<p>Your invoice total is <b>42 CNY</b>.</p>',
    date: day('2026-05-03'),
    attachments: [{ filename: 'invoice.txt', content: 'total 42' }],
  },
  {
    from: 'Newsletter <news@example.org>',
    to: ADDRESS,
    subject: 'A long read',
    text: 'word '.repeat(1000),
    date: day('2026-05-04'),
    seen: true,
  },
];

export const ARCHIVE: SeedMessage[] = [
  { from: 'old@example.com', to: ADDRESS, subject: 'Archived note', text: 'kept', date: day('2026-01-05'), seen: true },
];

export const SENT: SeedMessage[] = [
  {
    from: ADDRESS,
    to: 'boss@example.com',
    subject: 'Re: Weekly report',
    text: 'Attached.',
    date: day('2026-04-02'),
    seen: true,
  },
];

/** One message larger than what is fetched of it: its text first, then a big attachment. */
export const BIG: SeedMessage[] = [
  {
    from: 'Han Meimei <han@example.com>',
    to: ADDRESS,
    subject: 'Photos',
    text: 'Here are the photos from Friday.',
    date: day('2026-05-05'),
    attachments: [{ filename: 'photos.txt', content: 'photo '.repeat(60_000) }],
  },
];

export interface EmailWorld {
  skill: Skill;
  smtp: SmtpStandIn;
  imap: ImapStandIn;
  /** Settings for both servers, plain connections on 127.0.0.1. */
  env: Record<string, string>;
  run(params: Record<string, unknown>, env?: Record<string, string>, signal?: AbortSignal): Promise<SkillResult>;
  close(): Promise<void>;
}

export async function emailWorld(
  options: { refuse?: (address: string) => string | undefined } = {},
): Promise<EmailWorld> {
  const smtp = await smtpServer({ user: ADDRESS, password: PASSWORD, refuse: options.refuse });
  const imap = await imapServer({
    user: ADDRESS,
    password: PASSWORD,
    folders: { INBOX, Archive: ARCHIVE, 'Sent Messages': SENT, Big: BIG },
  });
  const env = {
    EMAIL_ADDRESS: ADDRESS,
    EMAIL_PASSWORD: PASSWORD,
    EMAIL_FROM_NAME: 'Li Lei',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURITY: 'none',
    IMAP_HOST: '127.0.0.1',
    IMAP_PORT: String(imap.port),
    IMAP_SECURITY: 'none',
  };
  const skill = emailSkill();
  const scriptCacheDir = tempDir('ias-cache-');
  return {
    skill,
    smtp,
    imap,
    env,
    run: (params, runEnv = env, signal) => executeSkill(skill, params, { scriptCacheDir, env: runEnv, signal }),
    async close() {
      await Promise.all([smtp.close(), imap.close()]);
    },
  };
}
