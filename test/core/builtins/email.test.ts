import { afterEach, describe, expect, it } from 'vitest';
import type { ReadResult } from '../../../src/core/builtins/email-read.js';
import type { SendResult } from '../../../src/core/builtins/email-send.js';
import { ADDRESS, emailWorld, type EmailWorld } from '../../helpers/email-world.js';

let world: EmailWorld;
afterEach(() => world?.close());

describe('email: send', () => {
  it('sends a plain-text message from the configured address to every recipient, as given', async () => {
    world = await emailWorld();
    const result = await world.run({
      action: 'send',
      to: ['Han Meimei <han@example.com>', 'wang@example.com'],
      cc: 'li@example.com',
      subject: '周五午饭 Lunch on Friday',
      body: 'Yes, noon works.\nSee you there.',
      in_reply_to: '<lunch-1@example.com>',
    });
    expect(result.success).toBe(true);
    const data = result.data as SendResult;
    expect(data).toMatchObject({
      sent: true,
      from: `Li Lei <${ADDRESS}>`,
      accepted: ['han@example.com', 'wang@example.com', 'li@example.com'],
      rejected: [],
    });
    expect(data.messageId).toMatch(/^<.+@.+>$/);

    expect(world.smtp.received).toHaveLength(1);
    const { mail, envelope } = world.smtp.received[0]!;
    expect(envelope).toEqual({ from: ADDRESS, to: ['han@example.com', 'wang@example.com', 'li@example.com'] });
    expect(mail.from?.value).toEqual([{ name: 'Li Lei', address: ADDRESS }]);
    expect(mail.to).toMatchObject({
      value: [{ name: 'Han Meimei', address: 'han@example.com' }, { address: 'wang@example.com' }],
    });
    expect(mail.cc).toMatchObject({ value: [{ address: 'li@example.com' }] });
    expect(mail.subject).toBe('周五午饭 Lunch on Friday');
    expect(mail.text?.trim()).toBe('Yes, noon works.\nSee you there.');
    expect(mail.html).toBe(false);
    expect(mail.inReplyTo).toBe('<lunch-1@example.com>');
    expect(mail.messageId).toBe(data.messageId);
  });

  it('names a refused recipient and still delivers to the others; all refused sends nothing', async () => {
    world = await emailWorld({ refuse: (a) => (a.endsWith('@gone.example') ? '5.1.1 No such user' : undefined) });
    const partly = await world.run({
      action: 'send',
      to: 'han@example.com, ghost@gone.example',
      subject: 'Hello',
      body: 'Hi',
    });
    expect(partly.success).toBe(true);
    expect(partly.data).toMatchObject({
      accepted: ['han@example.com'],
      rejected: [{ address: 'ghost@gone.example', reason: expect.stringContaining('No such user') }],
      note: expect.stringContaining('ghost@gone.example'),
    });
    expect(world.smtp.received.map((r) => r.envelope.to)).toEqual([['han@example.com']]);

    const none = await world.run({ action: 'send', to: 'ghost@gone.example', subject: 'Hello', body: 'Hi' });
    expect(none.success).toBe(false);
    expect(none.error).toMatch(
      /nothing was sent: the SMTP server refused every recipient: ghost@gone\.example \(.*No such user\)/,
    );
    expect(world.smtp.received).toHaveLength(1);
  });

  it('refuses what is not an address, or a send without a recipient, subject or body, before connecting', async () => {
    world = await emailWorld();
    const bad = await world.run({ action: 'send', to: ['han@example.com', 'han at example'], subject: 's', body: 'b' });
    expect(bad).toMatchObject({
      success: false,
      error: expect.stringContaining('"han at example" in to is not an email address'),
    });
    const noTo = await world.run({ action: 'send', subject: 's', body: 'b' });
    expect(noTo.error).toBe('sending needs at least one address in "to"');
    const noBody = await world.run({ action: 'send', to: 'han@example.com', subject: 's' });
    expect(noBody.error).toBe('sending needs "body" (text)');
    const newline = await world.run({
      action: 'send',
      to: 'han@example.com',
      subject: 'a\r\nBcc: x@example.com',
      body: 'b',
    });
    expect(newline.error).toMatch(/invalid arguments for email: "subject" must match pattern/);
    expect(world.smtp.connections).toBe(0);
  });

  it('refuses an entry where an address stands as a name: what the owner reads is who gets it', async () => {
    world = await emailWorld();
    // Parsed, each of these goes to one address, the other one only shown as the name.
    for (const to of [
      'han@example.com wang@example.com',
      '<han@example.com>wang@example.com',
      '"wang@example.com" <han@example.com>',
      'han@example.com (wang@example.com)',
      'Han <han@example.com> wang@example.com',
    ]) {
      const result = await world.run({ action: 'send', to, subject: 's', body: 'b' });
      expect(result.success, to).toBe(false);
      expect(result.error).toContain(`"${to}" in to names wang@example.com, who would not get the mail`);
      expect(result.error).toContain('Separate addresses with commas');
    }
    const cc = await world.run({
      action: 'send',
      to: 'han@example.com',
      cc: ['li@example.com wang@example.com'],
      subject: 's',
      body: 'b',
    });
    expect(cc.error).toContain('"li@example.com wang@example.com" in cc names wang@example.com, who would not get');
    expect(world.smtp.connections).toBe(0);

    // A group's name is never a recipient: the line break makes "han@example.com Bcc" one.
    for (const to of ['han@example.com\r\nBcc: wang@example.com', 'Han <han@example.com>: wang@example.com;']) {
      const result = await world.run({ action: 'send', to, subject: 's', body: 'b' });
      expect(result.success, to).toBe(false);
      expect(result.error).toContain(`in to names han@example.com, who would not get the mail`);
    }
    expect(world.smtp.connections).toBe(0);

    // A name that is the address itself (as many mail programs write it), or holds an @ that is no address, is fine.
    const fine = await world.run({
      action: 'send',
      to: ['"han@example.com" <han@example.com>', 'Team @ Work <WANG@example.com>', 'li@example.com (Li Lei)'],
      subject: 's',
      body: 'b',
    });
    expect(fine).toMatchObject({
      success: true,
      data: { accepted: ['han@example.com', 'WANG@example.com', 'li@example.com'] },
    });
  });
});

describe('email: read', () => {
  it('reads unread messages only, newest first, without marking them read', async () => {
    world = await emailWorld();
    const before = world.imap.flags('INBOX');
    const result = await world.run({ action: 'read', unread_only: true });
    expect(result.success).toBe(true);
    const data = result.data as ReadResult;
    expect(data).toMatchObject({ folder: 'INBOX', total: 4, matching: 2 });
    expect(data.messages.map((m) => m.subject)).toEqual(['发票 Invoice 2026-05', 'Lunch on Friday?']);
    expect(data.messages[0]).toMatchObject({
      from: 'Shop <billing@shop.example>',
      to: [ADDRESS],
      date: '2026-05-03T09:00:00.000Z',
      unread: true,
      body: 'Your invoice total is 42 CNY.',
      attachments: ['invoice.txt'],
    });
    expect(data.messages[1]).toMatchObject({
      uid: 2,
      messageId: '<lunch-1@example.com>',
      from: 'Han Meimei <han@example.com>',
      cc: ['li@example.com'],
      unread: true,
      body: 'Shall we have lunch on Friday at noon?',
    });
    // Nothing was marked read on the server: the same two are still unread.
    expect(world.imap.flags('INBOX')).toEqual(before);
    const again = await world.run({ action: 'read', unread_only: true });
    expect((again.data as ReadResult).matching).toBe(2);
  });

  it('reads the newest N of a folder; long bodies are capped; since filters by date', async () => {
    world = await emailWorld();
    const two = (await world.run({ action: 'read', limit: 2 })).data as ReadResult;
    expect(two).toMatchObject({ total: 4, matching: 4 });
    expect(two.messages.map((m) => [m.subject, m.unread])).toEqual([
      ['A long read', false],
      ['发票 Invoice 2026-05', true],
    ]);
    const long = two.messages[0]!;
    expect(long.body).toHaveLength(2001);
    expect(long.body.endsWith('…')).toBe(true);
    expect(long.truncated).toBe(true);

    const since = (await world.run({ action: 'read', since: '2026-05-03' })).data as ReadResult;
    expect(since.messages.map((m) => m.subject)).toEqual(['A long read', '发票 Invoice 2026-05']);
    // The day as written, wherever its time zone puts the moment (SINCE compares days).
    const zoned = (await world.run({ action: 'read', since: '2026-05-03T07:30:00+08:00' })).data as ReadResult;
    expect(zoned.messages.map((m) => m.subject)).toEqual(['A long read', '发票 Invoice 2026-05']);
    for (const bad of ['2026-02-31', '2026-05-01junk', '2026-05-01 last week']) {
      expect((await world.run({ action: 'read', since: bad })).error).toBe(
        `since is "${bad}": give a date such as 2026-05-01`,
      );
    }
  });

  it('opens another folder by name, ignoring case; a missing folder names the folders there are', async () => {
    world = await emailWorld();
    const archive = (await world.run({ action: 'read', folder: 'archive' })).data as ReadResult;
    expect(archive).toMatchObject({
      folder: 'Archive',
      total: 1,
      messages: [{ subject: 'Archived note', unread: false }],
    });
    const missing = await world.run({ action: 'read', folder: 'Receipts' });
    expect(missing).toMatchObject({
      success: false,
      error: 'there is no folder "Receipts" in this mailbox; its folders are: INBOX, Sent Messages, Archive, Big',
    });
    const sent = (await world.run({ action: 'read', folder: 'Sent' })).data as ReadResult;
    expect(sent).toMatchObject({
      folder: 'Sent Messages',
      messages: [{ subject: 'Re: Weekly report', to: ['boss@example.com'] }],
    });
  });

  it('reads the text of a message too large to fetch whole', async () => {
    world = await emailWorld();
    const big = (await world.run({ action: 'read', folder: 'Big' })).data as ReadResult;
    expect(big.messages).toMatchObject([{ subject: 'Photos', body: 'Here are the photos from Friday.', unread: true }]);
  });
});
