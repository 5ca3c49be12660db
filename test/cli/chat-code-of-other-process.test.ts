/**
 * The desktop app keeps its approval key in the OS keychain and `ias` in a file, so neither can
 * check the code of the other's approval. A code the owner types into `ias chat` while the app's
 * WeChat approval waits must still never reach the model: any 6 digits are then kept from it.
 */
import { afterEach, expect, it } from 'vitest';
import { iasAsync } from '../helpers/cli.js';
import { otherProcessApproval, type GateWorld } from '../helpers/gate.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';

let world: GateWorld | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  world?.close();
  await model?.close();
  world = model = undefined;
});

it("a code of another process's approval typed into ias chat never reaches the model", async () => {
  // "The app": a gate on the data folder with a key `ias` cannot read, and a WeChat approval waiting.
  const { world: w, call, code } = await otherProcessApproval();
  world = w;

  model = await startModelServer();
  model.fallback({ content: 'Hello there.' });
  const env = { IAS_LLM_BASE_URL: model.url, IAS_LLM_API_KEY: 'sk-test-123', IAS_LLM_MODEL: 'test-model' };
  const chat = (text: string) => iasAsync(['chat', text, '--home', w.home, '--system-skills', w.system], env);

  // Alone, among words, typed in groups: kept from the model, saying why.
  for (const text of [code, `my code is ${code}, go`, `${code.slice(0, 3)} ${code.slice(3)}`]) {
    const run = await chat(text);
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('may be its code, so it was not sent to the model');
  }
  expect(model.requests).toHaveLength(0);
  // Words without 6 digits go to the model as ever.
  const hello = await chat('hello');
  expect(hello.stdout).toContain('Hello there.');
  expect(model.requests).toHaveLength(1);
  expect(JSON.stringify(model.requests)).not.toContain(code);

  // The approval itself is untouched: the code, replied in WeChat, runs the call.
  w.wechat.reply(code);
  expect((await call).status).toBe('done');
  expect(w.runs('send_mail')).toEqual(['{"to":"boss"}']);
}, 60_000);
