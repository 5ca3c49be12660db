/** Approve and Reject, as every approval card shows them. */
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';

export function DecideButtons({ disabled, onDecide }: { disabled: boolean; onDecide: (approve: boolean) => void }) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        data-testid="approve-button"
        disabled={disabled}
        onClick={() => onDecide(true)}
      >
        <Icon name="check" size={14} /> {t.approvals.approve}
      </button>
      <button
        type="button"
        className="button"
        data-testid="reject-button"
        disabled={disabled}
        onClick={() => onDecide(false)}
      >
        <Icon name="cross" size={14} /> {t.approvals.reject}
      </button>
    </>
  );
}
