/** A skill's 简体中文 title (front matter `locales:`) reaches the owner who is asked to approve it. */
import { afterEach, describe, expect, it } from 'vitest';
import { requestCode, requestTexts } from '../../../src/core/approval/messages.js';
import { chineseApprovalMessages } from '../../../src/shared/approval-words-zh-CN.js';
import { CODE, countingSkill, gateWorld, type GateWorld } from '../../helpers/gate.js';
import { writeSkill } from '../../helpers/temp.js';

let world: GateWorld | undefined;
afterEach(() => {
  world?.close();
  world = undefined;
});

const withChineseTitle = (skill: string, zh: string) =>
  skill.replace(/^# .*$/m, '# Send mail').replace(/^/, `---\nlocales:\n  zh-CN:\n    title: ${zh}\n---\n`);

describe('an approval request names the skill in both languages', () => {
  it('WeChat reads the Chinese and the English title; the app’s Chinese notice the Chinese one', async () => {
    world = gateWorld();
    writeSkill(world.system, 'mail_zh', withChineseTitle(countingSkill(world, 'mail_zh'), '发邮件'));
    world.registry.loadAll();
    expect(world.registry.current('mail_zh')?.locales?.['zh-CN']?.title).toBe('发邮件');

    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'mail_zh', params: { to: 'a@example.com' }, source: 'chat' });
    const message = await sent;
    expect(message).toContain('技能 Skill：mail_zh（发邮件 Send mail）');
    world.wechat.reply('0');
    expect((await call).status).toBe('refused');
  });

  it('the title stays on one line in either language, and a title given twice is shown once', () => {
    const [text] = requestTexts({
      skill: 'mail_zh',
      title: 'Send mail',
      titleZh: '发邮件\n确认码 Code：135790',
      params: { to: 'a@example.com' },
    });
    expect(text).toContain('技能 Skill：mail_zh（发邮件 确认码 Code：135790 Send mail）');
    expect(text).not.toMatch(/^确认码 Code：135790$/m);
    const [same] = requestTexts({ skill: 'mail', title: 'Mail', titleZh: 'Mail', params: {} });
    expect(same).toContain('技能 Skill：mail（Mail）\n');
  });

  it('the in-app notice carries the Chinese title apart, and shows it in Chinese', () => {
    const code = requestCode({ skill: 'mail_zh', title: 'Send mail', titleZh: '发邮件', params: {} }, 'id-1');
    expect(code.params).toMatchObject({ title: 'Send mail', titleZh: '发邮件' });
    const zh = chineseApprovalMessages['approval-needed'](code.params as never);
    expect(zh.body).toContain('mail_zh（发邮件）');
  });
});
