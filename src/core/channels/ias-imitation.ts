/**
 * Whether a model's text reads like iAs's own messages on WeChat. There the model's replies and
 * iAs's approval requests come from the same account into the same chat, so a reply that looks
 * like a request (its 【iAs …】 banner, its words, its code line) could pass for one — say, a fake
 * request right after a real one, to have the owner reply the real one's code. Such a reply is not
 * kept back (the owner may have asked about approvals); it is sent under a warning.
 */

/**
 * Latin look-alikes from other scripts (Cyrillic, Greek, IPA, small capitals), lower case, for the
 * letters of the words looked for: NFKD folds full-width and styled letters, not these.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a', // Cyrillic
  с: 'c',
  е: 'e',
  і: 'i',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ν: 'v', // Greek
  α: 'a',
  ε: 'e',
  ι: 'i',
  ο: 'o',
  ρ: 'p',
  ı: 'i', // dotless i, and IPA letters
  ɩ: 'i',
  ɑ: 'a',
  ꜱ: 's', // small capitals
  ɪ: 'i',
  ᴀ: 'a',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ʟ: 'l',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ᴛ: 't',
  ᴠ: 'v',
  ʏ: 'y',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Traditional forms of the Chinese words looked for (確認碼 for 确认码). */
const TRADITIONAL: Record<string, string> = { 確: '确', 認: '认', 碼: '码', 參: '参', 數: '数', 妳: '你', 您: '你' };
const TRADITIONAL_CHAR = new RegExp(`[${Object.keys(TRADITIONAL).join('')}]`, 'gu');

/** The brackets of a banner: 【iAs …】, or one of its kind (and "[", see IAS_MARKS). */
const BANNER_OPENS = '【〖〔〘〚[';

/**
 * What is read as a gap between words: anything but a letter, a digit, a colon or a banner's
 * bracket. Spaces of any kind, characters drawn as nothing or as a blank (zero-width spaces,
 * format characters, the braille blank), marks and punctuation alike, however many.
 */
const GAP = new RegExp(`[^\\p{L}\\p{N}:${BANNER_OPENS.replace('[', '\\[')}]+`, 'gu');

/**
 * Text as it is compared: compatibility-decomposed (NFKD folds full-width, circled and styled
 * letters, full-width colons and brackets, and takes marks apart), lower case, look-alike letters
 * as the Latin ones, traditional characters as simplified, every gap one space.
 */
export function comparable(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!)
    .replace(TRADITIONAL_CHAR, (c) => TRADITIONAL[c]!)
    .replace(GAP, ' ');
}

/** `words` (a regular expression's source) matched with a gap allowed between any two characters. */
function gapped(words: string): string {
  return [...words].map((c) => (/[\p{L}\p{N}]/u.test(c) ? `${c} ?` : c)).join('');
}

/** What iAs's own messages have and a model's reply should not, each in comparable form. */
const IAS_MARKS: RegExp[] = [
  // The banner: 【iAs …】, or in another bracket of its kind; "[iAs" too, but not "[iAs: …]" (or
  // "[iAs：…]", the same once comparable), iAs's own note under a reply (see shared/ias-note.ts).
  new RegExp(`[${BANNER_OPENS.replace('[', '')}] ?${gapped('ias')}`, 'u'),
  new RegExp(`\\[ ?${gapped('ias')}(?!:)`, 'u'),
  // The banner's words after iAs or a banner's bracket (alone, they are ordinary polite Chinese).
  new RegExp(
    `(${gapped('ias')}|[${BANNER_OPENS.replace('[', '\\[')}] ?)${gapped('需要你')}(${gapped('的')})?(${gapped('重新')})?${gapped('确认')}`,
    'u',
  ),
  new RegExp(gapped('approvalneeded'), 'u'),
  // The code line (a code is 6 digits), and the request's own labels around it.
  new RegExp(gapped('确认码'), 'u'),
  new RegExp(`(^|[^a-z] ?)${gapped('code')}:? ?\\[? ?(\\d ?){6}(?!\\d)`, 'u'),
  new RegExp(
    `${gapped('reply')}(${gapped('the')}|${gapped('its')}|${gapped('this')}|${gapped('that')})${gapped('code')}`,
    'u',
  ),
  new RegExp(`${gapped('技能')}${gapped('skill')}:`, 'u'),
  new RegExp(`${gapped('参数')}${gapped('parameters')}:`, 'u'),
];

/** Whether `text` carries a mark of iAs's own messages (see IAS_MARKS), however it is written. */
export function imitatesIas(text: string): boolean {
  const seen = comparable(text);
  return IAS_MARKS.some((mark) => mark.test(seen));
}
