/**
 * When a message was written, small under it: in the UI's language and the owner's time zone (the
 * one Settings puts in use), today's as the time alone, older ones with their date; the full date
 * and time on hover.
 */
import { useTimeZone } from '../app/SettingsProvider.js';
import { useLocale } from '../i18n.js';
import { formatDateTime, formatMessageTime } from '../ui/format.js';

export function MessageTime({ at }: { at: number }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <time
      className="message-time"
      data-testid="message-time"
      dateTime={new Date(at).toISOString()}
      title={formatDateTime(at, locale, timeZone)}
    >
      {formatMessageTime(at, locale, timeZone)}
    </time>
  );
}
