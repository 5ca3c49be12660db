/**
 * `ias wechat login | status | pair | logout`. WeChat names (the bot's, the owner's) are what their
 * account wrote: shown on one line, their hidden characters as \uXXXX, never obeyed.
 */
import { Option, type Command } from 'commander';
import { DEFAULT_PUPPET } from '../core/channels/wechat-settings.js';
import { lazyAction } from './lazy-action.js';

export function registerWechatCommand(program: Command): void {
  const wechat = program
    .command('wechat')
    .description('the WeChat bot that carries approvals (and chat) to your phone');

  wechat
    .command('login')
    .description('log the bot in: shows a QR code to scan with WeChat')
    .option('--puppet <name>', `the puppet package to use from now on (default ${DEFAULT_PUPPET})`)
    .option('--endpoint <url>', 'wechaty-puppet-service: the endpoint')
    .option('--token-stdin', 'wechaty-puppet-service: read the token from stdin (on a terminal: ask for it unseen)')
    .addOption(new Option('--token <token>').hideHelp())
    .action(lazyAction(async () => (await import('./wechat-actions.js')).wechatLogin));

  wechat
    // `ias wechat` alone says how it stands, as `ias provider` does.
    .command('status', { isDefault: true })
    .description('who the bot is, who the owner is, and which puppet runs it')
    .option('--json', 'print JSON')
    .action(lazyAction(async () => (await import('./wechat-actions.js')).wechatStatus));

  wechat
    .command('pair')
    .description('choose the owner: send the shown code from your WeChat to the bot, or --self')
    .option('--self', 'the bot is my own account: approvals go to File Transfer')
    .action(lazyAction(async () => (await import('./wechat-actions.js')).wechatPair));

  wechat
    .command('logout')
    .description('log the bot out and forget its session')
    .action(lazyAction(async () => (await import('./wechat-actions.js')).wechatLogout));
}
