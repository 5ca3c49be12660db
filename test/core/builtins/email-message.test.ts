import MailComposer from 'nodemailer/lib/mail-composer';
import type { FetchMessageObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { BODY_CHARS, summarize } from '../../../src/core/builtins/email-message.js';

async function fetched(text: string): Promise<FetchMessageObject> {
  const source = await new MailComposer({ from: 'han@example.com', to: 'me@example.com', subject: 's', text })
    .compile()
    .build();
  return { uid: 1, seq: 1, source, envelope: { subject: 's' }, flags: new Set() } as FetchMessageObject;
}

describe('email: one message as the model sees it', () => {
  it('cuts a long body between characters, never inside an emoji', async () => {
    const text = `${'好'.repeat(BODY_CHARS - 1)}😀${'b'.repeat(50)}`;
    const summary = await summarize(await fetched(text));
    expect(summary.truncated).toBe(true);
    expect(summary.body).toBe(`${'好'.repeat(BODY_CHARS - 1)}…`);
    expect(summary.body.isWellFormed()).toBe(true);
  });
});
