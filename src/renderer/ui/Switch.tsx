/** An on/off switch: a button with role="switch", labelled by its visible label or `aria-label`. */
import type { ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: ReactNode;
  ariaLabel?: string;
  disabled?: boolean;
  testId?: string;
  description?: ReactNode;
}

export function Switch({ checked, onChange, label, ariaLabel, disabled, testId, description }: SwitchProps) {
  const control = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label ? undefined : ariaLabel}
      className="switch"
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
    >
      <span className="switch-thumb" />
    </button>
  );
  if (!label) return control;
  return (
    <label className="switch-row">
      <span className="switch-label">
        <span>{label}</span>
        {description && <span className="hint">{description}</span>}
      </span>
      {control}
    </label>
  );
}
