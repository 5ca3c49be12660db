import { describe, expect, it } from 'vitest';
import { approvalNotice } from '../../src/renderer/approvals/approval-notice.js';
import { en } from '../../src/renderer/i18n/en.js';
import { zhCN } from '../../src/renderer/i18n/zh-CN.js';
import type { ApprovalMessageCode } from '../../src/shared/contract.js';

/** As the desktop channel sends a request moved from WeChat: the bilingual text, and its code. */
const SENT = {
  title: '微信 已断开，这个确认改由这里进行。wechat is not connected; this approval moved here.',
  body: '【iAs 需要你的确认 · approval needed】\n技能 Skill：send_mail（Sends mail）\n参数 Parameters：\n  to: boss@example.com\n请在 iAs 中批准或拒绝（5 分钟内有效）。Approve or reject it in iAs within 5 minutes.',
};
const NEEDED: ApprovalMessageCode = {
  code: 'approval-needed',
  params: {
    approvalId: 'a-1',
    skill: 'send_mail',
    title: 'Sends mail',
    params: '  to: boss@example.com',
    validMinutes: 5,
    movedFrom: 'wechat',
  },
};
const HAN = /\p{Script=Han}/u;

describe('what the approval gate says, in the UI’s language', () => {
  it('a request reads in English alone, or in 简体中文 alone, the parameters as they came', () => {
    const english = approvalNotice(en, SENT, NEEDED);
    expect(english).toEqual({
      title: 'Approval needed',
      body: [
        'WeChat is not connected; this approval moved here.',
        'send_mail (Sends mail)',
        '  to: boss@example.com',
        'Approve or reject it in iAs within 5 minutes.',
      ].join('\n'),
    });
    const chinese = approvalNotice(zhCN, SENT, NEEDED);
    expect(chinese.title).toBe('需要你的确认');
    expect(chinese.body).toContain('微信已断开，这个确认改由这里进行。');
    expect(chinese.body).toContain('  to: boss@example.com');
    expect(chinese.body).not.toMatch(/Approve|approval/);
  });

  it('every outcome, in each language; an unknown code or none shows the text as it came', () => {
    for (const outcome of ['approved', 'rejected', 'cancelled', 'expired'] as const) {
      const code = { code: `approval-${outcome}`, params: { skill: 'send_mail' } } as ApprovalMessageCode;
      const english = approvalNotice(en, { title: '已… Done…' }, code);
      expect(english.title).toContain('send_mail');
      expect(english.title).not.toMatch(HAN);
      expect(approvalNotice(zhCN, { title: '已… Done…' }, code).title).toMatch(/^已.*send_mail[^a-z]*$/);
    }
    const unknown = { code: 'approval-someday', params: { skill: 'x' } } as unknown as ApprovalMessageCode;
    expect(approvalNotice(en, SENT, unknown)).toBe(SENT);
    expect(approvalNotice(zhCN, SENT)).toBe(SENT);
  });
  it('a request made by a scheduled task or in a chat says which, in the UI’s language', () => {
    const task: ApprovalMessageCode = {
      code: 'approval-needed',
      params: {
        approvalId: 'a-2',
        skill: 'execute_shell',
        params: '  command: df -h',
        validMinutes: 5,
        from: { kind: 'task', title: 'Disk report' },
      },
    };
    expect(approvalNotice(en, SENT, task).body).toContain('Asked by the scheduled task “Disk report”');
    expect(approvalNotice(zhCN, SENT, task).body).toContain('来自定时任务“Disk report”');
    const chat: ApprovalMessageCode = {
      code: 'approval-needed',
      params: {
        approvalId: 'a-3',
        skill: 'execute_shell',
        params: '',
        validMinutes: 5,
        from: { kind: 'chat', title: 'free some space' },
      },
    };
    expect(approvalNotice(en, SENT, chat).body).toContain('Asked in the chat “free some space”');
    expect(approvalNotice(zhCN, SENT, chat).body).toContain('来自对话“free some space”');
  });
});
