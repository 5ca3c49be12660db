/** `echo hi | ias chat`: without a MESSAGE and a terminal, what is piped in is the one message. */
import { describe, expect, it } from 'vitest';
import { chatWorld } from '../helpers/chat-world.js';
import { iasAsync, iasProcess } from '../helpers/cli.js';

type Sent = { role: string; content: string }[];

const NO_MODEL = { IAS_LLM_BASE_URL: '', IAS_LLM_MODEL: '', IAS_LLM_API_KEY: '' };
const CHINESE = { LANG: 'zh_CN.UTF-8' };

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
});
