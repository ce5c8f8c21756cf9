import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { callHistory } from '#app/lib/communities/call-history.server'
import { drawerPage } from '#app/lib/communities/drawer-page.server'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'calls' }) }

export async function loader(args: LoaderFunctionArgs) {
  const { access, home, messages } = await drawerPage(args)
  return { home, messages, calls: access.user ? await callHistory(access.brand.id, access.user.id) : [] }
}

export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'common:nav.calls')

export default function CallsDrawer() {
  const { t, language } = useT()
  const { home, calls } = useLoaderData<typeof loader>()
  return (
    <CommunityDrawerPage view="calls" home={home}>
      {calls.length === 0 ? (
        <p>{t('community:drawer.calls.empty')}</p>
      ) : (
        <ul className="call-history">
          {calls.map((call) => (
            <li key={`${call.roomSlug}-${call.joinedAt}`}>
              <Link to={`/${home.community.slug}/${call.roomSlug}`}>{call.roomName}</Link>
              <br />
              <time dateTime={call.joinedAt}>{formatDate(new Date(call.joinedAt), { language })}</time>
              {' · '}
              {call.minutes === null ? t('community:drawer.calls.ongoing') : t('community:drawer.calls.minutes', { count: call.minutes })}
            </li>
          ))}
        </ul>
      )}
    </CommunityDrawerPage>
  )
}
