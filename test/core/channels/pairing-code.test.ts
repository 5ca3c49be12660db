/**
 * A pairing code is never a number alone. The owner may pair again from the contact that is the
 * owner already, and the approval gate reads that contact's messages first: 6 digits alone are its
 * answers (a wrong code for an approval waiting, "nothing is waiting" otherwise), so a code of digits
 * only (one in about 3,400 of the alphabet's) never reached the pairing.
 */
import { describe, expect, it } from 'vitest';
import { PairingSession } from '../../../src/core/channels/pairing.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld } from '../../helpers/wechat-world.js';

describe('pairing codes', () => {
  it('are 6 characters of the alphabet, never digits alone', () => {
    // Digits alone came (8/31)^6 of the time: about 58 in 200,000.
    for (let i = 0; i < 200_000; i++) {
      const { code } = new PairingSession();
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      expect(code, code).not.toMatch(/^\d+$/);
    }
  });

  it('pair the owner again from the contact that is the owner already', async () => {
    const w = await wechatWorld({ owner: 'contact' });
    const session = w.service.router.startPairing();
    await w.wx.say(w.wx.owner, session.code);
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /已绑定/.test(m.text));
    expect(w.service.settings.owner()).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner });
  });
});
