import type { Notification } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { setUnreadCount } from '../../../lib/document-title';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useNotificationPush } from '../hooks/use-notification-push';

function NoticeItem({ notice, onOpen }: { notice: Notification; onOpen: () => void }) {
  const body = (
    <>
      <strong className="notice__title">{notice.title}</strong>
      <span className="notice__body">{notice.body}</span>
      <time className="notice__date" dateTime={notice.created_at}>
        {formatDate(notice.created_at)}
      </time>
    </>
  );
  return (
    <li className={`notice${notice.read_at ? '' : ' notice--unread'}`}>
      {notice.link ? (
        <Link to={notice.link} className="notice__link" onClick={onOpen}>
          {body}
        </Link>
      ) : (
        <div className="notice__link">{body}</div>
      )}
    </li>
  );
}

/** The header bell: unread count, the newest notices, 'Mark all as read'. Notices arrive over the WebSocket. */
export function NotificationBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const { data } = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  useNotificationPush(true);
  const unread = data?.unread_count ?? 0;

  // The tab title and favicon show the unread count; signing out (unmount) clears them.
  useEffect(() => setUnreadCount(unread), [unread]);
  useEffect(() => () => setUnreadCount(0), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => panel.current && !panel.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="notifications" ref={panel}>
      <button
        type="button"
        className="notifications__toggle"
        aria-label={unread > 0 ? `${t('notifications.open')}, ${t('notifications.unread', { n: unread })}` : t('notifications.open')}
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6zm0 18a2.5 2.5 0 0 0 2.4-2h-4.8a2.5 2.5 0 0 0 2.4 2z" />
        </svg>
        {unread > 0 && <span className="notifications__badge">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && (
        <div className="notifications__panel" id="notifications-panel" role="dialog" aria-label={t('notifications.title')}>
          <div className="notifications__head">
            <h2>{t('notifications.title')}</h2>
            {unread > 0 && (
              <button type="button" className="notifications__mark" onClick={() => markRead.mutate({})} disabled={markRead.isPending}>
                {t('notifications.markAllRead')}
              </button>
            )}
          </div>
          {data && data.notifications.length > 0 ? (
            <ul className="notifications__list">
              {data.notifications.map((notice) => (
                <NoticeItem key={notice.id} notice={notice} onOpen={() => setOpen(false)} />
              ))}
            </ul>
          ) : (
            <p className="notifications__empty">{t('notifications.empty')}</p>
          )}
        </div>
      )}
    </div>
  );
}
