/** Over the top of a list scrolled down: how many new calls wait above; a click shows them. */
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

export function NewCallsPill({ count, more, onShow }: { count: number; more: boolean; onShow: () => void }) {
  const t = useT();
  return (
    <button type="button" className="audit-news" data-testid="audit-news" onClick={onShow}>
      <Icon name="arrowUp" size={14} /> {t.audit.newCalls(count, more)}
    </button>
  );
}
