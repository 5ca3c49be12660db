import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadResult } from '../../../src/core/builtins/email-read.js';
import { executeSkill } from '../../../src/core/skills/executor.js';
import { ADDRESS, emailSkill, emailWorld, INBOX, PASSWORD, type EmailWorld } from '../../helpers/email-world.js';
import { imapServer } from '../../helpers/imap-server.js';
import { smtpServer } from '../../helpers/smtp-server.js';
import { tempDir } from '../../helpers/temp.js';
import { selfSignedCert } from '../../helpers/tls-cert.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function world(): Promise<EmailWorld> {
  const w = await emailWorld();
  closers.push(() => w.close());
  return w;
}

const scriptCacheDir = tempDir('ias-cache-');
const mail = { action: 'send', to: 'han@example.com', subject: 'Hello', body: 'Hi' };

/** A port nothing listens on: one that was just free. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('email: failures outside iAs come back as clear results', () => {
  it('a wrong password says the address or (app) password is wrong, for sending and for reading', async () => {
    const w = await world();
    const env = { ...w.env, EMAIL_PASSWORD: 'my-account-password' };
    const send = await w.run(mail, env);
    expect(send.success).toBe(false);
    expect(send.error).toMatch(
      /^nothing was sent: SMTP login to 127\.0\.0\.1 as me@example\.com was refused: the email address \(or EMAIL_USERNAME\) or EMAIL_PASSWORD is wrong\. .*app password/,
    );
    expect(send.error).toContain('Username and Password not accepted');
    const read = await w.run({ action: 'read' }, env);
    expect(read.error).toMatch(/^IMAP login to 127\.0\.0\.1 as me@example\.com was refused: .*app password/);
    expect(w.smtp.received).toEqual([]);
  });

  it('a port where nothing listens is named, with the setting to check', async () => {
    const w = await world();
    const port = await closedPort();
    const send = await w.run(mail, { ...w.env, SMTP_PORT: String(port) });
    expect(send.error).toBe(
      `nothing was sent: the SMTP server 127.0.0.1:${port} refused the connection: check SMTP_HOST and SMTP_PORT (usually 465 with TLS or 587 with STARTTLS)`,
    );
    const read = await w.run({ action: 'read' }, { ...w.env, IMAP_PORT: String(port) });
    expect(read.error).toBe(
      `the IMAP server 127.0.0.1:${port} refused the connection: check IMAP_HOST and IMAP_PORT (usually 993 with TLS or 143 with STARTTLS)`,
    );
  });

  it('a host name that does not resolve is named as a DNS failure', async () => {
    const w = await world();
    const send = await w.run(mail, { ...w.env, SMTP_HOST: 'smtp.nowhere.invalid' });
    expect(send.error).toBe(
      'nothing was sent: cannot find the SMTP server "smtp.nowhere.invalid" (DNS lookup failed): check SMTP_HOST and the network connection',
    );
  });

  it('TLS settings that do not match the server say which setting to change', async () => {
    const w = await world();
    const read = await w.run({ action: 'read' }, { ...w.env, IMAP_SECURITY: 'tls' });
    expect(read.error).toBe(
      `the IMAP server 127.0.0.1:${w.imap.port} does not speak TLS from the start, but IMAP_SECURITY is tls: set IMAP_SECURITY=starttls (usually port 143), or check IMAP_PORT`,
    );
    const send = await w.run(mail, { ...w.env, SMTP_SECURITY: 'starttls' });
    expect(send.error).toMatch(
      new RegExp(
        `^nothing was sent: the SMTP server 127\\.0\\.0\\.1:${w.smtp.port} does not offer STARTTLS, but SMTP_SECURITY is starttls: .*SMTP_SECURITY=tls`,
      ),
    );
    const port = await w.run(mail, { ...w.env, SMTP_PORT: 'twenty-five' });
    expect(port.error).toBe('SMTP_PORT is "twenty-five": set it to a port number such as 465, 587, 993 or 143');
    expect(w.smtp.received).toEqual([]);
  });

  it('an EMAIL_ADDRESS that is not an address alone says so, instead of blaming the password', async () => {
    const w = await world();
    const named = { ...w.env, EMAIL_ADDRESS: 'Li Lei <me@example.com>' };
    const expected =
      'EMAIL_ADDRESS is "Li Lei <me@example.com>": set it to your email address alone, such as me@example.com ' +
      '(the name shown with it goes in EMAIL_FROM_NAME)';
    expect((await w.run(mail, named)).error).toBe(expected);
    expect((await w.run({ action: 'read' }, named)).error).toBe(expected);
    expect((await w.run(mail, { ...w.env, EMAIL_ADDRESS: 'me' })).error).toBe(
      'EMAIL_ADDRESS is "me": set it to your email address alone, such as me@example.com',
    );
    expect(w.smtp.connections).toBe(0);
  });

  it('a stop closes the connection to a server that never answers', async () => {
    const sockets: net.Socket[] = [];
    let connected = () => {};
    const closed: Promise<void>[] = [];
    const silent = net.createServer((socket) => {
      sockets.push(socket);
      closed.push(new Promise((resolve) => socket.on('close', () => resolve())));
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => silent.close(() => resolve())));
    const port = String((silent.address() as net.AddressInfo).port);
    const skill = emailSkill();
    for (const [params, env] of [
      [mail, { SMTP_HOST: '127.0.0.1', SMTP_PORT: port, SMTP_SECURITY: 'none' }],
      [{ action: 'read' }, { IMAP_HOST: '127.0.0.1', IMAP_PORT: port, IMAP_SECURITY: 'none' }],
    ] as const) {
      const stop = new AbortController();
      const arrived = new Promise<void>((resolve) => (connected = resolve));
      const call = executeSkill(skill, params, {
        scriptCacheDir,
        env: { EMAIL_ADDRESS: ADDRESS, EMAIL_PASSWORD: PASSWORD, ...env },
        signal: stop.signal,
      });
      await arrived;
      stop.abort();
      expect(await call).toMatchObject({ success: false, error: 'cancelled' });
      await closed.at(-1);
      expect(sockets.at(-1)!.destroyed).toBe(true);
    }
    expect(sockets).toHaveLength(2);
    // Under the 15 s connect timeouts: only the stop itself can have closed them in time.
  }, 10_000);
});

/**
 * An SMTP server that takes the whole message and then drops the connection without a word, as a
 * network failure can: whether it kept the message, the sender cannot know. `refuse`: it answers
 * the message with a 554 instead.
 */
async function droppingServer(refuse = false): Promise<{ port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | undefined;
    socket.write('220 drop.example ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      if (data !== undefined) {
        data += chunk.toString('utf8');
        if (!data.endsWith('\r\n.\r\n')) return;
        messages.push(data);
        data = undefined;
        if (refuse) socket.write('554 5.6.0 Message refused\r\n');
        else socket.destroy();
        return;
      }
      for (const line of chunk.toString('utf8').split('\r\n').filter(Boolean)) {
        if (/^EHLO/i.test(line)) socket.write('250-drop.example\r\n250 AUTH PLAIN\r\n');
        else if (/^AUTH/i.test(line)) socket.write('235 2.7.0 Accepted\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 Go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as net.AddressInfo).port, messages };
}

describe('email: a send the server may or may not have kept', () => {
  it('says the message may have been sent when the connection drops after it was handed over', async () => {
    const dropping = await droppingServer();
    const env = {
      EMAIL_ADDRESS: ADDRESS,
      EMAIL_PASSWORD: PASSWORD,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(dropping.port),
      SMTP_SECURITY: 'none',
    };
    const result = await executeSkill(emailSkill(), mail, { scriptCacheDir, env });
    expect(dropping.messages).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(result.error).not.toMatch(/nothing was sent/);
    expect(result.error).toMatch(
      new RegExp(
        `^the message may have been sent: the SMTP server 127\\.0\\.0\\.1:${dropping.port} received it but did not confirm it \\(.+\\)\\. Check with the recipients \\(or the Sent folder\\) before sending it again$`,
      ),
    );

    const refusing = await droppingServer(true);
    const refused = await executeSkill(emailSkill(), mail, {
      scriptCacheDir,
      env: { ...env, SMTP_PORT: String(refusing.port) },
    });
    expect(refused.error).toMatch(
      /^nothing was sent: the SMTP server refused the message \(.*554 5\.6\.0 Message refused/,
    );
  });
});

const cert = selfSignedCert();

describe.skipIf(!cert)('email over TLS with a self-signed certificate', () => {
  it('is refused unless EMAIL_ALLOW_SELF_SIGNED=yes, and then works for sending and reading', async () => {
    const smtp = await smtpServer({ user: ADDRESS, password: PASSWORD, tls: cert! });
    const imap = await imapServer({ user: ADDRESS, password: PASSWORD, folders: { INBOX }, tls: cert! });
    closers.push(
      () => smtp.close(),
      () => imap.close(),
    );
    const skill = emailSkill();
    const env = {
      EMAIL_ADDRESS: ADDRESS,
      EMAIL_PASSWORD: PASSWORD,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURITY: 'tls',
      IMAP_HOST: '127.0.0.1',
      IMAP_PORT: String(imap.port),
    };
    const refused = await executeSkill(skill, mail, { scriptCacheDir, env });
    expect(refused.error).toMatch(
      new RegExp(
        `^nothing was sent: the TLS certificate of the SMTP server 127\\.0\\.0\\.1:${smtp.port} was not accepted \\(.*self[- ]signed.*\\)\\. .*set EMAIL_ALLOW_SELF_SIGNED=yes$`,
      ),
    );
    const refusedRead = await executeSkill(skill, { action: 'read' }, { scriptCacheDir, env });
    expect(refusedRead.error).toMatch(
      /^the TLS certificate of the IMAP server .* was not accepted .*EMAIL_ALLOW_SELF_SIGNED=yes$/,
    );
    expect(smtp.received).toEqual([]);

    const trusting = { ...env, EMAIL_ALLOW_SELF_SIGNED: 'yes' };
    expect(await executeSkill(skill, mail, { scriptCacheDir, env: trusting })).toMatchObject({
      success: true,
      data: { accepted: ['han@example.com'] },
    });
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(['Hello']);
    const read = await executeSkill(skill, { action: 'read', limit: 1 }, { scriptCacheDir, env: trusting });
    expect((read.data as ReadResult).messages.map((m) => m.subject)).toEqual(['A long read']);
  });
});
