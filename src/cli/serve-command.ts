/**
 * `ias serve`: iAs without Electron — the core, the WeChat bot and the built renderer over HTTP +
 * WebSocket on 127.0.0.1, behind an access token. Prints the URL to open; runs until SIGINT/SIGTERM.
 */
import type { Command } from 'commander';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/hosts.js';
import { lazyAction } from './lazy-action.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run iAs headless: the web UI and its API on http://127.0.0.1, behind an access token')
    .option(
      '--host <host>',
      'the address to listen on (anything but loopback exposes iAs to your network)',
      DEFAULT_HOST,
    )
    .option('--port <port>', 'the port (0 = any free port)', String(DEFAULT_PORT))
    .option('--new-token', 'make a new access token (the old link stops working)')
    .option('--no-wechat', 'do not run the WeChat bot (approvals go to the web UI)')
    .action(lazyAction(async () => (await import('./serve-action.js')).serveCommand));
}
