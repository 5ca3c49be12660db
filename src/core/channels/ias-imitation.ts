/**
 * Whether a model's text reads like iAs's own messages on WeChat. There the model's replies and
 * iAs's approval requests come from the same account into the same chat, so a reply that looks
 * like a request (its 【iAs …】 banner, its words, its code line) could pass for one — say, a fake
 * request right after a real one, to have the owner reply the real one's code. Such a reply is not
 * kept back (the owner may have asked about approvals); it is sent under a warning.
 */

/**
 * Latin look-alikes from other scripts (Cyrillic, Greek, IPA), lower case, for the letters of
 * the words looked for: NFKC folds full-width and styled letters, not these.
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
  ꜱ: 's',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Traditional forms of the Chinese words looked for (確認碼 for 确认码). */
const TRADITIONAL: Record<string, string> = { 確: '确', 認: '认', 碼: '码', 妳: '你', 您: '你' };
const TRADITIONAL_CHAR = new RegExp(`[${Object.keys(TRADITIONAL).join('')}]`, 'gu');

/**
 * What is left out before looking: spaces of any kind, characters drawn as nothing (zero-width
 * spaces and joiners, format and control characters, variation selectors) and combining marks.
 */
const IGNORED = /[\s\p{Z}\p{C}\p{Default_Ignorable_Code_Point}\p{M}]/gu;

/**
 * Text as it is compared: compatibility-normalized (NFKC's folding of full-width, circled and
 * styled letters, full-width colons and brackets; marks taken apart and dropped), lower case,
 * look-alike letters as the Latin ones, traditional characters as simplified, without what is
 * ignored.
 */
export function comparable(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(IGNORED, '')
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!)
    .replace(TRADITIONAL_CHAR, (c) => TRADITIONAL[c]!);
}

/** What iAs's own messages have and a model's reply should not, each in comparable form. */
const IAS_MARKS: RegExp[] = [
  // The banner: 【iAs …】, or in another bracket of its kind (not "[iAs: …]", iAs's own note under
  // a scheduled run's reply).
  /[【〖〔〘〚]ias/,
  // The banner's words (the request, and the one asked again when its skill changed).
  /需要你的确认/,
  /approvalneeded/,
  /需要你重新确认/,
  // The code line, and the request's own labels around it.
  /确认码/,
  /code:[^\p{L}\p{N}]{0,3}\d{4}/u,
  /reply(the|its|this|that)code/,
  /技能skill:/,
  /参数parameters:/,
];

/** Whether `text` carries a mark of iAs's own messages (see IAS_MARKS), however it is written. */
export function imitatesIas(text: string): boolean {
  const seen = comparable(text);
  return IAS_MARKS.some((mark) => mark.test(seen));
}
