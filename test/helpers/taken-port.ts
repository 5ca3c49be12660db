/** A port on 127.0.0.1 that the test holds until it ends: for a server that must find it taken. */
import net from 'node:net';
import { onCleanup } from './temp.js';

export async function takenPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => void server.close());
  return (server.address() as net.AddressInfo).port;
}
