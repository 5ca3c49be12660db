/** The part of hoodiecrow-imap (a scriptable IMAP4rev1 server, no types of its own) the tests use. */
declare module 'hoodiecrow-imap' {
  import type { Server, Socket } from 'node:net';

  export interface HoodiecrowMessage {
    raw: string;
    flags?: string[];
    internaldate?: Date | string;
    uid?: number;
  }

  export interface HoodiecrowFolder {
    messages?: HoodiecrowMessage[];
    flags?: string[];
    'special-use'?: string;
    folders?: Record<string, HoodiecrowFolder>;
    separator?: string;
  }

  export interface HoodiecrowOptions {
    plugins?: string[];
    users?: Record<string, { password: string }>;
    storage?: Record<string, HoodiecrowFolder>;
    secureConnection?: boolean;
    credentials?: { key: string | Buffer; cert: string | Buffer };
    debug?: boolean;
  }

  export interface HoodiecrowServer {
    server: Server;
    connectionHandlers: ((connection: { socket: Socket | null }) => void)[];
    listen(port: number, host: string, callback: () => void): void;
    close(callback?: () => void): void;
    getMailbox(path: string): { messages: Required<HoodiecrowMessage>[] } | undefined;
  }

  export default function hoodiecrow(options?: HoodiecrowOptions): HoodiecrowServer;
}
