import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { emailWorld, type EmailWorld } from '../../helpers/email-world.js';
import { CODE, codeIn } from '../../helpers/gate.js';
import { tempDir } from '../../helpers/temp.js';

let world: EmailWorld;
let runtime: Runtime;
let wechat: InProcessChannel;
afterEach(async () => {
  await runtime?.close();
  await world?.close();
});

/** The app's core over the shipped system skills, with the owner on an in-process WeChat. */
async function start(): Promise<void> {
  world = await emailWorld();
  wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  runtime = await openRuntime({
    home: tempDir('ias-email-'),
    systemSkills: path.resolve('resources/skills'),
    channels: [wechat],
  });
}

const email = () => runtime.registry.get('email')!;
const mail = {
  action: 'send',
  to: ['han@example.com'],
  cc: 'li@example.com',
  subject: 'Report',
  body: 'The report is attached.\nLi',
};

describe('email through the skill caller', () => {
  it('without its settings answers what to set and where, and sends nothing', async () => {
    await start();
    const bare = await runtime.caller.call({ name: 'email', params: mail, source: 'cli', ownerAtTerminal: true });
    expect(bare.result).toMatchObject({
      success: false,
      error:
        'email is not configured yet: set EMAIL_ADDRESS, EMAIL_PASSWORD and SMTP_HOST or IMAP_HOST in Skills → email → Settings, ' +
        'or run `ias skills config email EMAIL_ADDRESS=…`',
    });

    // Reading configured, sending not: the send says exactly what is missing.
    const { SMTP_HOST: _host, SMTP_PORT: _port, SMTP_SECURITY: _security, ...readOnly } = world.env;
    runtime.skillConfig.set(email(), readOnly);
    const send = await runtime.caller.call({ name: 'email', params: mail, source: 'cli', ownerAtTerminal: true });
    expect(send.result.error).toBe(
      'email is not configured yet: set SMTP_HOST in Skills → email → Settings, or run `ias skills config email SMTP_HOST=…` ' +
        '(sending needs an SMTP server, such as smtp.gmail.com)',
    );
    const read = await runtime.caller.call({
      name: 'email',
      params: { action: 'read', limit: 1 },
      source: 'cli',
      ownerAtTerminal: true,
    });
    expect(read.result).toMatchObject({ success: true, data: { messages: [{ subject: 'A long read' }] } });
    expect(world.smtp.connections).toBe(0);
    expect(world.smtp.received).toEqual([]);
  });

  it('is high-risk: the owner sees every recipient, the subject and the body; it sends exactly that only after the code', async () => {
    await start();
    runtime.skillConfig.set(email(), world.env);
    const asked = wechat.nextSent(CODE);
    const call = runtime.caller.call({ name: 'email', params: mail, source: 'chat', requestedBy: 'conv-1' });
    const message = await asked;
    expect(message).toContain('技能 Skill：email');
    expect(message).toContain('han@example.com');
    expect(message).toContain('cc: li@example.com');
    expect(message).toContain('subject: Report');
    expect(message).toContain('The report is attached.\n    Li');
    expect(message).not.toContain(world.env.EMAIL_PASSWORD);
    expect(world.smtp.connections).toBe(0);

    wechat.reply(codeIn(message));
    const outcome = await call;
    expect(outcome).toMatchObject({ status: 'done', risk: 'high', result: { success: true, data: { sent: true } } });
    expect(world.smtp.received).toHaveLength(1);
    const { mail: got, envelope } = world.smtp.received[0]!;
    expect(envelope).toEqual({ from: world.env.EMAIL_ADDRESS, to: ['han@example.com', 'li@example.com'] });
    expect(got.subject).toBe('Report');
    expect(got.text?.trim()).toBe('The report is attached.\nLi');
    expect(runtime.store.audit.get(outcome.auditId)).toMatchObject({ status: 'done', approvalOutcome: 'approved' });

    // Cancelled by the owner: nothing more goes out.
    const again = wechat.nextSent(CODE);
    const cancelled = runtime.caller.call({ name: 'email', params: { ...mail, subject: 'Again' }, source: 'chat' });
    await again;
    wechat.reply('0');
    expect(await cancelled).toMatchObject({ status: 'refused', result: { error: '用户拒绝了你的调用：email' } });
    expect(world.smtp.received).toHaveLength(1);
  });
});
