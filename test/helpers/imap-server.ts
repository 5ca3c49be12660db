/**
 * A real IMAP4rev1 server on 127.0.0.1 (hoodiecrow-imap), seeded with messages built by
 * nodemailer's MailComposer. Its storage can be inspected to see what a client changed.
 */
import type { AddressInfo, Socket } from 'node:net';
import hoodiecrow, { type HoodiecrowFolder } from 'hoodiecrow-imap';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface SeedMessage {
  from: string;
  to: string;
  cc?: string;
  subject: string;
  text?: string;
  html?: string;
  date: Date;
  seen?: boolean;
  messageId?: string;
  attachments?: { filename: string; content: string }[];
}

export interface ImapStandIn {
  port: number;
  /** The flags each message of a folder has now, in order. */
  flags(folder: string): string[][];
  close(): Promise<void>;
}

export interface ImapOptions {
  user: string;
  password: string;
  /** Folder path → messages; INBOX at least. */
  folders: Record<string, SeedMessage[]>;
  tls?: { key: string; cert: string };
}

async function raw(m: SeedMessage): Promise<string> {
  const composer = new MailComposer({
    from: m.from,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    text: m.text,
    html: m.html,
    date: m.date,
    messageId: m.messageId,
    attachments: m.attachments,
  });
  const built = await composer.compile().build();
  return built.toString('utf8');
}

export async function imapServer(options: ImapOptions): Promise<ImapStandIn> {
  const storage: Record<string, HoodiecrowFolder> = { '': { separator: '/', folders: {} } };
  for (const [path, messages] of Object.entries(options.folders)) {
    const folder: HoodiecrowFolder = {
      messages: await Promise.all(
        messages.map(async (m) => ({ raw: await raw(m), flags: m.seen ? ['\\Seen'] : [], internaldate: m.date })),
      ),
    };
    if (path === 'INBOX') storage.INBOX = folder;
    else storage['']!.folders![path] = folder;
  }
  const server = hoodiecrow({
    plugins: ['ID', 'ENABLE', 'UNSELECT', 'SPECIAL-USE', 'NAMESPACE'],
    users: { [options.user]: { password: options.password } },
    storage,
    ...(options.tls ? { secureConnection: true, credentials: options.tls } : {}),
  });
  const sockets = new Set<Socket>();
  server.connectionHandlers.push((connection) => {
    if (connection.socket) sockets.add(connection.socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    flags: (folder) => (server.getMailbox(folder)?.messages ?? []).map((m) => [...m.flags]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
