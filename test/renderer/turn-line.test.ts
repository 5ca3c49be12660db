import { describe, expect, it } from 'vitest';
import { turnLine } from '../../src/renderer/chat/turn-line.js';
import {
  applyEvent,
  fromMessages,
  settleOrphans,
  type AssistantItem,
  type Part,
} from '../../src/renderer/chat/transcript.js';
import { en } from '../../src/renderer/i18n/en.js';
import { zhCN } from '../../src/renderer/i18n/zh-CN.js';
import type { ChatMessage, MessageCode } from '../../src/shared/contract.js';

/** As the core says a refused key: the English, and its code with the server's words. */
const REFUSED =
  'The model server refused the API key (401). Check the key in the settings or IAS_LLM_API_KEY. Incorrect API key provided.';
const REFUSED_CODE: MessageCode = {
  code: 'api-key-refused',
  params: { status: '401', detail: 'Incorrect API key provided.' },
};
const REFUSED_ZH =
  '模型服务拒绝了 API 密钥（401）。请检查设置中的密钥或 IAS_LLM_API_KEY。服务器返回：Incorrect API key provided.';

const message = (id: number, rest: Omit<ChatMessage, 'id' | 'createdAt'>): ChatMessage => ({
  id,
  createdAt: id,
  ...rest,
});

const live = (): AssistantItem => ({ kind: 'assistant', key: 'k', createdAt: 0, parts: [], reasoning: '', live: true });

/** The lines of a block as the chat shows them in a language. */
const shown = (item: AssistantItem, t: typeof en) =>
  item.parts.flatMap((p: Part) =>
    p.type === 'notice' || p.type === 'error' ? [turnLine(t, p.text, p.messageCode)] : [],
  );

describe('a line about how a turn went, in the UI’s language', () => {
  it('a stored failure with its code reads in 简体中文 and in English, the server’s words as they came', () => {
    const [, block] = fromMessages([
      message(1, { role: 'user', content: 'hi' }),
      message(2, { role: 'system', content: REFUSED, shown: 'error', shownCode: REFUSED_CODE }),
    ]);
    expect(shown(block as AssistantItem, zhCN)).toEqual([REFUSED_ZH]);
    expect(shown(block as AssistantItem, en)).toEqual([REFUSED]);
  });

  it('a live failure, notice and retry with their codes read in 简体中文 and in English', () => {
    let item = applyEvent(live(), {
      kind: 'notice',
      message: 'The model m cannot use tools, so it answers without skills.',
      messageCode: { code: 'model-without-tools', params: { model: 'm' } },
    });
    item = applyEvent(item, {
      kind: 'retry',
      message: 'The model server is rate-limiting requests (429). Slow down.',
      delayMs: 1000,
      messageCode: { code: 'rate-limited', params: { status: '429', detail: 'Slow down.' } },
    });
    expect(zhCN.chat.retrying(turnLine(zhCN, item.retry!.message, item.retry!.messageCode))).toBe(
      '模型服务正在限制请求频率（429）。服务器返回：Slow down. 正在重试…',
    );
    item = applyEvent(item, { kind: 'error', message: REFUSED, messageCode: REFUSED_CODE });
    item = applyEvent(item, { kind: 'done', reply: '', rounds: 0, error: REFUSED, errorCode: REFUSED_CODE });
    expect(shown(item, zhCN)).toEqual(['模型 m 不能使用工具，所以它会不借助技能直接回答。', REFUSED_ZH]);
    expect(shown(item, en)).toEqual(['The model m cannot use tools, so it answers without skills.', REFUSED]);
  });

  it('a failure only the done event tells (no model configured) reads in 简体中文', () => {
    const item = applyEvent(live(), {
      kind: 'done',
      reply: '',
      rounds: 0,
      error: 'No model is configured. …',
      errorCode: { code: 'no-model-configured', params: {} },
    });
    expect(shown(item, zhCN)).toEqual([expect.stringMatching(/^还没有配置模型。/)]);
  });

  it('a turn that failed in iAs, and one cut off when iAs stopped, read as stored, in 简体中文 and in English', () => {
    const failed = 'This turn failed in iAs and was not finished: the disk is full';
    const cutOff = 'This turn was cut off: iAs stopped before it ended.';
    // As the core stores them (see test/core/agent/turn-failure and cut-off-turns): after the
    // owner's message, and after the tool call a turn was waiting for.
    const items = settleOrphans(
      fromMessages([
        message(1, { role: 'user', content: 'say ping' }),
        message(2, {
          role: 'system',
          content: failed,
          shown: 'error',
          shownCode: { code: 'turn-failed', params: { detail: 'the disk is full' } },
        }),
        message(3, { role: 'user', content: 'make the slow report' }),
        message(4, {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }],
        }),
        message(5, {
          role: 'system',
          content: cutOff,
          shown: 'error',
          shownCode: { code: 'turn-cut-off', params: {} },
        }),
      ]),
    );
    const blocks = items.filter((item): item is AssistantItem => item.kind === 'assistant');
    expect(blocks.map((b) => shown(b, zhCN))).toEqual([
      ['本轮在 iAs 内部出错，没有完成。详情：the disk is full'],
      ['本轮被中断了：iAs 在它结束之前停止了运行。'],
    ]);
    expect(blocks.map((b) => shown(b, en))).toEqual([[failed], [cutOff]]);
    expect(blocks[1]!.parts.map((p) => (p.type === 'tool' ? p.tool.status : p.type))).toEqual(['error', 'error']);
    // Live, the failure comes as an error event before the turn's end: shown once.
    let failing = applyEvent(live(), {
      kind: 'error',
      message: failed,
      messageCode: { code: 'turn-failed', params: { detail: 'the disk is full' } },
    });
    failing = applyEvent(failing, { kind: 'done', reply: '', rounds: 0, error: 'the disk is full' });
    expect(shown(failing, zhCN)).toEqual(['本轮在 iAs 内部出错，没有完成。详情：the disk is full']);
  });

  it('a connection test’s answer reads in 简体中文', () => {
    const answered: MessageCode = { code: 'model-answered', params: { model: 'm', baseUrl: 'http://h/v1' } };
    expect(turnLine(zhCN, 'm at http://h/v1 answered.', answered)).toBe('http://h/v1 上的 m 已应答。');
    expect(turnLine(en, 'm at http://h/v1 answered.', answered)).toBe('m at http://h/v1 answered.');
  });

  it('a line without a code, or with one this UI does not know, stays in the English that came with it', () => {
    const item = applyEvent(applyEvent(live(), { kind: 'error', message: 'Old server words.' }), {
      kind: 'notice',
      message: 'A newer notice.',
      messageCode: { code: 'from-a-newer-server', params: {} } as unknown as MessageCode,
    });
    expect(shown(item, zhCN)).toEqual(['Old server words.', 'A newer notice.']);
    const [, block] = fromMessages([
      message(1, { role: 'user', content: 'hi' }),
      message(2, { role: 'system', content: 'An older line.', shown: 'error' }),
    ]);
    expect(shown(block as AssistantItem, zhCN)).toEqual(['An older line.']);
  });
});
