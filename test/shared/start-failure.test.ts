/** What the desktop app's error box says when it cannot start: a title in the OS language, the error's words. */
import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../src/shared/locale.js';
import { startFailure } from '../../src/shared/start-failure.js';
import { ApprovalKeyRefusedError } from '../../src/core/approval/approval-key.js';

describe('the error box of a desktop app that cannot start', () => {
  const err = new Error(
    '/home/me/.config/iAs/secrets/approval-hmac.key can be read by other users (mode 644); make it 0600',
  );

  it('has a short title in the OS language and the error’s own words', () => {
    expect(startFailure(pickLocale(undefined, 'en-US'), err)).toEqual({
      title: 'iAs could not start',
      message: err.message,
    });
    expect(startFailure(pickLocale(undefined, 'zh-CN'), err)).toEqual({ title: 'iAs 无法启动', message: err.message });
    expect(startFailure(pickLocale(undefined, 'zh-TW'), err).title).toBe('iAs 无法启动');
    expect(startFailure(pickLocale(undefined, 'fr'), err).title).toBe('iAs could not start');
  });

  it('is never empty: an error without words says what it was', () => {
    expect(startFailure('en', new TypeError('')).message).toBe('TypeError');
    expect(startFailure('en', 'plain words').message).toBe('plain words');
    expect(startFailure('en', undefined).message).toBe('undefined');
  });

  it('says an approval key refused over its folder in the owner’s language, with the folder and the fix', () => {
    const refused = new ApprovalKeyRefusedError({
      code: 'approval-key-folder-unsafe',
      params: {
        file: '/home/me/.config/iAs/secrets/approval-hmac.key',
        unsafe: { code: 'parent-writable', params: { folder: '/home/me/.config/iAs', mode: '775' } },
      },
    });
    expect(startFailure('en', refused).message).toBe(refused.message);
    expect(startFailure('en', refused).message).toContain('chmod go-w /home/me/.config/iAs');
    expect(startFailure('zh-CN', refused)).toEqual({
      title: 'iAs 无法启动',
      message:
        'iAs 未启动：它的批准密钥文件 /home/me/.config/iAs/secrets/approval-hmac.key 所在的文件夹 /home/me/.config/iAs 可被其他用户修改（权限 775），他们可能把它换成自己知道的密钥，借此算出 iAs 发出的确认码。请用 `chmod go-w /home/me/.config/iAs` 让它只有你能写入。',
    });
    const notOwn = new ApprovalKeyRefusedError({
      code: 'approval-key-file-not-own',
      params: { file: '/tmp/k', uid: 1001 },
    });
    expect(startFailure('zh-CN', notOwn).message).toMatch(
      /^iAs 未启动：它的批准密钥文件 \/tmp\/k 属于另一个用户（uid 1001）/,
    );
  });
});
