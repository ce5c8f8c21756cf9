import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { notificationsAction, notificationsLoader, type PanelActionData } from './notifications.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'notifications' }) }
export const loader = (args: LoaderFunctionArgs) => notificationsLoader(args)
export const action = (args: ActionFunctionArgs) => notificationsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'common:nav.notifications')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** The notifications panel: newest first, each leading to what it is about. */
export default function NotificationsDrawer() {
  const { t, language } = useT()
  const { home, notifications } = useLoaderData<typeof loader>()
  const refused = useActionData<PanelActionData>()
  const slug = home.community.slug
  const { items, page, hasMore } = notifications
  const anyUnread = items.some((item) => !item.read)
  const pageSuffix = page > 1 ? `?page=${page}` : ''
  return (
    <CommunityDrawerPage view="notifications" home={home}>
      <div className="stack notifications-drawer">
        {refused ? (
          <div role="alert" className="notice notice-error">
            <p>{t(refused.error)}</p>
          </div>
        ) : null}
        <div className="inline-actions">
          <Link to={`/${slug}/notifications/settings`} className="button">
            {t('notifications:panel.settings')}
          </Link>
          {anyUnread ? (
            <Form method="post" action={`/${slug}/notifications${pageSuffix}`}>
              <button type="submit" name="intent" value="markAllRead" className="button button-primary">
                {t('notifications:panel.markAllRead')}
              </button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="muted">{t('notifications:panel.empty')}</p>
        ) : (
          <ul className="notification-list" aria-label={t('notifications:panel.list')}>
            {items.map((item) => (
              <li key={item.id} className={item.read ? 'notification' : 'notification notification-unread'}>
                <div className="notification-text">
                  {item.read ? null : <span className="visually-hidden">{t('notifications:panel.unread')}: </span>}
                  <Link to={`/${slug}${item.path ? `/${item.path}` : ''}`}>
                    {t(item.text as TranslationKey, {
                      actor: item.values.actor ?? t('notifications:someone'),
                      room: item.values.room,
                      community: item.values.community,
                    })}
                  </Link>
                  <time className="muted" dateTime={item.createdAt}>
                    {formatDate(new Date(item.createdAt), { language })}
                  </time>
                </div>
                {item.read ? null : (
                  <Form method="post" action={`/${slug}/notifications${pageSuffix}`}>
                    <input type="hidden" name="notificationId" value={item.id} />
                    <button type="submit" name="intent" value="markRead" className="button button-small">
                      {t('notifications:panel.markRead')}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {page > 1 || hasMore ? (
          <nav className="inline-actions" aria-label={t('notifications:panel.list')}>
            {page > 1 ? (
              <Link to={`/${slug}/notifications${page > 2 ? `?page=${page - 1}` : ''}`} className="button">
                {t('notifications:panel.newer')}
              </Link>
            ) : null}
            {hasMore ? (
              <Link to={`/${slug}/notifications?page=${page + 1}`} className="button">
                {t('notifications:panel.older')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </CommunityDrawerPage>
  )
}
