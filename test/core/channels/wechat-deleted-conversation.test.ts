/**
 * WeChat's turn whose conversation the owner deleted in the app while it ran: the owner is told
 * the conversation was deleted, in their language, not that iAs failed inside.
 */
import { describe, expect, it } from 'vitest';
import { ConversationDeletedError } from '../../../src/core/agent/conversation-deleted.js';
import { thrownReply } from '../../../src/core/channels/wechat-replies.js';

describe('a WeChat turn whose conversation was deleted while it ran', () => {
  it('is said as such, in English and in Chinese', () => {
    const err = new ConversationDeletedError('c1', new Error('FOREIGN KEY constraint failed'));
    const en = thrownReply('en', err).text;
    const zh = thrownReply('zh-CN', err).text;
    expect(en).toContain('This conversation was deleted, so nothing more of it was kept.');
    expect(zh).toContain('这个对话已被删除');
    expect(`${en}\n${zh}`).not.toMatch(/failed in iAs|内部出错|FOREIGN KEY/);
  });
});
