/** What `ias chat` tests run against: a data folder, two skills and a scripted model server. */
import fs from 'node:fs';
import path from 'node:path';
import { openStore } from '../../src/core/store/index.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from './temp.js';
import { iasOnTerminal, type TerminalSession } from './terminal.js';

export interface ChatWorld {
  home: string;
  /** IAS_LLM_* pointing at the server. */
  env: Record<string, string>;
  /** --home and --system-skills. */
  args: string[];
  server: ModelServer;
}

/** echo_back (low risk) and send_mail (high risk, writes `<home>/sent`); the server closes after the test. */
export async function chatWorld(): Promise<ChatWorld> {
  const server = await startModelServer();
  onCleanup(() => void server.close());
  const home = tempDir('ias-chat-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(
    system,
    'echo_back',
    scriptSkill({
      script: 'printf "echo:%s" "$SKILL_PARAM_TEXT"',
      parameters: { type: 'object', properties: { text: { type: 'string' } } },
    }),
  );
  writeSkill(system, 'send_mail', scriptSkill({ risk: 'High', script: 'echo sent' }));
  const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test-123', IAS_LLM_MODEL: 'test-model' };
  const args = ['--home', home, '--system-skills', system];
  return { home, env, args, server };
}

/** A model that calls send_mail (high risk: it waits for approval past its 8 s), then answers. */
export function mailGoingOnInTheBackground(model: ModelServer): void {
  model.enqueue(
    { toolCalls: [{ id: 'call_m', name: 'send_mail', arguments: '{}' }] },
    { content: 'It goes on in the background.' },
  );
}

/**
 * The owner's `greet` (Low, written straight into the skills folder: unreviewed), which the model
 * calls three times: twice in one step, once in the next; then it answers "Not greeted.".
 */
export function unreviewedGreetCalledThrice(home: string, model: ModelServer): void {
  writeSkill(path.join(home, 'skills'), 'greet', scriptSkill({ risk: 'Low', script: 'echo "Hello, Ada"' }));
  const greet = (args = '{}') => ({ name: 'greet', arguments: args });
  model.enqueue(
    { toolCalls: [greet(), greet('{"again":true}')] },
    { toolCalls: [greet()] },
    { content: 'Not greeted.' },
  );
}

/**
 * An interactive chat asked to mail the boss: the call has gone on in the background and its
 * approval's question waits (drawn again after the model's reply, not the chat's prompt).
 */
export async function atBackgroundMailQuestion(): Promise<{ s: ChatWorld; term: TerminalSession }> {
  const s = await chatWorld();
  mailGoingOnInTheBackground(s.server);
  const term = iasOnTerminal(['chat', ...s.args], s.env);
  await term.waitFor('you> ');
  term.type('mail the boss\r');
  await term.waitFor('It goes on in the background.');
  await term.waitFor('Run send_mail? [y/N]', 2);
  return { s, term };
}

/** The turn a `--json` chat printed last on the terminal (after whatever the terminal showed before). */
export function jsonOnScreen(screen: string): unknown {
  return JSON.parse(screen.slice(screen.lastIndexOf('{', screen.lastIndexOf('"conversationId"'))));
}

/**
 * The database refuses the tool result holding `marker` (as a full disk would: "the disk is full",
 * or `reason`, without a single quote) and takes anything else: the turn that stores it fails in iAs.
 */
export function refuseToolResult(home: string, marker: string, reason = 'the disk is full'): void {
  const store = openStore(path.join(home, 'ias.db'));
  try {
    store.db.exec(`CREATE TRIGGER refuse_result BEFORE INSERT ON messages
      WHEN NEW.role = 'tool' AND NEW.content LIKE '%${marker}%' BEGIN SELECT RAISE(ABORT, '${reason}'); END`);
  } finally {
    store.close();
  }
}
