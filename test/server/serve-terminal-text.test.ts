/**
 * What `ias serve` writes on its terminal that others wrote — a skill file's problem, a scheduled
 * task's name and result (the model's words) — is shown as text: an escape sequence in it (OSC 52
 * sets the clipboard in many terminals; others clear the screen or rewrite lines) reads as \u001b.
 */
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { wsProtocols } from '../../src/shared/serve-auth.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { tempDir, writeSkill } from '../helpers/temp.js';
import { openSocket, type TestSocket } from './helpers.js';
import { startServe, stopServe, type ServeProcess } from './serve-process.js';

let served: ServeProcess | undefined;
let model: ModelServer | undefined;
let socket: TestSocket | undefined;
afterEach(async () => {
  socket?.close();
  if (served) await stopServe(served);
  await model?.close();
  served = model = socket = undefined;
});

/** "Set the clipboard to `rm -rf ~`", as a terminal that obeys OSC 52 reads it. */
const CLIPBOARD = '\u001b]52;c;cm0gLXJmIH4=\u0007';

/** Until `check` holds, or fails after a generous while (output that never comes). */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 20_000) throw new Error('the output never came');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('shows escape sequences of a skill file and of a task the model named and answered as \\u001b, never sends them', async () => {
  const home = tempDir('ias-serve-text-');
  const paths = dataPaths(home);
  // A YAML "\e" is ESC, "\a" is BEL: the risk word is reported as written.
  writeSkill(
    paths.userSkills,
    'clipboard',
    `---\ndescription: Sets the clipboard.\nrisk: "\\e]52;c;cm0gLXJmIH4=\\a"\n---\n\n## Execute\n\n\`\`\`bash\necho\n\`\`\`\n`,
  );
  const store = openStore(paths.database);
  const later = Date.now() + 86_400_000;
  store.tasks.insert({
    id: 'report01',
    name: `Report${CLIPBOARD}`,
    prompt: 'Write the report',
    cron: null,
    runAt: later,
    timeZone: 'UTC',
    nextRunAt: later,
    allowlist: [],
    enabled: true,
    createdBy: 'chat',
    createdAt: Date.now(),
  });
  store.close();
  model = await startModelServer();
  model.fallback({ content: `All quiet.${CLIPBOARD} Done.` });
  served = await startServe(['--port', '0', '--no-wechat', '--home', home], {
    IAS_LLM_BASE_URL: model.url,
    IAS_LLM_MODEL: 'test-model',
    IAS_LLM_API_KEY: 'test-key',
  });

  const attempt = await openSocket(`${served.origin.replace('http', 'ws')}/ws`, { origin: served.origin }, [
    ...wsProtocols(served.token),
  ]);
  if (!('socket' in attempt)) throw new Error(`the socket was refused (${attempt.status})`);
  socket = attempt.socket;
  expect((await socket.call('runTaskNow', 'report01')).error).toBeUndefined();
  await socket.event((e) => e.type === 'notification' && e.task?.id === 'report01', 60_000);
  await until(() => served!.stderr().includes('All quiet.'));

  const stderr = served.stderr();
  expect(stderr).not.toContain('\u001b');
  expect(stderr).not.toContain('\u0007');
  // The skipped skill, where it is and what it wrote.
  expect(stderr).toContain(path.join(paths.userSkills, 'clipboard', 'SKILL.md'));
  expect(stderr).toContain('unknown risk level "\\u001b]52;c;cm0gLXJmIH4=\\u0007"');
  // The task's result, under its name.
  expect(stderr).toContain(
    '[⏰ Report\\u001b]52;c;cm0gLXJmIH4=\\u0007] All quiet.\\u001b]52;c;cm0gLXJmIH4=\\u0007 Done.',
  );
});
