/**
 * A paired contact the bot's login cannot find (wechat4u gives contacts new ids at each login): the
 * status says so, approvals go to the desktop without a send that fails (nor a bot error), nobody
 * else is taken for the owner, and the record clears once the contact is found again or the owner
 * pairs again. Real wechaty on wechaty-puppet-mock.
 */
import { describe, expect, it } from 'vitest';
import { CODE, codeIn, settle } from '../../helpers/gate.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

const mail = { to: 'boss@example.com', body: 'hi' };
/** The owner's contact id from an earlier login, which this mock WeChat does not know. */
const BEFORE = 'wxid_ias_owner_before';

/** Paired with `contactId` (named "Owner"), as a pairing made at an earlier login left it. */
function pairedWith(world: WechatWorld, contactId: string): void {
  world.service.settings.setOwner({ mode: 'contact', contactId, name: 'Owner', boundAt: 1 });
}

/** The bot logs out and in again; resolves once that login's lookup of the owner changed the record. */
async function loginAgain(world: WechatWorld): Promise<void> {
  const recorded = new Promise<void>((resolve) => {
    const onChanged = (key: string) => {
      if (key !== 'wechat.ownerMissing') return;
      world.store.settings.off('changed', onChanged);
      resolve();
    };
    world.store.settings.on('changed', onChanged);
  });
  await world.wx.logout();
  await world.wx.login();
  await recorded;
}

describe('WeChat: the paired contact not found in this login', () => {
  it('is said in the status, and approvals go to the desktop; the bot stays up and nobody else approves', async () => {
    const w = await wechatWorld({ owner: 'none' });
    pairedWith(w, BEFORE);
    await loginAgain(w);
    expect(w.service.status()).toMatchObject({ state: 'logged-in', ownerMissing: true });
    expect(w.service.channel.isConnected()).toBe(false);

    const card = w.inApp.nextSent();
    const call = w.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    await card;
    const [open] = w.gate.openApprovals();
    expect(open).toMatchObject({ channel: 'in-app', status: 'pending' });
    // Not the contact of the owner's name, nor anyone else, gets a code or can answer.
    await w.wx.say(w.wx.owner, '123456');
    await settle();
    expect(w.wx.sent.filter((m) => CODE.test(m.text))).toEqual([]);
    expect(w.store.approvals.activeForOwner('owner')).toMatchObject({ channel: 'in-app', status: 'pending' });
    expect(await w.gate.decideInApp(open!.id, false)).toBe(true);
    expect((await call).status).not.toBe('done');
    expect(w.service.status().state).toBe('logged-in');
    expect(w.wx.errors).toEqual([]);
  });

  it('found at the next login: the record clears and approvals go to WeChat again', async () => {
    const w = await wechatWorld({ owner: 'none' });
    pairedWith(w, BEFORE);
    await loginAgain(w);
    expect(w.service.status().ownerMissing).toBe(true);
    const back = w.wx.mocker.createContact({ id: BEFORE, name: 'Owner' });
    await loginAgain(w);
    expect(w.service.status().ownerMissing).toBeUndefined();
    expect(w.service.channel.isConnected()).toBe(true);

    const call = w.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    const request = await w.wx.waitForSent((m) => m.to === BEFORE && CODE.test(m.text));
    await w.wx.say(back, codeIn(request.text));
    expect((await call).status).toBe('done');
  });

  it('found once the puppet has its contact list (wechat4u fills it in after the login)', async () => {
    const w = await wechatWorld({ owner: 'none' });
    pairedWith(w, BEFORE);
    await loginAgain(w);
    w.wx.mocker.createContact({ id: BEFORE, name: 'Owner' });
    const cleared = new Promise<void>((resolve) => w!.store.settings.once('changed', () => resolve()));
    w.wx.puppet.emit('ready', { data: 'stable' }); // what wechat4u says once its contact list is stable
    await cleared;
    expect(w.service.status().ownerMissing).toBeUndefined();
  });

  it('a send that finds no contact records it, moves the approval to the desktop, and leaves the bot up', async () => {
    const w = await wechatWorld({ owner: 'none' });
    pairedWith(w, BEFORE); // after this login's lookup: only the send finds it gone
    expect(w.service.status().ownerMissing).toBeUndefined();
    const card = w.inApp.nextSent();
    const call = w.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    await card;
    expect(w.gate.openApprovals()[0]).toMatchObject({ channel: 'in-app', status: 'pending' });
    expect(w.service.status()).toMatchObject({ state: 'logged-in', ownerMissing: true });
    expect(w.wx.errors).toEqual([]);
    await w.gate.decideInApp(w.gate.openApprovals()[0]!.id, false);
    await call;
  });

  it('WeChat not answering for a while is no "missing": what was recorded stands', async () => {
    const w = await wechatWorld();
    const owner = w.service.settings.owner()!;
    const { puppet } = w.wx;
    const payload = puppet.contactPayload.bind(puppet);
    const list = puppet.contactList.bind(puppet);
    const blip = () => Promise.reject(new Error('WeChat did not answer'));
    // The payload fails while the contact list still names the owner; then both fail.
    puppet.contactPayload = (id: string) => (id === MOCK_IDS.owner ? blip() : payload(id));
    await w.service.channel.checkOwner();
    expect(w.service.status().ownerMissing).toBeUndefined();
    puppet.contactList = blip;
    await w.service.channel.checkOwner();
    expect(w.service.status().ownerMissing).toBeUndefined();
    expect(w.service.channel.isConnected()).toBe(true);

    // Recorded missing, a blip leaves it so; the contact list that lacks the owner keeps it so too.
    w.service.settings.setOwnerFound(owner, false);
    await w.service.channel.checkOwner();
    expect(w.service.status().ownerMissing).toBe(true);
    puppet.contactList = list;
    puppet.contactPayload = payload;
    await w.service.channel.checkOwner();
    expect(w.service.status().ownerMissing).toBeUndefined();
  });

  it('a paired contact the contact list lacks is missing at once, not after the puppet gives up asking', async () => {
    const w = await wechatWorld();
    pairedWith(w, BEFORE);
    const { puppet } = w.wx;
    const payload = puppet.contactPayload.bind(puppet);
    // As wechat4u does for an id it does not know: it keeps asking WeChat (here, for ever).
    puppet.contactPayload = (id: string) => (id === BEFORE ? new Promise(() => undefined) : payload(id));
    await w.service.channel.checkOwner();
    expect(w.service.status().ownerMissing).toBe(true);
    // 文件传输助手 is found by its payload, listed or not.
    w.service.settings.setOwner({ mode: 'self', boundAt: 2 });
    await expect(w.service.channel.sendToOwner('to myself')).resolves.toBeUndefined();
  });

  it('the contact list is asked once a login for the paired contact, not at each message', async () => {
    const w = await wechatWorld();
    const { puppet } = w.wx;
    const list = puppet.contactList.bind(puppet);
    let asked = 0;
    puppet.contactList = () => {
      asked++;
      return list();
    };
    for (const text of ['one', 'two', 'three']) await w.service.channel.sendToOwner(text);
    expect(w.wx.sent.filter((m) => m.to === MOCK_IDS.owner).map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(asked).toBeLessThanOrEqual(1);
    // A new login gives contacts new ids: the list is asked again (by the login's check or the send).
    const before = asked;
    await w.wx.logout();
    await w.wx.login();
    await w.service.channel.sendToOwner('four');
    expect(asked).toBeGreaterThan(before);
    const after = asked;
    await w.service.channel.sendToOwner('five');
    await w.service.channel.sendToOwner('six');
    expect(asked).toBe(after);
  });

  it('a payload that fails asks the contact list once, not twice', async () => {
    const w = await wechatWorld();
    const { puppet } = w.wx;
    const list = puppet.contactList.bind(puppet);
    const payload = puppet.contactPayload.bind(puppet);
    let asked = 0;
    puppet.contactList = () => {
      asked++;
      return list();
    };
    puppet.contactPayload = (id: string) =>
      id === MOCK_IDS.owner ? Promise.reject(new Error('WeChat did not answer')) : payload(id);
    // Not found by its payload: the next lookup asks the list first, and only once.
    await w.service.channel.checkOwner();
    const before = asked;
    await w.service.channel.checkOwner();
    expect(asked - before).toBe(1);
    expect(w.service.status().ownerMissing).toBeUndefined();
  });

  it('a new pairing clears it', async () => {
    const w = await wechatWorld({ owner: 'none' });
    pairedWith(w, BEFORE);
    await loginAgain(w);
    const session = w.service.router.startPairing();
    await w.wx.say(w.wx.owner, session.code);
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /已绑定/.test(m.text));
    expect(w.service.settings.owner()).toMatchObject({ contactId: MOCK_IDS.owner });
    expect(w.service.status().ownerMissing).toBeUndefined();
    expect(w.service.channel.isConnected()).toBe(true);
  });
});
