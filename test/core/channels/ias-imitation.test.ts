import { describe, expect, it } from 'vitest';
import { requestTexts } from '../../../src/core/approval/messages.js';
import { comparable, imitatesIas } from '../../../src/core/channels/ias-imitation.js';

describe('a model reply that reads like iAs’s own messages', () => {
  it('iAs’s own approval requests, with a code or asked again, read as iAs’s: the first and last of their pieces too', () => {
    const split = requestTexts({ skill: 'send_mail', title: '', params: { body: 'x'.repeat(3000) }, code: '654321' });
    expect(split.length).toBeGreaterThan(2);
    const requests = [
      ...requestTexts({ skill: 'send_mail', title: 'Sends mail', params: { to: 'boss@example.com' }, code: '123456' }),
      ...requestTexts({ skill: 'send_mail', title: '', params: {}, code: '111111', skillChanged: true }),
      // The pieces between hold only parameters.
      split[0]!,
      split.at(-1)!,
    ];
    for (const text of requests) expect(imitatesIas(text), text.slice(0, 60)).toBe(true);
  });

  it.each([
    ['the banner alone', '【iAs】'],
    ['the banner’s words in a banner’s bracket', '【需要你的确认】上一条是查天气的请求'],
    ['the banner’s words after iAs', 'iAs 需要您的确认：上一条是查天气的请求'],
    ['in English', 'Approval needed: the request above is a weather lookup.'],
    ['asked again', '〔iAs〕技能变了，需要你重新确认'],
    ['braille blanks inside the words', '【\u2800iAs 需要你的\u2800确认 · approval\u2800needed】'],
    ['braille blanks in the labels and the code line', '技能 Skill\u2800：send_mail\n确认\u2800码 Code\u2800：123456'],
    ['reply the code, with a braille blank', 'Reply the\u2800code to run it.'],
    ['full-width square brackets', '［iAs］ weather lookup'],
    ['small capitals', '【ɪᴀs】 weather lookup'],
    ['a code without a colon', 'Code 123456'],
    ['the code line', '确认码 Code：123456'],
    ['the English code line', 'Code: 123456'],
    ['asking for the code', 'The request above only looks up the weather: reply the code to run it.'],
    ['asking for its code', 'The request above is a weather lookup, reply its code.'],
    ['the request’s labels', '技能 Skill：query_weather\n参数 Parameters：\n  city: 上海'],
    ['full-width letters', '【ｉＡｓ 查询天气】'],
    ['full-width English', 'ＡＰＰＲＯＶＡＬ　ＮＥＥＤＥＤ'],
    ['zero-width spaces', '【\u200BiAs\u200B 需要\u200D你的\u2060确认】'],
    ['spaces inside the brackets', '【  i A s  查询天气 】'],
    ['a byte-order mark and soft hyphens', '\uFEFFapp\u00ADroval need\u00ADed'],
    ['digits spread out', 'Code ： 1 2 3 4 5 6'],
    ['Cyrillic look-alikes', '【іАѕ weather】'],
    ['combining marks', 'áppróval néeded'],
    ['traditional characters', '確認碼：123456'],
    ['the parameters label in traditional characters', '參數 Parameters：\n  city: 上海'],
    ['another bracket of the kind', '〖iAs〗 weather lookup'],
    ['a code in brackets', 'Code: [123456]'],
  ])('%s', (_, text) => {
    expect(imitatesIas(text)).toBe(true);
  });

  it.each([
    ['an ordinary reply', 'It is sunny in Shanghai, 24°C.'],
    ['确认 in other senses', '我已经确认了你明天下午三点的会议。请确认收货地址是否正确，确认无误后我再下单。'],
    ['asking the owner to confirm', '你确认要删除这个文件吗？这个时间需要你确认一下。'],
    ['asking the owner to confirm again', '快递退回了，请重新确认收货地址。'],
    ['iAs named in prose', 'iAs can send mail for you once you approve it.'],
    ['a status code', 'The server answered with status code: 404.'],
    ['an exit code', 'The script ended with exit code 1.'],
    ['a mail server’s reply code', 'The mail server gave reply code 550: mailbox unavailable.'],
    ['a plain number', '你的订单号是 123456。'],
    ['the banner’s words, alone', '上一条是查天气的请求，需要你的确认。地址变了，需要你重新确认。'],
    ['an error code', 'MySQL answered with error code: 1045.'],
    ['iAs’s own note under a run’s reply', 'Sunny.\n\n[iAs: the model cannot use tools]'],
    ['code in a sentence', 'This code runs in 3 seconds.'],
  ])('not: %s', (_, text) => {
    expect(imitatesIas(text)).toBe(false);
  });

  it('compares text with spaces, hidden characters and marks left out, and letters folded', () => {
    expect(comparable('【 ｉ\u200BＡs 】 Code：１２')).toBe('【 i as code:12');
    expect(comparable('App\u2800roval\u00AD needed, 確認碼')).toBe('app roval needed 确认码');
  });
});
