import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { ListingTabs } from '#app/components/listing-tabs'
import { CALL_FILTERS, CallsQuery, type CallFilter } from '#app/lib/calls/calls.schema'
import { listCalls } from '#app/lib/calls/calls.server'
import { drawerPage } from '#app/lib/communities/drawer-page.server'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'calls' }) }

/** The sidebar's Call history: the calls I made from this community's waiting rooms and those to my rooms, by filter, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const { access, home, messages } = await drawerPage(args)
  // A link with an unknown filter or page shows everything from the start rather than an error.
  const parsed = CallsQuery.pick({ filter: true, page: true }).safeParse(
    Object.fromEntries(new URL(args.request.url).searchParams),
  )
  const { filter, page } = parsed.success ? parsed.data : { filter: 'all' as const, page: 0 }
  const calls = access.user ? await listCalls(access.user.id, { filter, page, brandId: access.brand.id }) : null
  return { home, messages, filter, calls }
}

export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'common:nav.calls')

export default function CallsDrawer() {
  const { t, language } = useT()
  const { home, calls, filter } = useLoaderData<typeof loader>()
  const here = `/${home.community.slug}/calls`
  const hrefOf = (tab: CallFilter, page = 0) => `${here}?filter=${tab}${page ? `&page=${page}` : ''}`
  return (
    <CommunityDrawerPage view="calls" home={home}>
      <ListingTabs
        label={t('community:calls.filters')}
        tabs={CALL_FILTERS}
        current={filter}
        href={(tab) => hrefOf(tab)}
        name={(tab) => t(`community:calls.filter.${tab}`)}
      />
      {!calls || calls.rows.length === 0 ? (
        <p>{t('community:calls.empty')}</p>
      ) : (
        <ul className="call-history">
          {calls.rows.map((call) => (
            <li key={call.id}>
              <Link to={`/${home.community.slug}/${call.roomSlug}`}>{call.roomName}</Link>
              <br />
              {call.madeByMe ? t('community:calls.youCalled') : t('community:calls.called', { name: call.callerName })}
              {' · '}
              <span className={`call-status call-status-${call.status}`}>
                {t(`community:calls.status.${call.status}`)}
              </span>
              {' · '}
              <time dateTime={call.createdAt}>{formatDate(new Date(call.createdAt), { language })}</time>
              {call.status === 'declined' && call.message ? (
                <>
                  <br />
                  <q className="call-message">{call.message}</q>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {calls && calls.page + 1 < calls.pages ? (
        <Link to={hrefOf(filter, calls.page + 1)}>{t('community:calls.older')}</Link>
      ) : null}
    </CommunityDrawerPage>
  )
}
