/** The owner's time zone: follow the computer's, or one IANA zone; the zone in use is shown under it. */
import { useMemo } from 'react';
import { useT } from '../i18n.js';

/** Every zone this browser knows, plus the saved one (its list may lack a name the core accepts). */
function zoneNames(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return saved === 'system' || known.includes(saved) ? known : [saved, ...known];
}

export function TimeZoneField(props: { id: string; value: string; inUse: string; onChange: (zone: string) => void }) {
  const t = useT();
  const zones = useMemo(() => zoneNames(props.value), [props.value]);
  return (
    <>
      <div className="field field-inline">
        <label htmlFor={props.id}>{t.settings.timeZone}</label>
        <select
          id={props.id}
          data-testid="settings-time-zone"
          value={props.value}
          aria-describedby={`${props.id}-in-use`}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="system">{t.settings.followSystem}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <p className="hint" id={`${props.id}-in-use`} data-testid="settings-time-zone-in-use">
        {t.settings.timeZoneInUse(props.inUse)}
      </p>
    </>
  );
}
