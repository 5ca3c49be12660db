/** A real SMTP server on 127.0.0.1 (smtp-server) with AUTH, keeping every message it accepts, parsed. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpStandIn {
  port: number;
  /** Accepted messages, parsed, with the envelope the client gave. */
  received: { mail: ParsedMail; envelope: { from: string; to: string[] } }[];
  /** Connections opened so far. */
  connections: number;
  close(): Promise<void>;
}

export interface SmtpOptions {
  user: string;
  password: string;
  /** A recipient this returns a reason for is refused with 550. */
  refuse?: (address: string) => string | undefined;
  /** Encrypted from the start with this key and certificate; otherwise plain, without STARTTLS. */
  tls?: { key: string; cert: string };
}

export async function smtpServer(options: SmtpOptions): Promise<SmtpStandIn> {
  const standIn = { received: [], connections: 0 } as unknown as SmtpStandIn;
  const server = new SMTPServer({
    secure: Boolean(options.tls),
    ...(options.tls ?? {}),
    disabledCommands: options.tls ? [] : ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      standIn.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error('5.7.8 Username and Password not accepted'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const reason = options.refuse?.(address.address);
      if (reason) return callback(Object.assign(new Error(reason), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const envelope = session.envelope;
          standIn.received.push({
            mail,
            envelope: {
              from: envelope.mailFrom ? envelope.mailFrom.address : '',
              to: envelope.rcptTo.map((r) => r.address),
            },
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  // A client that gives up mid-handshake is no failure of the server.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.server.address() as AddressInfo).port;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
