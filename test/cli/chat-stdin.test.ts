/** `echo hi | ias chat`: without a MESSAGE and a terminal, what is piped in is the one message. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { chatWorld, type ChatWorld } from '../helpers/chat-world.js';
import { iasAsync, iasProcess } from '../helpers/cli.js';

type Sent = { role: string; content: string }[];

const NO_MODEL = { IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '', IAS_LLM_API_KEY: '' };
const CHINESE = { LANG: 'zh_CN.UTF-8' };

/** The conversations stored in the chat's data folder. */
function storedConversations(s: ChatWorld): number {
  const store = openStore(path.join(s.home, 'ias.db'));
  try {
    return store.conversations.list().length;
  } finally {
    store.close();
  }
}

describe('ias chat with its message piped in', () => {
  it('sends the whole of stdin as one message and runs one turn, its indentation kept', async () => {
    const s = await chatWorld();
    s.server.enqueue({ content: 'It is noon.' });
    const run = await iasAsync(['chat', ...s.args], s.env, 'what time is it?\n');
    expect(run).toMatchObject({ status: 0, stdout: 'It is noon.\n' });
    expect(run.stderr).toMatch(/^\[to go on with this conversation: ias chat --conversation [\w-]+\]\n$/);
    const sent = s.server.requests[0]!.body.messages as Sent;
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'what time is it?' });

    s.server.enqueue({ content: 'Two lines.' });
    const block = await iasAsync(['chat', ...s.args], s.env, '\r\n\nsum these:\r\n  1\n  2\n\n');
    expect(block).toMatchObject({ status: 0, stdout: 'Two lines.\n' });
    expect((s.server.requests[1]!.body.messages as Sent).at(-1)!.content).toBe('sum these:\n  1\n  2');
    expect(s.server.requests).toHaveLength(2);
  });

  it('a text piped in with a byte order mark (UTF-16 as Notepad or PowerShell 5 save it, or UTF-8) is sent as the text it is', async () => {
    const s = await chatWorld();
    const text = '你好，\r\n  iAs\r\n';
    const utf16 = Buffer.from(text, 'utf16le');
    const piped = {
      'UTF-16LE': Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]),
      'UTF-16BE': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16).swap16()]),
      'UTF-8': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    };
    for (const [encoding, bytes] of Object.entries(piped)) {
      s.server.enqueue({ content: 'Read.' });
      const { child, run } = iasProcess(['chat', ...s.args], s.env, null);
      // In two writes, the first one byte alone: the mark is read whole however the bytes come.
      child.stdin!.write(bytes.subarray(0, 1));
      child.stdin!.end(bytes.subarray(1));
      expect(await run, encoding).toMatchObject({ status: 0, stdout: 'Read.\n' });
      expect((s.server.requests.at(-1)!.body.messages as Sent).at(-1)!.content, encoding).toBe('你好，\n  iAs');
    }
  });

  it('--json prints the turn piped in, with --conversation too', async () => {
    const s = await chatWorld();
    s.server.enqueue(
      { toolCalls: [{ name: 'echo_back', arguments: '{"text":"ping"}' }] },
      { content: 'It said echo:ping.' },
    );
    const run = await iasAsync(['chat', '--json', ...s.args], s.env, 'say ping');
    expect(run.status, run.stderr).toBe(0);
    const turn = JSON.parse(run.stdout) as { conversationId: string; reply: string };
    expect(turn).toMatchObject({ reply: 'It said echo:ping.', toolCalls: [{ name: 'echo_back', status: 'done' }] });

    s.server.enqueue({ content: 'Still here.' });
    const next = await iasAsync(['chat', '--conversation', turn.conversationId, '--json', ...s.args], s.env, 'again');
    expect(JSON.parse(next.stdout)).toMatchObject({ conversationId: turn.conversationId, reply: 'Still here.' });
    expect(
      (s.server.requests[2]!.body.messages as Sent).filter((m) => m.role === 'user').map((m) => m.content),
    ).toEqual(['say ping', 'again']);
  });

  it('a MESSAGE given is the message: what is piped in is left unread', async () => {
    const s = await chatWorld();
    s.server.enqueue({ content: 'Hi.' });
    expect(await iasAsync(['chat', 'hello', ...s.args], s.env, 'not this')).toMatchObject({
      status: 0,
      stdout: 'Hi.\n',
    });
    expect((s.server.requests[0]!.body.messages as Sent).at(-1)!.content).toBe('hello');
  });

  it('nothing but white space piped in is a usage error, in English and in 简体中文: nothing is sent', async () => {
    const s = await chatWorld();
    const english =
      'error: nothing to say: stdin is empty. Give a MESSAGE, pipe one in (`echo hi | ias chat`), or run `ias chat` on a terminal\n';
    for (const input of ['', ' \n\t\n']) {
      for (const json of [[], ['--json']]) {
        const run = await iasAsync(['chat', ...json, ...s.args], s.env, input);
        expect(run, JSON.stringify([input, ...json])).toEqual({ status: 2, stdout: '', stderr: english });
      }
    }
    const chinese = await iasAsync(['chat', ...s.args], { ...s.env, LANG: 'zh_CN.UTF-8' }, '\n');
    expect(chinese).toEqual({
      status: 2,
      stdout: '',
      stderr:
        '错误：没有要说的话：标准输入是空的。请给出消息（MESSAGE）、用管道传入一条（`echo 你好 | ias chat`），或在终端中运行 `ias chat`\n',
    });
    expect(s.server.requests).toHaveLength(0);
  });

  it('a usage error is said at once, while stdin is still open: nothing of it is waited for', async () => {
    const s = await chatWorld();
    const said = async (args: string[], env: Record<string, string> = s.env) => {
      // Piped, and never ended by its writer (ended once the test is over).
      const { child, run } = iasProcess(['chat', ...args, ...s.args], env, null);
      child.stdin!.write('hello, are you ');
      return run;
    };
    expect(await said(['--conversation', 'nope'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: no conversation nope\n',
    });
    expect(await said(['--conversation', ' '], { ...s.env, ...CHINESE })).toEqual({
      status: 2,
      stdout: '',
      stderr: '错误：--conversation 需要一个对话的 ID\n',
    });
    // No model to ask: said before the message is read, as on a terminal before its prompt.
    const none = await said(['--json'], NO_MODEL);
    expect(none.status).toBe(1);
    expect(JSON.parse(none.stdout)).toEqual({ error: expect.stringMatching(/^No model is configured\./) });
    expect(s.server.requests).toHaveLength(0);
  });

  it('past 100,000 characters piped in is a usage error in both languages: reading stops, nothing is stored or sent', async () => {
    const s = await chatWorld();
    const english =
      'error: what came on stdin is longer than a message may be (100,000 characters): reading stopped there, and nothing was sent. Send a shorter text, or split it into several messages\n';
    const tooLong = await iasAsync(['chat', ...s.args], s.env, `${'x'.repeat(100_001)}\n`);
    expect(tooLong).toEqual({ status: 2, stdout: '', stderr: english });
    // An endless stream: the command stops reading past the limit and ends, its writer never done.
    const { child, run } = iasProcess(['chat', '--json', ...s.args], { ...s.env, ...CHINESE }, null);
    child.stdin!.write(`${'line of a log\n'.repeat(20_000)}`);
    expect(await run).toEqual({
      status: 2,
      stdout: '',
      stderr:
        '错误：标准输入传入的内容超过了一条消息的上限（100,000 个字符）：已在那里停止读取，没有发送任何内容。请发送较短的文本，或分成几条发送\n',
    });
    expect(s.server.requests).toHaveLength(0);
    expect(storedConversations(s)).toBe(0);

    // At the limit, it goes: characters are counted as a person does (an emoji is one), white
    // space around the message is not part of it.
    s.server.enqueue({ content: 'Long, but fine.' }, { content: 'Smiles back.' });
    const atLimit = await iasAsync(['chat', ...s.args], s.env, `\n\n${'y'.repeat(100_000)}\n\n\n`);
    expect(atLimit).toMatchObject({ status: 0, stdout: 'Long, but fine.\n' });
    const smiles = '😀'.repeat(100_000);
    expect(await iasAsync(['chat', ...s.args], s.env, smiles)).toMatchObject({ status: 0, stdout: 'Smiles back.\n' });
    const said = s.server.requests.map((r) => (r.body.messages as Sent).at(-1)!.content);
    expect(said).toEqual(['y'.repeat(100_000), smiles]);
  });

  it('a MESSAGE past 100,000 characters is a usage error in both languages, as the app says it', async () => {
    const s = await chatWorld();
    const message = 'z'.repeat(100_001);
    expect(await iasAsync(['chat', message, ...s.args], s.env)).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'error: The message is too long: iAs sends at most 100,000 characters in one message. It was not sent; shorten it, or split it into several messages.\n',
    });
    expect(await iasAsync(['chat', message, '--json', ...s.args], { ...s.env, ...CHINESE })).toEqual({
      status: 2,
      stdout: '',
      stderr: '错误：消息太长：iAs 一条消息最多发送 100,000 个字符。这条消息没有发送；请缩短它，或分成几条发送。\n',
    });
    expect(s.server.requests).toHaveLength(0);
    expect(storedConversations(s)).toBe(0);
  });
});
