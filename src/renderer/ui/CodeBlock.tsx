/** A value shown as preformatted text (JSON indented), with a copy button. */
import { useT } from '../i18n.js';
import { prettyJson } from './format.js';
import { Icon } from './icons.js';
import { useCopy } from './useCopy.js';

export function CodeBlock({ value, label, maxHeight }: { value: unknown; label?: string; maxHeight?: number }) {
  const t = useT();
  const text = prettyJson(value);
  const { copied, copy } = useCopy();
  return (
    <div className="code-block">
      <pre aria-label={label} tabIndex={0} style={maxHeight ? { maxHeight } : undefined}>
        {text}
      </pre>
      <button
        type="button"
        className="icon-button code-copy"
        onClick={() => copy(text)}
        aria-label={copied ? t.common.copied : t.common.copy}
        title={copied ? t.common.copied : t.common.copy}
      >
        <Icon name={copied ? 'check' : 'copy'} size={14} />
      </button>
    </div>
  );
}
