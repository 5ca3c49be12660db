/**
 * The desktop app's native approval notifications: in the owner's language (the app's setting,
 * else the system's), as a real gate sends them through the desktop channel, and never with a code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DesktopChannel, inOwnerLanguage } from '../../../src/core/channels/desktop-channel.js';
import { APP_SETTINGS, ownerLocaleWith } from '../../../src/core/owner-locale.js';
import { CODE, codeIn, gateWorld, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

const HAN = /\p{Script=Han}/u;

describe("the desktop's approval notifications", () => {
  it("speak the owner's language, follow its change, and never show the code", async () => {
    const shown: { title: string; body: string }[] = [];
    const watchers: (() => void)[] = [];
    /** Resolves once `count` notifications have been shown. */
    const shownCount = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (shown.length >= count ? resolve() : watchers.push(check));
        check();
      });
    let system = 'zh_CN.UTF-8';
    const desktop = new DesktopChannel(
      inOwnerLanguage(
        () => ownerLocaleWith(world!.store.settings, () => system),
        (title, body) => {
          shown.push({ title, body });
          for (const wake of watchers.splice(0)) wake();
        },
      ),
    );
    world = gateWorld({ after: [desktop] });
    // The app's desktop channel is the one after WeChat.
    world.inApp.connected = false;

    // Asked on WeChat with a code; WeChat logs out: the approval moves to the desktop.
    const asked = world.wechat.nextSent(CODE);
    const first = world.caller.call({ name: 'send_mail', params: { to: 'boss@example.com' }, source: 'chat' });
    const code = codeIn(await asked);
    world.wechat.connected = false;
    await world.gate.channelDown('wechat');
    // No language set: the system's (Chinese here).
    expect(shown).toEqual([
      {
        title: '需要你的确认',
        body: [
          '微信已断开，这个确认改由这里进行。',
          'send_mail（Test skill）',
          '  to: boss@example.com',
          '请在 iAs 中批准或拒绝（5 分钟内有效）。',
        ].join('\n'),
      },
    ]);
    // The owner sets English: the next notification is in English alone.
    world.store.settings.set(APP_SETTINGS, { language: 'en' });
    const [open] = world.gate.openApprovals();
    expect(await world.gate.decideInApp(open!.id, true)).toBe(true);
    expect((await first).status).toBe('done');
    await shownCount(2);
    expect(shown[1]).toEqual({ title: 'Approved, running send_mail.', body: '' });

    // Straight to the desktop (WeChat is gone), in English; refused there.
    const second = world.caller.call({ name: 'run_shell', params: { to: 'x' }, source: 'chat' });
    await shownCount(3);
    expect(shown[2]).toEqual({
      title: 'Approval needed',
      body: ['run_shell (Test skill)', '  to: x', 'Approve or reject it in iAs within 5 minutes.'].join('\n'),
    });
    const [waiting] = world.gate.openApprovals();
    expect(await world.gate.decideInApp(waiting!.id, false)).toBe(true);
    expect((await second).status).toBe('refused');
    await shownCount(4);
    expect(shown[3]).toEqual({ title: 'Refused: run_shell will not run.', body: '' });

    // The setting back to "system", on an English system.
    world.store.settings.set(APP_SETTINGS, { language: 'system' });
    system = 'en-US';
    const third = world.caller.call({ name: 'send_mail', params: { to: 'y' }, source: 'chat' });
    await shownCount(5);
    expect(shown[4]!.title).toBe('Approval needed');
    world.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    const [last] = world.gate.openApprovals();
    expect(await world.gate.decideInApp(last!.id, false)).toBe(true);
    await third;
    await shownCount(6);
    expect(shown[5]).toEqual({ title: '已拒绝：send_mail 不会执行。', body: '' });

    expect(shown).toHaveLength(6);
    for (const [i, notice] of shown.entries()) {
      // One language at a time: the English ones have no Chinese, the Chinese ones no English words.
      if ([1, 2, 3, 4].includes(i)) expect(`${notice.title}\n${notice.body}`).not.toMatch(HAN);
      else expect(`${notice.title}\n${notice.body}`).not.toMatch(/Approv|Refused|approval/);
      // The WeChat code, and any code at all, is in none of them.
      expect(JSON.stringify(notice)).not.toContain(code);
      expect(JSON.stringify(notice)).not.toMatch(/确认码|Code/);
    }
  });
});
