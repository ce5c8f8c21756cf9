import { Link } from '@remix-run/react'
import { useLiveRevalidation } from '#app/lib/http/use-live-revalidation'
import { useT } from '#app/lib/i18n/use-t'

/**
 * The header's link to the notifications panel with the unread count, rendered by the server;
 * where JavaScript runs, the count follows the live stream (a new notification, or reading them
 * on another page) without a reload.
 */
export function NotificationBell({ slug, unread }: { slug: string; unread: number }) {
  const { t } = useT()
  useLiveRevalidation(`/${slug}/notifications/live`)
  return (
    <Link
      to={`/${slug}/notifications`}
      className="notification-bell"
      aria-label={unread ? t('common:nav.notificationsUnread', { count: unread }) : t('common:nav.notifications')}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread ? (
        <span className="notification-count" data-testid="notification-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  )
}
