import { notificationAge } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** "5 λεπτά πριν" / "5 minutes ago"; hours under a day, else days (SPEC §4). */
export function NotificationAge({ dateTime, now }: { dateTime: string; now: Date }) {
  const intl = useIntl();
  const locale = useLocale();
  const age = notificationAge(dateTime, now);
  const id =
    age.unit === 'minutes'
      ? 'notifications.age.minutes'
      : age.unit === 'hours'
        ? 'notifications.age.hours'
        : 'notifications.age.days';
  return (
    <time dateTime={dateTime} title={formatDateTime(dateTime, locale)}>
      {intl.formatMessage({ id }, { count: age.value })}
    </time>
  );
}
