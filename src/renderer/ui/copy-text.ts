/**
 * Puts text on the clipboard: by the clipboard API, or, where the page has none (a page of `ias
 * serve --host` over plain http from another machine is no secure context) or it refuses, by the
 * older copy command on a hidden text box. Whether it was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  // The copy command first when there is no API: it works only within the click that asked.
  if (!navigator.clipboard?.writeText) return copyByCommand(text);
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyByCommand(text);
  }
}

/** `document.execCommand('copy')` on a hidden text box holding `text`; focus goes back where it was. */
function copyByCommand(text: string): boolean {
  const box = document.createElement('textarea');
  box.value = text;
  box.readOnly = true;
  box.setAttribute('aria-hidden', 'true');
  box.tabIndex = -1;
  Object.assign(box.style, { position: 'fixed', top: '0', left: '0', width: '1px', height: '1px', opacity: '0' });
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(box);
  try {
    box.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    box.remove();
    focused?.focus({ preventScroll: true });
  }
}
