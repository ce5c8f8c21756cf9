import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { ConversationNames } from '#app/components/conversation-names'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'
import { useLiveRevalidation } from '#app/lib/http/use-live-revalidation'
import { messagesLoader } from './messages.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'messages' }) }
export const loader = (args: LoaderFunctionArgs) => messagesLoader(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'common:nav.messages')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function MessagesDrawer() {
  const { t, language } = useT()
  const { home, listing, unread } = useLoaderData<typeof loader>()
  const slug = home.community.slug
  useLiveRevalidation(`/${slug}/messages/live`)
  return (
    <CommunityDrawerPage view="messages" home={home}>
      <p>
        <Link to={`/${slug}/messages/new`} className="button button-primary">
          {t('messages:list.new')}
        </Link>
      </p>
      {unread > 0 ? <p className="lead">{t('messages:list.unreadTotal', { count: unread })}</p> : null}
      {listing.conversations.length === 0 ? (
        <>
          <p>{t('messages:list.empty')}</p>
          <p>
            <Link to={`/${slug}/members`}>{t('community:drawer.findPeople')}</Link>
          </p>
        </>
      ) : (
        <ul className="conversation-list" aria-label={t('messages:list.label')}>
          {listing.conversations.map((conversation) => (
            <li
              key={conversation.id}
              className={conversation.unread > 0 ? 'conversation-item unread' : 'conversation-item'}
            >
              <Link to={`/${slug}/messages/${conversation.id}`}>
                <strong>
                  <ConversationNames people={conversation.others} />
                </strong>
                {conversation.unread > 0 ? (
                  <span className="badge">{t('messages:list.unread', { count: conversation.unread })}</span>
                ) : null}
              </Link>
              {conversation.lastMessage ? (
                <p className="hint">
                  {conversation.lastMessage.body ||
                    t(conversation.lastMessage.video ? 'messages:list.videoOnly' : 'messages:list.attachmentOnly')}{' '}
                  <time dateTime={conversation.lastMessage.at}>
                    {formatDate(new Date(conversation.lastMessage.at), { language })}
                  </time>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {listing.page > 0 || listing.more ? (
        <nav className="inline-actions">
          {listing.page > 0 ? (
            <Link to={`/${slug}/messages?page=${listing.page - 1}`}>{t('messages:list.newer')}</Link>
          ) : null}
          {listing.more ? (
            <Link to={`/${slug}/messages?page=${listing.page + 1}`}>{t('messages:list.older')}</Link>
          ) : null}
        </nav>
      ) : null}
    </CommunityDrawerPage>
  )
}
