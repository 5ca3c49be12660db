/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter inside an IME composition
 * does neither). A message the core could not take comes back into it, and what it holds stays
 * while another page is shown.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n.js';
import { composingKey } from '../ui/composing.js';
import { Icon } from '../ui/icons.js';

interface Props {
  busy: boolean;
  disabled: boolean;
  disabledReason?: string;
  /**
   * Sends the text; resolves false when it was not taken and should be kept (no model to send it
   * to, or digits that may be another process's approval code): it goes back into the box, unless
   * something else has been typed there meanwhile.
   */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  focusKey: string;
}

const MAX_HEIGHT_PX = 200;

/**
 * What the box held when the chat was left for another page (a message typed, or one given back
 * because no model could take it, while the owner mends the model in Settings): there on return.
 */
let leftInBox = '';

/** Gives a message back into the box on screen, unless something else has been typed there; none while the chat is not shown. */
let giveBack: ((text: string) => void) | undefined;

export function Composer({ busy, disabled, disabledReason, onSend, onStop, focusKey }: Props) {
  const t = useT();
  const [text, setText] = useState(() => leftInBox);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    leftInBox = text;
  }, [text]);
  useEffect(() => {
    const mine = (typed: string) => setText((now) => (now === '' ? typed : now));
    giveBack = mine;
    return () => {
      if (giveBack === mine) giveBack = undefined;
    };
  }, []);

  useEffect(() => {
    input.current?.focus();
  }, [focusKey]);

  // Stop goes once the reply has ended (stopped or not), and the focus it had with it (Send, in its
  // place, is disabled with the box empty): back to the box, unless the owner has gone elsewhere.
  const stopHadFocus = useRef(false);
  useEffect(() => {
    if (busy || !stopHadFocus.current) return;
    stopHadFocus.current = false;
    const at = document.activeElement;
    if (at === null || at === document.body || at.closest('.composer')) input.current?.focus();
  }, [busy]);

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    // The height includes the borders (border-box), which scrollHeight leaves out: without them
    // the box is always a little short of its text and shows a scroll bar.
    const borders = el.offsetHeight - el.clientHeight;
    el.style.height = `${Math.min(el.scrollHeight + borders, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const canSend = !busy && !disabled && text.trim() !== '';
  const send = () => {
    if (!canSend) return;
    const typed = text;
    setText('');
    void onSend(typed.trim()).then((taken) => {
      if (taken) return;
      // Into the box on screen (this one, or the one of a chat left and come back to meanwhile);
      // with the chat left, the text is there on return.
      if (giveBack) giveBack(typed);
      else if (leftInBox === '') leftInBox = typed;
    });
    // Sent with the button, the focus would stay on it (and move to Stop): keep it in the box.
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || composingKey(event)) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={input}
        rows={1}
        value={text}
        data-testid="message-input"
        aria-label={t.chat.inputLabel}
        aria-description={t.chat.inputHint}
        title={t.chat.inputHint}
        placeholder={disabled && disabledReason ? disabledReason : t.chat.inputPlaceholder}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button
          type="button"
          className="button composer-button"
          data-testid="stop-button"
          onClick={onStop}
          onFocus={() => (stopHadFocus.current = true)}
        >
          <Icon name="stop" size={14} /> {t.chat.stop}
        </button>
      ) : (
        <button
          type="submit"
          className="button button-primary composer-button"
          data-testid="send-button"
          disabled={!canSend}
          aria-keyshortcuts="Enter"
        >
          <Icon name="send" size={14} /> {t.chat.send}
        </button>
      )}
    </form>
  );
}
