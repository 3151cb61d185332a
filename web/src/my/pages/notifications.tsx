import { useEffect, useState } from 'react';
import { api, type NotificationsAnswer } from '../api';
import { useMy } from '../context';
import { dateTime } from '../format';
import { PageTitle } from '../parts';

/** The bell's list (issue 35 §5): the newest alerts, in the cardholder's language; opening it reads them. */
export default function Notifications() {
  const { t, locale } = useMy();
  const [answer, setAnswer] = useState<NotificationsAnswer | null>(null);
  useEffect(() => {
    void api.get<NotificationsAnswer>('/api/my/notifications').then((result) => {
      if (!result.ok) return;
      setAnswer(result.data);
      const ids = result.data.notifications.filter((entry) => !entry.read).map((entry) => entry.id);
      if (ids.length) void api.post('/api/my/notifications/read', { ids });
    });
  }, []);
  return (
    <>
      <PageTitle>{t('notificationsTitle')}</PageTitle>
      {answer === null ? (
        <p className="muted">{t('loading')}</p>
      ) : answer.notifications.length === 0 ? (
        <p className="muted">{t('noNotifications')}</p>
      ) : (
        <ul className="notes">
          {answer.notifications.map((note) => (
            <li key={note.id} className={note.read ? '' : 'unread'}>
              <span className="store-head">
                <strong>{note.title}</strong>
                {!note.read && <span className="tag">{t('unread')}</span>}
              </span>
              <span>{note.body}</span>
              <time className="muted small" dateTime={note.at}>
                {dateTime(note.at, locale)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
