/** A tool call's error, said by its code in the UI's language; the model's English as it stands. */
import { describe, expect, it } from 'vitest';
import { englishCallErrors } from '../../src/shared/call-errors.js';
import { chineseCallErrors } from '../../src/shared/call-errors-zh-CN.js';
import { pausedForModel } from '../../src/shared/refusals-for-model.js';
import { englishToolErrors, sayToolError, toolErrorText } from '../../src/shared/tool-errors.js';
import { chineseToolErrors } from '../../src/shared/tool-errors-zh-CN.js';

describe('a tool call’s error', () => {
  it('tells the model the English, and says it in Chinese by its code', () => {
    const unknown = toolErrorText('tool-unknown', { name: 'nope', findable: true });
    expect(unknown.message).toBe('unknown tool "nope"; nothing was run. Use find_skills to look for other skills.');
    expect(sayToolError(chineseToolErrors, chineseCallErrors, unknown.message, unknown.code)).toBe(
      '没有名为“nope”的工具；没有运行任何东西。模型可以用 find_skills 查找其他技能。',
    );
    expect(sayToolError(englishToolErrors, englishCallErrors, unknown.message, unknown.code)).toBe(unknown.message);
  });

  it('a refusal of the gate by its call error code; without a code, what the model was told', () => {
    const told = pausedForModel('send_mail');
    expect(sayToolError(chineseToolErrors, chineseCallErrors, told, { code: 'call-paused' })).toBe(
      '未执行：高风险技能已暂停。',
    );
    expect(sayToolError(chineseToolErrors, chineseCallErrors, told, undefined)).toBe(told);
  });
});
