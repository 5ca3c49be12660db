/**
 * `ias wechat login | status | pair | logout`. WeChat names (the bot's, the owner's) are what their
 * account wrote: shown on one line, their hidden characters as \uXXXX, never obeyed.
 */
import { type Command } from 'commander';
import stringWidth from 'string-width';
import { wechatSessionFile, wechatSessionSaved } from '../core/channels/wechat-bot.js';
import { containWechatFailures, runtimeWechat, type WechatService } from '../core/channels/wechat-service.js';
import { PUPPET_TOKEN_SECRET, setPuppetToken, withoutToken } from '../core/channels/puppet-token.js';
import { WechatSettings, type PuppetSettings } from '../core/channels/wechat-settings.js';
import { apiKeyFlaw } from '../core/agent/providers.js';
import { secretPlaces } from '../core/approval/key-store.js';
import type { Runtime } from '../core/runtime.js';
import { printError, saidUsageError } from './chat-output.js';
import { commandLocale, ownerLocale } from './cli-locale.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { cell, color, jsonText, padToWidth } from './format.js';
import { readSecret, saidPromptEnd } from './secret-input.js';
import { UsageError } from './usage-error.js';
import { loggedIn, pairedOwner, WechatWaitFailed } from './wechat-waits.js';
import { wechatWords, type WechatWords } from './wechat-words.js';

/** What this command says, in the owner's language (read from the data folder, creating nothing). */
function commandWords(cmd: Command): WechatWords {
  return wechatWords[commandLocale(cliContext(cmd.optsWithGlobals<GlobalOptions>()).paths.database)];
}

/** The core over this command's data folder (the caller closes it). */
async function commandRuntime(cmd: Command): Promise<Runtime> {
  return contextRuntime(cliContext(cmd.optsWithGlobals<GlobalOptions>()));
}

/**
 * Runs `work` with the WeChat service over the saved puppet, after `prepare` (which may save one),
 * and the command's words in the owner's language. A wait that ends without what it waited for (a
 * time-out, a puppet that failed) is said in those words: exit 1.
 */
async function withWechat(
  cmd: Command,
  work: (service: WechatService, words: WechatWords) => Promise<void>,
  prepare?: (runtime: Runtime) => void,
): Promise<void> {
  const runtime = await commandRuntime(cmd);
  const words = wechatWords[await ownerLocale(runtime)];
  let service: WechatService | undefined;
  let unguard: (() => void) | undefined;
  try {
    prepare?.(runtime);
    service = runtimeWechat(runtime, { chat: false });
    unguard = containWechatFailures(service.bot);
    await work(service, words);
  } catch (err) {
    if (!(err instanceof WechatWaitFailed)) throw err;
    printError(words, err.message);
    process.exitCode = 1;
  } finally {
    await service?.stop();
    unguard?.();
    await runtime.close();
  }
}

interface LoginOptions {
  puppet?: string;
  endpoint?: string;
  tokenStdin?: boolean;
  /** Refused: a token on the command line. */
  token?: string;
}

/**
 * The puppet service's token, if one is to be saved: piped in, or typed unseen on a terminal, with
 * --token-stdin; never taken from the command line, where `ps` and the shell's history show it.
 */
async function tokenToSave(opts: LoginOptions, words: WechatWords): Promise<string | undefined> {
  if (opts.token !== undefined) throw new UsageError(words.tokenFromArgv);
  if (!opts.tokenStdin) return undefined;
  const token = (await readSecret(words.tokenPrompt, words.tokenTooLong)).trim();
  if (token === '') throw new UsageError(words.noToken);
  // Sent in a request header, as an API key is: the same characters are refused.
  const flaw = apiKeyFlaw(token);
  if (flaw === 'whitespace') throw new UsageError(words.tokenWhitespace);
  if (flaw) throw new UsageError(words.tokenNotPrintable);
  return token;
}

/**
 * Saves the puppet to use; the options saved for the same puppet stay unless given anew. The token
 * goes to the secret store, never the database; choosing another puppet forgets it.
 */
function savePuppet(runtime: Runtime, opts: { puppet?: string; endpoint?: string; token?: string }): void {
  const settings = new WechatSettings(runtime.store.settings);
  const saved = withoutToken(settings.puppet());
  const name = opts.puppet ?? saved.name;
  const options = {
    ...(name === saved.name ? saved.options : {}),
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
  };
  if (opts.token || name !== saved.name) setPuppetToken(runtime.secrets, opts.token);
  settings.setPuppet({ name, ...(Object.keys(options).length ? { options } : {}) });
}

/**
 * The puppet as `status` shows it: whether a token is saved (here, or sealed by the desktop app),
 * never the token.
 */
function shownPuppet(runtime: Runtime, puppet: PuppetSettings) {
  const places = secretPlaces(runtime.secrets, PUPPET_TOKEN_SECRET);
  return { ...withoutToken(puppet), ...(places.file || places.sealedByApp ? { tokenSaved: true } : {}) };
}

export async function wechatLogin(opts: LoginOptions, cmd: Command): Promise<void> {
  const words = commandWords(cmd);
  let token: string | undefined;
  try {
    token = await tokenToSave(opts, words);
  } catch (err) {
    if (saidUsageError(err, words) || saidPromptEnd(err, words)) return;
    throw err;
  }
  await withWechat(
    cmd,
    async (service) => {
      const status = await loggedIn(service, words);
      process.stdout.write(`${words.loggedInAs(color.bold(cell(status.user?.name ?? '?')))}\n`);
      if (!service.settings.owner()) process.stdout.write(`${words.nextPair}\n`);
    },
    (runtime) => {
      if (opts.puppet || opts.endpoint || token) savePuppet(runtime, { ...opts, token });
    },
  );
}

export async function wechatStatus(opts: { json?: boolean }, cmd: Command): Promise<void> {
  const runtime = await commandRuntime(cmd);
  try {
    const settings = new WechatSettings(runtime.store.settings);
    const owner = settings.owner();
    const status = {
      puppet: shownPuppet(runtime, settings.puppet()),
      account: settings.account() ?? null,
      // `missing`: the paired contact was not found in the bot's latest login.
      owner: owner ? { ...owner, ...(settings.ownerMissing() ? { missing: true } : {}) } : null,
      session: wechatSessionSaved(wechatSessionFile(runtime.paths.home)),
    };
    if (opts.json) {
      process.stdout.write(`${jsonText(status, 2)}\n`);
      return;
    }
    const words = wechatWords[await ownerLocale(runtime)];
    const shownOwner = status.owner
      ? status.owner.mode === 'self'
        ? words.ownerSelf
        : `${cell(status.owner.name)} (${cell(status.owner.contactId)})${'missing' in status.owner ? color.yellow(words.ownerMissing) : ''}`
      : color.yellow(words.notPaired);
    const { labels } = words;
    const width = Math.max(...Object.values(labels).map((l) => stringWidth(l))) + 2;
    const line = (label: string, value: string) => `${padToWidth(label, width)}${value}`;
    process.stdout.write(
      [
        line(labels.puppet, `${status.puppet.name}${status.puppet.tokenSaved ? words.tokenSaved : ''}`),
        line(
          labels.account,
          status.account
            ? `${cell(status.account.name)} (${cell(status.account.id)})`
            : color.yellow(words.neverLoggedIn),
        ),
        line(labels.session, status.session ? words.sessionSaved : words.noSession),
        line(labels.owner, shownOwner),
      ].join('\n') + '\n',
    );
  } finally {
    await runtime.close();
  }
}

export async function wechatPair(opts: { self?: boolean }, cmd: Command): Promise<void> {
  await withWechat(cmd, async (service, words) => {
    await loggedIn(service, words);
    if (opts.self) {
      service.router.bindSelf();
      process.stdout.write(`${words.pairedSelf}\n`);
      return;
    }
    const session = service.router.startPairing();
    process.stdout.write(
      `Send this code from your WeChat to the bot: ${color.bold(session.code)} (valid 10 minutes)\n从你的微信把这个码发给机器人。\n`,
    );
    const owner = await pairedOwner(service, words, session);
    process.stdout.write(`${words.pairedWith(color.bold(cell(owner.name)))}\n`);
  });
}

export async function wechatLogout(_opts: unknown, cmd: Command): Promise<void> {
  await withWechat(cmd, async (service, words) => {
    if (wechatSessionSaved(service.bot.memoryFile)) {
      // Log out on WeChat's side too when the saved session still works; forget it either way.
      await loggedIn(service, words, { timeoutMs: 20_000, scan: false }).catch(() => undefined);
    }
    await service.logout();
    process.stdout.write(`${words.loggedOut}\n`);
  });
}
