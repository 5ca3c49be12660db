import { describe, expect, it } from 'vitest';
import { sourceLabel } from '../../src/renderer/audit/source-label.js';
import { en } from '../../src/renderer/i18n/en.js';
import { zhCN } from '../../src/renderer/i18n/zh-CN.js';

describe("an audit row's source", () => {
  it('says when the calls are of a task run the owner asked for now, in both languages', () => {
    const runNow = { source: 'schedule' as const, requestedBy: 'task-ab12cd34/run-now' };
    expect(sourceLabel(en, runNow)).toBe('Schedule · Run now');
    expect(sourceLabel(en, runNow, true)).toBe('Run now');
    expect(sourceLabel(zhCN, runNow)).toBe('定时 · 立即运行');
    expect(sourceLabel(zhCN, runNow, true)).toBe('立即运行');
  });

  it('is the source alone for every other row', () => {
    expect(sourceLabel(en, { source: 'schedule', requestedBy: 'task-ab12cd34' }, true)).toBe('Schedule');
    expect(sourceLabel(en, { source: 'chat', requestedBy: 'a-conversation' })).toBe('Chat');
    expect(sourceLabel(zhCN, { source: 'cli', requestedBy: null })).toBe('命令行');
  });
});
