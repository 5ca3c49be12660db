/**
 * Whether a key press belongs to an input method's composition (Chinese typed by pinyin, say): its
 * Enter picks the word and its Esc drops the composition, so a box, a form or a pop-over leaves it be.
 * keyCode 229 is how Safari and older Chromium mark the key that ends one.
 */
export function composingKey(event: { nativeEvent: KeyboardEvent; keyCode: number }): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}
