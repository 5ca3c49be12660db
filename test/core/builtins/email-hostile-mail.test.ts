/**
 * Mail is what strangers write: an HTML mail built to make turning it into text slow must not
 * stall reading (the handler runs in the app's own process, where nothing can interrupt it), and
 * one the parser gives up on must not take the rest of the folder with it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadResult } from '../../../src/core/builtins/email-read.js';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { ADDRESS, PASSWORD, emailSkill } from '../../helpers/email-world.js';
import { imapServer, type ImapStandIn, type SeedMessage } from '../../helpers/imap-server.js';
import { tempDir } from '../../helpers/temp.js';

let imap: ImapStandIn | undefined;
afterEach(() => imap?.close());

const read = async (messages: SeedMessage[]) => {
  imap = await imapServer({ user: ADDRESS, password: PASSWORD, folders: { INBOX: messages } });
  const env = {
    EMAIL_ADDRESS: ADDRESS,
    EMAIL_PASSWORD: PASSWORD,
    IMAP_HOST: '127.0.0.1',
    IMAP_PORT: String(imap.port),
    IMAP_SECURITY: 'none',
  };
  return executeSkill(emailSkill(), { action: 'read' }, { scriptCacheDir: tempDir('ias-cache-'), env });
};

/** HTML only, beside an attachment (so the text comes from the HTML), its markup never closed. */
const hostile = (subject: string, html: string, day: string): SeedMessage => ({
  from: 'Spam <spam@example.net>',
  to: ADDRESS,
  subject,
  html,
  date: new Date(`${day}T09:00:00Z`),
  attachments: [{ filename: 'a.txt', content: 'x' }],
});

describe('email: reading hostile HTML', () => {
  it('turns HTML full of unclosed tags into text in one pass', async () => {
    const result = await read([
      hostile('Angles', `<p>Hello</p>${'<'.repeat(250_000)}`, '2026-04-30'),
      hostile('Angles', `<p>Hello</p>${'<'.repeat(250_000)}`, '2026-05-01'),
      hostile('Styles', `<p>Hi <b>there</b></p>${'<style'.repeat(35_000)}`, '2026-05-02'),
      hostile(
        'Scripts',
        `<HEAD><title>T</title><style>p {}</style></head ><p>Hey</p>${'<script>'.repeat(25_000)}`,
        '2026-05-03',
      ),
    ]);
    expect(result.success).toBe(true);
    const messages = (result.data as ReadResult).messages;
    expect(messages.map((m) => m.subject)).toEqual(['Scripts', 'Styles', 'Angles', 'Angles']);
    expect(messages.map((m) => m.attachments)).toEqual([['a.txt'], ['a.txt'], ['a.txt'], ['a.txt']]);
    expect(messages[2]!.body.startsWith('Hello\n<<<')).toBe(true);
    expect(messages[2]!.truncated).toBe(true);
    expect(messages[1]!.body.startsWith('Hi there\n')).toBe(true);
    expect(messages[0]!.body).toBe('Hey');
  });

  it('lists a mail whose parts the parser refuses, with why, beside the others', async () => {
    const parts = Array.from({ length: 1100 }, (_, i) => ({ filename: `${i}.txt`, content: 'x' }));
    const result = await read([
      { from: 'Han <han@example.com>', to: ADDRESS, subject: 'Lunch', text: 'At noon?', date: new Date('2026-05-01') },
      {
        from: 'Spam <spam@example.net>',
        to: ADDRESS,
        subject: 'Many parts',
        text: 'x',
        date: new Date('2026-05-02'),
        attachments: parts,
      },
    ]);
    expect(result.success).toBe(true);
    expect((result.data as ReadResult).messages).toMatchObject([
      {
        subject: 'Many parts',
        from: 'Spam <spam@example.net>',
        body: '',
        note: expect.stringMatching(/^the text of this email could not be read: .*child nodes/),
      },
      { subject: 'Lunch', body: 'At noon?' },
    ]);
  });
});
