/** The `ias` command. */
import { CommanderError } from 'commander';
import { color } from './format.js';
import { UsageError } from './usage-error.js';
import { withControlsShown } from '../shared/visible-text.js';
import { chineseRefusal } from './cli-locale.js';
import { buildProgram } from './program.js';

/**
 * A reader that went away (`ias … | head`) ends the output, not the command: what is under way
 * finishes and is stored, with no EPIPE stack trace.
 */
function ignoreClosedReader(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
}

export async function main(argv = process.argv): Promise<void> {
  ignoreClosedReader(process.stdout);
  ignoreClosedReader(process.stderr);
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`${color.red('error')}: ${withControlsShown(err.message)}\n`);
      process.exitCode = 2;
      return;
    }
    // A start refused (a secret's file, the data folder, the serve lock, port or host) in the owner's language.
    const chinese = process.env.IAS_DEBUG ? undefined : chineseRefusal(err, program);
    if (chinese) {
      process.stderr.write(`${color.red('错误')}：${withControlsShown(chinese)}\n`);
      process.exitCode = 1;
      return;
    }
    // A message for people; the stack only when asked for (IAS_DEBUG=1).
    const detail = process.env.IAS_DEBUG
      ? ((err as Error).stack ?? String(err))
      : ((err as Error).message ?? String(err));
    // A message may quote what a skill or the model wrote: shown, not obeyed.
    process.stderr.write(`${color.red('error')}: ${withControlsShown(detail)}\n`);
    process.exitCode = 1;
  }
}

await main();
