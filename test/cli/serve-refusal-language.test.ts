/**
 * `ias serve` says a refusal for its limits (here the cap on WebSockets) on its terminal in the
 * owner's language, after the label of that language. A real process, port and sockets.
 */
import { afterEach, expect, it } from 'vitest';
import { SERVE_LIMITS } from '../../src/server/limits.js';
import { wsProtocols } from '../../src/shared/serve-auth.js';
import { tempDir } from '../helpers/temp.js';
import { openSocket, type TestSocket } from '../server/helpers.js';
import { killIfRunning, startServe, stderrShows, stopServe, type ServeProcess } from '../server/serve-process.js';

let running: ServeProcess | undefined;
const held: TestSocket[] = [];
afterEach(async () => {
  for (const socket of held.splice(0)) socket.close();
  await killIfRunning(running);
  running = undefined;
});

it('ias serve says in Chinese that a WebSocket past its cap is closed', async () => {
  const home = tempDir('ias-serve-refusal-');
  running = await startServe(['--port', '0', '--no-wechat', '--home', home], { LANG: 'zh_CN.UTF-8' });
  const open = () =>
    openSocket(`${running!.origin.replace('http', 'ws')}/ws`, { origin: running!.origin }, wsProtocols(running!.token));
  for (let i = 0; i < SERVE_LIMITS.maxWsClients; i++) {
    const attempt = await open();
    if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
    held.push(attempt.socket);
  }
  // One more is opened, to be closed at once as busy.
  const past = await open();
  if ('socket' in past) held.push(past.socket);
  await stderrShows(
    running,
    `警告：WebSocket 客户端太多（上限为 ${SERVE_LIMITS.maxWsClients}）：新的连接将立即以 1013 关闭（请稍后再试）\n`,
  );
  for (const socket of held.splice(0)) socket.close();
  expect(await stopServe(running)).toEqual({ code: 0, signal: null });
});
