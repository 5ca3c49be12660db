/**
 * `ias chat`'s lines: a line about the turn (a retry, a notice, a call, an error) starts on a line of
 * its own, ending the reply's line only when a reply was begun; no blank line comes from a reply
 * never written.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatWorld, type ChatWorld } from '../helpers/chat-world.js';
import { ENGLISH_SYSTEM, iasAsync, type CliRun } from '../helpers/cli.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

const FILTERED = "The provider's content filter stopped this reply.";

/** `ias chat …` with its stdout and stderr written to one pipe, as `2>&1` does: what that pipe read. */
function iasTogether(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn('sh', ['-c', '"$0" "$@" 2>&1', process.execPath, path.resolve('bin/ias.mjs'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, ...env },
  });
  child.stdin.end();
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

const refusedKey = (s: ChatWorld) => s.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });

describe('ias chat lines', () => {
  it('a failed turn prints no empty line on stdout, nor a blank line above its error on a terminal', async () => {
    const s = await chatWorld();
    refusedKey(s);
    const run: CliRun = await iasAsync(['chat', 'hi', ...s.args], s.env);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: The model server refused the API key \(401\)/);

    refusedKey(s);
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('hi\r');
    await term.waitFor('you> ', 2);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(/you> hi\r*\nerror: The model server refused the API key \(401\)/);
  });

  it('a retry, or a call, said before any reply text starts the output, with no blank line above it', async () => {
    const s = await chatWorld();
    s.server.enqueue(
      { status: 429, errorMessage: 'Rate limit reached', headers: { 'retry-after': '0' } },
      { content: 'The answer.' },
    );
    const run = await iasAsync(['chat', 'think', ...s.args], s.env);
    expect(run).toMatchObject({ status: 0, stdout: 'The answer.\n' });
    expect(run.stderr).toMatch(/^The model server is rate-limiting requests \(429\)[^\n]*Retrying in [\d.]+ s…\n/);

    s.server.enqueue(
      { status: 429, errorMessage: 'Rate limit reached', headers: { 'retry-after': '0' } },
      { toolCalls: [{ name: 'echo_back', arguments: '{"text":"ping"}' }] },
      { content: 'It said echo:ping.' },
    );
    const term = iasOnTerminal(['chat', 'say ping', ...s.args], s.env);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(
      /^The model server is rate-limiting requests \(429\)[^\n]*Retrying in [\d.]+ s…\r?\n\[echo_back\] \{"text":"ping"\}\r?\n/,
    );
    expect(term.screen()).toMatch(/\]\r?\nIt said echo:ping\.\r?\n\[to go on with this conversation/);
  });

  it('a notice after a reply begun still starts on a line of its own; stdout keeps the reply whole', async () => {
    const s = await chatWorld();
    const cutReply = () => s.server.enqueue({ content: 'The answer is', finishReason: 'content_filter' });
    cutReply();
    const term = iasOnTerminal(['chat', 'hi', ...s.args], s.env);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(new RegExp(`^The answer is\\r?\\n${FILTERED}\\r?\\n\\[to go on`));

    // Written to one pipe (2>&1), as on a terminal.
    cutReply();
    expect(await iasTogether(['chat', 'hi', ...s.args], s.env)).toMatch(
      new RegExp(`^The answer is\\n${FILTERED}\\n\\[to go on`),
    );

    // Written apart, each reads whole: the reply ends its own line, the notice starts stderr.
    cutReply();
    const apart = await iasAsync(['chat', 'hi', ...s.args], s.env);
    expect(apart).toMatchObject({ status: 0, stdout: 'The answer is\n' });
    expect(apart.stderr).toMatch(new RegExp(`^${FILTERED}\\n\\[to go on`));
  });
});
