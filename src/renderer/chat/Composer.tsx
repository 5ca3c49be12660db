/** The message box: Enter sends, Shift+Enter starts a new line (and Enter inside an IME composition does neither). */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

interface Props {
  busy: boolean;
  disabled: boolean;
  disabledReason?: string;
  onSend: (text: string) => void;
  onStop: () => void;
  focusKey: string;
}

const MAX_HEIGHT_PX = 200;

export function Composer({ busy, disabled, disabledReason, onSend, onStop, focusKey }: Props) {
  const t = useT();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [focusKey]);

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
    onSend(text.trim());
    setText('');
    // Sent with the button, the focus would stay on it (and move to Stop): keep it in the box.
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
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
        <button type="button" className="button composer-button" data-testid="stop-button" onClick={onStop}>
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
