import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsApi } from '../../src/core/api/settings-api.js';
import { openRuntime } from '../../src/core/runtime.js';
import type { Language } from '../../src/shared/contract.js';
import {
  chatWorld,
  jsonOnScreen,
  mailGoingOnInTheBackground,
  refuseToolResult,
  type ChatWorld,
} from '../helpers/chat-world.js';
import { iasAsync } from '../helpers/cli.js';
import { CTRL_C, CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

const CHINESE = { LANG: 'zh_CN.UTF-8' };
const NO_MODEL = { IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '', IAS_LLM_API_KEY: '' };

/** Picks the language in the settings, as the app's Settings page saves it. */
async function chooseLanguage(w: ChatWorld, language: Language): Promise<void> {
  const runtime = await openRuntime({ home: w.home, systemSkills: path.join(w.home, 'system') });
  await settingsApi(runtime).saveSettings({ language });
  await runtime.close();
}

describe('ias chat in the owner’s language', () => {
  it('with LANG=zh_CN.UTF-8 its own lines, retries, notices and the way back read in 简体中文', async () => {
    const w = await chatWorld();
    w.server.enqueue(
      { status: 429, errorMessage: 'Rate limit reached', headers: { 'retry-after': '0' } },
      { refuses: ['tools'], content: 'unused' },
      { content: '好的。' },
    );
    const run = await iasAsync(['chat', '你好', ...w.args], { ...w.env, ...CHINESE });
    expect(run).toMatchObject({ status: 0, stdout: '好的。\n' });
    expect(run.stderr).toMatch(
      /模型服务正在限制请求频率（429）。服务器返回：Rate limit reached[^\n]* [\d.]+ 秒后重试…/,
    );
    expect(run.stderr).toContain('模型 test-model 不能使用工具，所以它会不借助技能直接回答。');
    expect(run.stderr).toMatch(/\[要继续这个对话：ias chat --conversation [\w-]+\]/);
    expect(run.stderr).not.toMatch(/Retrying|cannot use tools|to go on with/);
  });

  it('a call’s status reads in 简体中文 after its line, and in English with LANG=C', async () => {
    const w = await chatWorld();
    const calls = {
      toolCalls: [
        { name: 'echo_back', arguments: '{"text":"ping"}' },
        { name: 'no_such_skill', arguments: '{}' },
      ],
    };
    w.server.enqueue(calls, { content: '好了。' });
    const run = await iasAsync(['chat', 'say ping', ...w.args], { ...w.env, ...CHINESE });
    expect(run).toMatchObject({ status: 0, stdout: '好了。\n' });
    expect(run.stderr).toContain('[echo_back：完成]\n');
    expect(run.stderr).toContain('[no_such_skill：失败]\n');
    expect(run.stderr).not.toMatch(/: done\]|: error\]/);
    w.server.enqueue(calls, { content: 'Done.' });
    const english = await iasAsync(['chat', 'say ping', ...w.args], { ...w.env, LANG: 'C' });
    expect(english.stderr).toContain('[echo_back: done]\n');
    expect(english.stderr).toContain('[no_such_skill: error]\n');
  });

  it('--json keeps its keys and statuses; the error and notices inside read in 简体中文', async () => {
    const w = await chatWorld();
    w.server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain.' });
    const run = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...w.env, ...CHINESE });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      conversationId: expect.any(String),
      reply: 'Plain.',
      rounds: 0,
      toolCalls: [],
      notices: ['模型 test-model 不能使用工具，所以它会不借助技能直接回答。'],
    });
    w.server.enqueue({ toolCalls: [{ name: 'echo_back', arguments: '{"text":"ping"}' }] }, { status: 401 });
    const failed = await iasAsync(['chat', 'say ping', '--json', ...w.args], { ...w.env, ...CHINESE });
    expect(failed.status).toBe(1);
    const turn = JSON.parse(failed.stdout) as Record<string, unknown>;
    expect(turn).toMatchObject({
      toolCalls: [{ name: 'echo_back', status: 'done', result: { success: true, data: 'echo:ping' } }],
      error: expect.stringMatching(/^模型服务拒绝了 API 密钥（401）。请检查设置中的密钥或 IAS_LLM_API_KEY。/),
    });
    expect(failed.stderr).toMatch(/^错误：模型服务拒绝了 API 密钥（401）/m);
    const none = await iasAsync(['chat', 'hi', '--json', ...w.args], { ...NO_MODEL, ...CHINESE });
    expect(none.status).toBe(1);
    expect(JSON.parse(none.stdout)).toEqual({
      error: expect.stringMatching(/^还没有配置模型。请设置 IAS_LLM_BASE_URL/),
    });
  });

  it('usage errors and a missing model read in 简体中文 too', async () => {
    const w = await chatWorld();
    const noMessage = await iasAsync(['chat', ...w.args], { ...w.env, ...CHINESE });
    expect(noMessage).toMatchObject({
      status: 2,
      stderr:
        '错误：没有要说的话：标准输入是空的。请给出消息（MESSAGE）、用管道传入一条（`echo 你好 | ias chat`），或在终端中运行 `ias chat`\n',
    });
    const blank = await iasAsync(['chat', ' ', ...w.args], { ...w.env, ...CHINESE });
    expect(blank).toMatchObject({
      status: 2,
      stderr: '错误：消息（MESSAGE）是空的：请写下要说的话，或在终端中不带消息运行以交互对话\n',
    });
    const noId = await iasAsync(['chat', 'hi', '--conversation', '', ...w.args], { ...w.env, ...CHINESE });
    expect(noId).toMatchObject({ status: 2, stderr: '错误：--conversation 需要一个对话的 ID\n' });
    const unknown = await iasAsync(['chat', 'hi', '--conversation', 'nope', ...w.args], { ...w.env, ...CHINESE });
    expect(unknown).toMatchObject({ status: 2, stderr: '错误：没有对话 nope\n' });
    const none = await iasAsync(['chat', 'hi', ...w.args], { ...NO_MODEL, ...CHINESE });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^错误：还没有配置模型。请设置 IAS_LLM_BASE_URL/);
    expect(w.server.requests).toHaveLength(0);
  });

  it('a saved key in a file other users can read is said in 简体中文, with the file to make private', async () => {
    const w = await chatWorld();
    const set = ['provider', 'set', '--base-url', w.server.url, '--model', 'test-model', '--key-stdin', ...w.args];
    expect((await iasAsync(set, NO_MODEL, 'sk-SECRET-0644\n')).status).toBe(0);
    const file = path.join(w.home, 'secrets', 'llm-api-key');
    fs.chmodSync(file, 0o644);
    const run = await iasAsync(['chat', 'hi', ...w.args], { ...NO_MODEL, ...CHINESE });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `错误：保存 API 密钥的文件 ${file} 其他用户也能读取（权限 644），因此 iAs 不会使用它。请用 \`chmod 600 ${file}\` 把它设为只有你能读取，或在设置中重新保存密钥。\n`,
    );
    expect(run.stderr).not.toContain('SECRET');
    expect(w.server.requests).toHaveLength(0);
  });

  it('English stays the default with LANG=C; LC_ALL, then LC_MESSAGES, then LANG decide', async () => {
    const w = await chatWorld();
    const english = await iasAsync(['chat', ...w.args], { ...w.env, LANG: 'C' });
    expect(english).toMatchObject({
      status: 2,
      stderr:
        'error: nothing to say: stdin is empty. Give a MESSAGE, pipe one in (`echo hi | ias chat`), or run `ias chat` on a terminal\n',
    });
    const none = await iasAsync(['chat', 'hi', ...w.args], { ...NO_MODEL, LANG: 'C' });
    expect(none.stderr).toMatch(/^error: No model is configured\./);
    const allWins = await iasAsync(['chat', ...w.args], { ...w.env, LC_ALL: 'C', LANG: 'zh_CN.UTF-8' });
    expect(allWins.stderr).toMatch(/^error: nothing to say: stdin is empty/);
    const messages = await iasAsync(['chat', ...w.args], { ...w.env, LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' });
    expect(messages.stderr).toMatch(/^错误：没有要说的话：标准输入是空的/);
  });

  it('the language setting wins over the system’s, either way', async () => {
    const w = await chatWorld();
    await chooseLanguage(w, 'zh-CN');
    w.server.enqueue({ content: 'Hi.' });
    const chinese = await iasAsync(['chat', 'hi', ...w.args], { ...w.env, LANG: 'C' });
    expect(chinese).toMatchObject({ status: 0, stdout: 'Hi.\n' });
    expect(chinese.stderr).toMatch(/^\[要继续这个对话：ias chat --conversation [\w-]+\]\n$/);
    await chooseLanguage(w, 'en');
    const english = await iasAsync(['chat', 'hi', ...w.args], { ...NO_MODEL, ...CHINESE });
    expect(english.stderr).toMatch(/^error: No model is configured\./);
    await chooseLanguage(w, 'system');
    const system = await iasAsync(['chat', 'hi', ...w.args], { ...NO_MODEL, ...CHINESE });
    expect(system.stderr).toMatch(/^错误：还没有配置模型。/);
  });
});

describe('ias chat on a terminal in 简体中文', () => {
  it('asks in Chinese; the approval keeps the gate’s words and the model gets the seed’s', async () => {
    const w = await chatWorld();
    await chooseLanguage(w, 'zh-CN');
    w.server.enqueue(
      { toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss"}' }] },
      { content: 'Not sent.' },
      { content: `First words. ${'and more '.repeat(200)}THE END`, chunkDelayMs: 100 },
    );
    const term = iasOnTerminal(['chat', ...w.args], { ...w.env, LANG: 'C' });
    await term.waitFor('我> ');
    expect(term.screen()).toContain('iAs — 输入消息后回车；/help 列出命令；/exit 退出；Ctrl-C 停止回复。');
    term.type('mail the boss\r');
    await term.waitFor('运行 send_mail？[y/N] ');
    expect(term.screen()).toContain('【iAs 需要你的确认 · approval needed】');
    expect(term.screen()).toContain('Approve or reject it in iAs within 5 minutes.');
    term.type('n\r');
    await term.waitFor('[send_mail：已拒绝]');
    await term.waitFor('Not sent.');
    await term.waitFor('我> ', 2);
    term.type('tell me a long story\r');
    await term.waitFor('First words.');
    term.type(CTRL_C);
    await term.waitFor('[已停止]');
    await term.waitFor('我> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(/\[要继续这个对话：ias chat --conversation [\w-]+\]/);
    expect(term.screen()).not.toMatch(/you> |Run send_mail|\[stopped\]/);
    // The refusal the model reads is the gate's own, whatever the terminal's language.
    const told = (w.server.requests[1]!.body.messages as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    );
    expect(told!.content).toContain('用户拒绝了你的调用：send_mail');
    expect(JSON.stringify(w.server.requests.map((r) => r.body.messages))).not.toMatch(/运行 send_mail|已拒绝|已停止/);
  });

  it('/help and an unknown /word are answered in 简体中文, and nothing is sent to the model', async () => {
    const w = await chatWorld();
    const term = iasOnTerminal(['chat', ...w.args], { ...w.env, ...CHINESE });
    await term.waitFor('我> ');
    term.type('/help\r');
    await term.waitFor('我> ', 2);
    expect(term.screen()).toContain('命令（一行只有一个以 / 开头的词）：');
    expect(term.screen()).toContain('  /exit   退出（也可用 /quit 或 Ctrl-D）');
    term.type('/帮助\r');
    await term.waitFor('我> ', 3);
    expect(term.screen()).toContain('[没有命令 /帮助：/help 列出所有命令；没有发送任何内容]');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(w.server.requests).toHaveLength(0);
  });

  it('a turn that failed in iAs reads the same on a terminal as in one turn, in 简体中文 and in English', async () => {
    const w = await chatWorld();
    refuseToolResult(w.home, 'echo:fail');
    const failing = { toolCalls: [{ name: 'echo_back', arguments: '{"text":"fail"}' }] };
    const lines = {
      chinese: '错误：本轮在 iAs 内部出错，没有完成。详情：the disk is full',
      english: 'error: This turn failed in iAs and was not finished: the disk is full',
    };
    for (const [language, env] of [
      ['chinese', CHINESE],
      ['english', { LANG: 'C' }],
    ] as const) {
      w.server.enqueue(failing);
      const one = await iasAsync(['chat', 'say fail', ...w.args], { ...w.env, ...env });
      expect(one.status).toBe(1);
      expect(one.stderr).toContain(`${lines[language]}\n`);
      w.server.enqueue(failing);
      const term = iasOnTerminal(['chat', ...w.args], { ...w.env, ...env });
      const prompt = language === 'chinese' ? '我> ' : 'you> ';
      await term.waitFor(prompt);
      term.type('say fail\r');
      await term.waitFor(prompt, 2);
      term.type(CTRL_D);
      expect(await term.exited).toBe(0);
      expect(term.screen()).toContain(lines[language]);
      expect(term.screen()).not.toMatch(/(error: |错误：)the disk is full/);
    }
  }, 30_000);

  it('Ctrl-C at a background call’s approval says it declined, and how the call ended', async () => {
    const w = await chatWorld();
    mailGoingOnInTheBackground(w.server);
    const term = iasOnTerminal(['chat', ...w.args], { ...w.env, ...CHINESE });
    await term.waitFor('我> ');
    term.type('mail the boss\r');
    await term.waitFor('It goes on in the background.');
    // The approval still waits: its question, not the chat's prompt, is drawn again after the reply.
    await term.waitFor('运行 send_mail？[y/N]', 2);
    expect(term.screen()).toContain('[send_mail：后台运行]');
    term.type(CTRL_C);
    await term.waitFor('[send_mail 已在后台结束：已拒绝]');
    expect(term.screen()).toContain('[已拒绝]');
    expect(term.screen()).not.toMatch(/: background\]|：refused\]/);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(fs.existsSync(path.join(w.home, 'sent'))).toBe(false);
  }, 30_000);

  it('one turn: waiting for a call in the background is said in Chinese; --json stays as it is', async () => {
    const w = await chatWorld();
    mailGoingOnInTheBackground(w.server);
    const term = iasOnTerminal(['chat', 'mail the boss', '--json', ...w.args], { ...w.env, ...CHINESE });
    await term.waitFor('[正在等待 1 个仍在后台运行的调用；按 Ctrl-C 停止]');
    await term.waitFor('运行 send_mail？[y/N]', 2);
    term.type(CTRL_C);
    expect(await term.exited).toBe(0);
    const json = jsonOnScreen(term.screen()) as { toolCalls: { status: string }[]; background: unknown[] };
    expect(json.toolCalls.map((c) => c.status)).toEqual(['background']);
    expect(json.background).toEqual([{ name: 'send_mail', status: 'refused', result: expect.anything() }]);
  }, 30_000);
});
