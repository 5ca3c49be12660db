/**
 * What the desktop's native notification says of an approval message: its words table in both
 * languages, built from the message's code alone, so that no approval code can ever be in it.
 */
import { describe, expect, it } from 'vitest';
import { decidedText, requestCode, requestTexts } from '../../src/core/approval/messages.js';
import type { ApprovalMessageCode, ApprovalMessageName } from '../../src/shared/approval-messages.js';
import { approvalMessages, approvalNotification } from '../../src/shared/approval-notice.js';
import type { Locale } from '../../src/shared/locale.js';

const LOCALES: Locale[] = ['en', 'zh-CN'];
const HAN = /\p{Script=Han}/u;
/** Every message the gate says (this list does not compile once one is missing). */
const NAMES = Object.keys({
  'approval-needed': true,
  'approval-approved': true,
  'approval-rejected': true,
  'approval-cancelled': true,
  'approval-expired': true,
} satisfies Record<ApprovalMessageName, true>) as ApprovalMessageName[];

describe("an approval's native notification", () => {
  it('every message has words of its own in both languages, each in one language', () => {
    for (const locale of LOCALES) expect(Object.keys(approvalMessages[locale]).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES.filter((n) => n !== 'approval-needed')) {
      const message = { code: name, params: { skill: 'send_mail' } } as ApprovalMessageCode;
      const english = approvalNotification('en', message);
      const chinese = approvalNotification('zh-CN', message);
      expect(english.title).toContain('send_mail');
      expect(english.title).not.toMatch(HAN);
      expect(chinese.title).toMatch(/^已.*send_mail[^a-z]*$/);
    }
  });

  it('never holds the code, even where the text sent along holds one', () => {
    const request = {
      skill: 'send_mail',
      title: 'Sends mail',
      params: { to: 'boss@example.com', body: 'see you at 10' },
      code: '482913',
      from: { kind: 'task' as const, title: 'Morning mail' },
      origin: 'user-override-unreviewed' as const,
    };
    // The text WeChat gets holds the code; the message's code never does.
    const [text] = requestTexts(request, { split: false });
    expect(text).toContain('482913');
    const message = requestCode(request, 'a1b2c3d4-0000-4000-8000-000000000001', 'wechat');
    expect(JSON.stringify(message)).not.toContain('482913');
    for (const locale of LOCALES) {
      const notice = approvalNotification(locale, message);
      expect(notice.title).toBe(locale === 'en' ? 'Approval needed' : '需要你的确认');
      expect(notice.body).toContain('to: boss@example.com');
      expect(notice.body).toContain('Morning mail');
      expect(JSON.stringify(notice)).not.toContain('482913');
      // With no code, or one it does not know, it says to open iAs: never the text that came.
      for (const unknown of [undefined, { code: 'approval-someday', params: {} } as unknown as ApprovalMessageCode]) {
        const plain = approvalNotification(locale, unknown);
        expect(plain.title).toBe('iAs');
        expect(plain.body).toMatch(locale === 'en' ? /^Open iAs/ : /打开 iAs/);
        expect(JSON.stringify(plain)).not.toMatch(/\d{6}/);
      }
    }
    // A decided approval: its words from the code, in each language.
    const [, approved] = decidedText('approved', 'send_mail');
    expect(approvalNotification('en', approved).title).toBe('Approved, running send_mail.');
    expect(approvalNotification('zh-CN', approved).title).toBe('已确认，正在执行：send_mail。');
  });
});
