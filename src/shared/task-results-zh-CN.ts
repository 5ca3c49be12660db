/**
 * How each scheduled run's result (see task-results.ts) reads in 简体中文: what the UI in Chinese
 * shows, and WeChat sends a Chinese-speaking owner. Plain functions: no Node, no DOM.
 */
import { iasNote } from './ias-note.js';
import type { TaskResultStrings } from './task-results.js';
import { englishTurnMessages, sayTurnLine } from './turn-messages.js';
import { chineseTurnMessages } from './turn-messages-zh-CN.js';

export const chineseTaskResults: TaskResultStrings = {
  'run-failed': (p, english) => sayTurnLine(chineseTurnMessages, english, p.line),
  'run-interrupted': (p) => `iAs 在这次运行结束前停止了。${p.said ? `\n\n${p.said}` : ''}`,
  'run-not-started': (p) =>
    `任务没能运行。详情：${p.line ? sayTurnLine(chineseTurnMessages, p.detail, p.line) : p.detail}`,
  'run-answered': (p) =>
    `${p.reply || '（没有回复）'}${p.notices
      .map(
        (n) => `\n\n${iasNote('zh-CN', sayTurnLine(chineseTurnMessages, sayTurnLine(englishTurnMessages, '', n), n))}`,
      )
      .join('')}`,
  'schedule-unusable': (p) =>
    `这个任务保存的时间安排在这里无法使用，所以 iAs 暂停了它：${p.detail}。请为它设定新的时间安排。`,
};
