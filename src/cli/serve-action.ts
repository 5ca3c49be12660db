/**
 * `ias serve`: iAs without Electron — the core, the WeChat bot and the built renderer over HTTP +
 * WebSocket on 127.0.0.1, behind an access token. Prints the URL to open; runs until SIGINT/SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { createCoreApi, type CoreApi } from '../core/api/create-api.js';
import { DesktopChannel, type Notifier } from '../core/channels/desktop-channel.js';
import { containWechatFailures, runtimeWechat, type WechatService } from '../core/channels/wechat-service.js';
import { dataPaths } from '../core/paths.js';
import { OpenedParts } from '../core/opened-parts.js';
import { openRuntime, type Runtime } from '../core/runtime.js';
import { canonicalHost, isLoopback } from '../server/hosts.js';
import { acquireServeLock } from '../server/serve-lock.js';
import { serveToken } from '../server/serve-token.js';
import { skillWatchErrorText } from '../shared/skill-watch-error.js';
import type { Locale } from '../shared/locale.js';
import { visibleLine, withControlsShown } from '../shared/visible-text.js';
import { sayWechatError } from '../shared/wechat-errors.js';
import { startServer } from '../server/server.js';
import { appVersion } from './app-version.js';
import { bundledExampleSkills, bundledSystemSkills, commandHome, type GlobalOptions } from './context.js';
import { printError } from './chat-output.js';
import { ENDING_SIGNALS } from './ending-signals.js';
import { programLocale, storeLocale } from './cli-locale.js';
import { color } from './format.js';
import { serveWords, type ServeWords } from './serve-words.js';
import { printSkillProblems } from './reload-problems.js';
import { printQr } from './wechat-qr.js';
import { warningLine } from './warning-line.js';
import { wechatWords } from './wechat-words.js';

interface ServeOptions {
  host: string;
  port: string;
  newToken?: boolean;
  wechat: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built renderer: `out/renderer` beside the built CLI (out/cli), or from the source tree. */
export function bundledRendererDir(): string {
  return path.resolve(here, '..', '..', 'out', 'renderer');
}

type ListenAddress = { host: string; port: number };

/** Where to listen, as --host and --port say, or what is wrong with them, in the owner's words. */
function listenAddress(opts: ServeOptions): ListenAddress | { wrong: (words: ServeWords) => string } {
  const port = Number(opts.port);
  if (!/^\d+$/.test(opts.port) || port > 65535) return { wrong: (words) => words.badPort(opts.port) };
  const host = opts.host.trim();
  if (!host) return { wrong: (words) => words.emptyHost };
  // As the browser will write it in the printed link, and send it as Host.
  return { host: canonicalHost(host), port };
}

/**
 * Resolves on the first SIGINT, SIGTERM or SIGHUP (the terminal closed: left to Node, it would end
 * the process at once, its task runs and skill processes left going); a second one ends it at once.
 */
function stopSignal(): Promise<NodeJS.Signals> {
  const signals = ['SIGINT', ...ENDING_SIGNALS] as const;
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      for (const s of signals) process.off(s, onSignal);
      const force = () => process.exit(1);
      for (const s of signals) process.once(s, force);
      resolve(signal);
    };
    for (const s of signals) process.on(s, onSignal);
  });
}

async function serve(
  opts: ServeOptions,
  { host, port }: ListenAddress,
  globals: GlobalOptions,
  lookUpLocale: () => Locale,
): Promise<void> {
  const home = commandHome(globals);
  const paths = dataPaths(home, globals.userSkills);
  const systemSkills = globals.systemSkills ? path.resolve(globals.systemSkills) : bundledSystemSkills();
  const rendererDir = bundledRendererDir();

  // The owner's language as the data folder says it now (it may be changed while iAs runs); the
  // last one known once the store is closed. Looked up only when words are needed: a start opens
  // nothing before its lock.
  let store: Runtime['store'] | undefined;
  let locale: Locale | undefined;
  const localeNow = () => (locale = store ? storeLocale(store) : (locale ?? lookUpLocale()));
  const words = () => serveWords[localeNow()];
  const warn = (text: string) => process.stderr.write(`${warningLine(localeNow(), text)}\n`);

  const lock = acquireServeLock(home);
  // What is opened is closed, last first, when iAs stops and when a step of the start fails (whose
  // error is then the one printed, a failure while closing only a warning).
  const opened = new OpenedParts();
  opened.add(() => lock.release());
  const warnClosing = (err: unknown) => warn(words().whileStopping(withControlsShown((err as Error).message)));
  try {
    const token = serveToken(home, { renew: opts.newToken });
    // The desktop channel's notifications go to the browser (an event) and to this terminal.
    const late: { core?: CoreApi } = {};
    // A task's name and result are the model's words: shown on the terminal, never obeyed by it.
    const terminal: Notifier = {
      notify: (title, body) =>
        process.stderr.write(
          `${color.cyan(`[${withControlsShown(title)}]`)}${body ? ` ${withControlsShown(body)}` : ''}\n`,
        ),
    };
    const browser: Notifier = {
      notify: (title, body, message) =>
        late.core ? late.core.notify(title, body, message) : terminal.notify(title, body),
    };
    const runtime = await openRuntime({
      home,
      systemSkills,
      userSkills: paths.userSkills,
      recover: true,
      watch: true,
      channels: [new DesktopChannel(browser)],
      exampleSkills: bundledExampleSkills(),
      onCloseError: warnClosing,
      onWatchError: (err) => warn(skillWatchErrorText(err, localeNow())),
    });
    opened.add(() => runtime.close());
    store = runtime.store;
    // Closed first: what is said while stopping is said in the last language known.
    opened.add(() => {
      store = undefined;
    });
    // The skills' load errors and warnings, then what a hot reload breaks or mends (each said once).
    opened.add(printSkillProblems(runtime.registry, (line) => process.stderr.write(`${line}\n`), localeNow));

    let wechat: WechatService | undefined;
    if (opts.wechat) {
      const service = runtimeWechat(runtime, { chat: true });
      wechat = service;
      const unguard = containWechatFailures(service.bot);
      opened.add(unguard);
      opened.add(() => service.stop());
      let shownQr: string | undefined;
      service.bot.on('status', (status) => {
        if (status.state === 'waiting-for-scan' && status.qr && status.qr !== shownQr) {
          shownQr = status.qr;
          void printQr(status.qr);
        } else if (status.state === 'logged-in' || (status.state === 'error' && status.error)) {
          // In the owner's language as it is now (it may be changed in the settings while iAs runs).
          const words = wechatWords[storeLocale(runtime.store)];
          const [label, after] = words.wechatLabel;
          if (status.state === 'logged-in') {
            const name = color.bold(withControlsShown(status.user?.name ?? '?'));
            process.stderr.write(`${label}${after}${words.loggedInAs(name)}\n`);
          } else {
            const error = sayWechatError(words.errors, status.error!, status.errorCode);
            process.stderr.write(`${color.yellow(label)}${after}${withControlsShown(error)}\n`);
          }
        }
      });
    }

    const core = createCoreApi(runtime, { version: appVersion(), wechat, notifier: terminal });
    late.core = core;
    opened.add(() => core.close());

    if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
      warn(words().uiNotBuilt(visibleLine(rendererDir)));
    }
    const server = await startServer({
      api: core.api,
      events: core.events,
      auditExport: core.auditExport,
      token,
      rendererDir,
      host,
      port,
      log: (line) => warn(line),
      logLocale: localeNow,
    });
    opened.add(() => server.close());
    if (!isLoopback(host)) {
      warn(words().exposed(visibleLine(host)));
    }
    // Listening before the ready line: whoever reads it may stop us at once.
    const stopping = stopSignal();
    process.stdout.write(`iAs is ready at ${server.url}\n`);
    process.stderr.write(`${words().openAndStop}\n`);

    // Log the bot in only once the owner has set WeChat up (`ias wechat login`, or the settings page).
    if (wechat?.settings.account()) void wechat.start();

    const signal = await stopping;
    process.stderr.write(`\n${words().stopping(signal)}\n`);
  } finally {
    await opened.closeAll(warnClosing);
    // Whatever the WeChat stack leaves behind must not keep the process alive, after a failed
    // start as after a stop (the failure's exit code is set by then).
    setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
  }
}

export async function serveCommand(opts: ServeOptions, cmd: Command): Promise<void> {
  const address = listenAddress(opts);
  if ('wrong' in address) {
    // Said here, in the owner's language (looked up only then: a start opens nothing before its lock).
    const words = serveWords[programLocale(cmd)];
    printError(words, address.wrong(words));
    process.exitCode = 2;
    return;
  }
  await serve(opts, address, cmd.optsWithGlobals<GlobalOptions>(), () => programLocale(cmd));
}
