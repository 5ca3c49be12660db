/** A small activity indicator; announced by its label. */
import { useT } from '../i18n.js';

export function Spinner({ label, size = 14 }: { label?: string; size?: number }) {
  const t = useT();
  return (
    <span
      className="spinner"
      role="progressbar"
      aria-label={label ?? t.common.loading}
      style={{ width: size, height: size }}
    />
  );
}
