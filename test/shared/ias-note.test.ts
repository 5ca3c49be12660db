/**
 * iAs's note under a reply (how the turn was answered) reads the same wherever the owner sees it:
 * in a WeChat chat's reply and in a scheduled run's result, in English and in Chinese.
 */
import { describe, expect, it } from 'vitest';
import { answeredReply } from '../../src/core/channels/wechat-replies.js';
import { codeOf, turnMessage } from '../../src/core/agent/turn-messages.js';
import { englishTaskResults, sayTaskResult } from '../../src/shared/task-results.js';
import { chineseTaskResults } from '../../src/shared/task-results-zh-CN.js';

describe('iAs’s note under a reply', () => {
  const noTools = turnMessage('model-without-tools', { model: 'tiny' });
  const run = (results: typeof englishTaskResults): string =>
    sayTaskResult(results, `Sunny.\n\n[iAs: ${noTools.message}]`, {
      code: 'run-answered',
      params: { reply: 'Sunny.', notices: [codeOf(noTools)] },
    });
  const chat = (locale: 'en' | 'zh-CN'): string =>
    answeredReply(locale, { reply: 'Sunny.', notices: [noTools.message], noticeCodes: [codeOf(noTools)] }).text;

  it('in Chinese: one form, with the full-width colon, in a WeChat chat and in a run’s result', () => {
    const zh = '[iAs：模型 tiny 不能使用工具，所以它会不借助技能直接回答。]';
    expect(chat('zh-CN')).toBe(`Sunny.\n\n${zh}`);
    expect(run(chineseTaskResults)).toBe(`Sunny.\n\n${zh}`);
  });

  it('in English: "[iAs: …]" in both', () => {
    expect(chat('en')).toBe(`Sunny.\n\n[iAs: ${noTools.message}]`);
    expect(run(englishTaskResults)).toBe(`Sunny.\n\n[iAs: ${noTools.message}]`);
  });
});
