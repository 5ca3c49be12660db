/**
 * `ias audit --export csv` shown on a terminal: what a skill printed (a web page it fetched, say) is
 * shown, not obeyed, as everywhere else the command shows it; to a file or a pipe it stays exact.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { iasOnTerminal } from '../helpers/terminal.js';
import { tempDir } from '../helpers/temp.js';

/** Sets the terminal's title, then clears the screen. */
const ESCAPES = '\x1b]0;pwned\x07\x1b[2J';

describe('ias audit --export csv', () => {
  it('shows the control characters of a result as \\uXXXX on a terminal, and writes them as they are elsewhere', async () => {
    const home = tempDir('ias-home-');
    const store = openStore(path.join(home, 'ias.db'));
    store.audit.record(
      { skill: 'fetch_page', source: 'chat', risk: 'low' },
      { status: 'done', durationMs: 1, resultSummary: `page${ESCAPES}text` },
    );
    store.close();

    const term = iasOnTerminal(['audit', '--export', 'csv', '--home', home]);
    expect(await term.exited).toBe(0);
    expect(term.output()).toContain('page\\u001b]0;pwned\\u0007\\u001b[2Jtext');
    expect(term.output()).not.toContain('\x1b');
    // Its own line ends stay line ends (a terminal shows a line feed as CRLF).
    expect(term.output()).not.toContain('\\u000d');
    expect(
      term
        .output()
        .split('\r\n')
        .filter((line) => line !== ''),
    ).toHaveLength(2);

    const piped = ias(['audit', '--export', 'csv', '--home', home]);
    expect(piped.status).toBe(0);
    expect(piped.stdout).toContain(`page${ESCAPES}text`);
  });
});
