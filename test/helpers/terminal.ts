/**
 * Runs the built `ias` command on a real terminal (a pseudo-terminal opened by python3's pty module),
 * for what only happens on one: readline's prompt, keys such as Ctrl-C and Ctrl-D.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ENGLISH_SYSTEM } from './cli.js';
import { onCleanup } from './temp.js';

// Relays this process's stdin to the terminal and the terminal to stdout; exits with the command's code.
const RELAY = `
import os, pty, select, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
inputs = [fd, 0]
while True:
    ready, _, _ = select.select(inputs, [], [])
    if fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        os.write(1, data)
    if 0 in ready:
        data = os.read(0, 65536)
        if data:
            os.write(fd, data)
        else:
            inputs.remove(0)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
`;

export const CTRL_C = '\x03';
export const CTRL_D = '\x04';
/** What a terminal asked to mark pastes (xterm's bracketed paste) sends around one. */
export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

export interface TerminalSession {
  /** Everything the terminal has shown so far, without colours and cursor moves. */
  screen(): string;
  /** Everything the terminal was sent, with its control sequences. */
  output(): string;
  /** Types text as keys (a line ends with '\r', as Enter sends). */
  type(keys: string): void;
  /** Pastes text as a terminal that marks pastes sends it (lines end with '\r'). */
  paste(text: string): void;
  /** Resolves once the screen shows `text` `times` times in all. */
  waitFor(text: string, times?: number): Promise<void>;
  /** The command's exit code, once it has ended. */
  exited: Promise<number | null>;
}

/**
 * A terminal that is the command's stdin but not its controlling terminal: closing it (ending
 * this process's stdin) hangs nothing up, the command's input just ends. Its stdout and stderr
 * are pipes, relayed.
 */
const DETACHED = `
import os, pty, subprocess, sys
master, slave = pty.openpty()
child = subprocess.Popen(sys.argv[1:], stdin=slave, start_new_session=True)
os.close(slave)
while True:
    data = os.read(0, 65536)
    if not data:
        break
    os.write(master, data)
os.close(master)
code = child.wait()
sys.exit(128 - code if code < 0 else code)
`;

export function iasOnTerminal(args: string[], env: Record<string, string> = {}): TerminalSession {
  return session(RELAY, args, env).term;
}

/** `ias` reading a terminal that goes away, without a hang-up, once `closeTerminal` is called. */
export function iasOnDetachedTerminal(
  args: string[],
  env: Record<string, string> = {},
): TerminalSession & { closeTerminal(): void } {
  const { child, term } = session(DETACHED, args, env);
  return { ...term, closeTerminal: () => child.stdin.end() };
}

function session(relay: string, args: string[], env: Record<string, string>) {
  const child = spawn('python3', ['-c', relay, process.execPath, path.resolve('bin/ias.mjs'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, ...env },
  });
  // Ending the relay closes the terminal, which hangs up the command (or ends a detached one's input).
  onCleanup(() => child.exitCode === null && child.kill('SIGKILL'));
  let raw = '';
  const waiters = new Set<() => void>();
  const screen = () => raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
  const shown = (d: Buffer) => {
    raw += d.toString('utf8');
    for (const check of waiters) check();
  };
  // A terminal shows both on its stdout; a detached one's command writes its stderr to the relay's.
  child.stdout.on('data', shown);
  child.stderr.on('data', shown);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      for (const check of waiters) check();
      resolve(code);
    });
  });
  const term: TerminalSession = {
    screen,
    output: () => raw,
    type: (keys) => child.stdin.write(keys),
    paste: (text) => child.stdin.write(`${PASTE_START}${text}${PASTE_END}`),
    waitFor: (text, times = 1) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (screen().split(text).length - 1 >= times) {
            waiters.delete(check);
            resolve();
          } else if (child.exitCode !== null) {
            waiters.delete(check);
            reject(new Error(`the command ended before showing ${JSON.stringify(text)}:\n${screen()}`));
          }
        };
        waiters.add(check);
        check();
      }),
    exited,
  };
  return { child, term };
}
