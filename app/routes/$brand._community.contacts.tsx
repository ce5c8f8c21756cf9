import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { drawerPage } from '#app/lib/communities/drawer-page.server'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'contacts' }) }

export async function loader(args: LoaderFunctionArgs) {
  const { home, messages } = await drawerPage(args)
  return { home, messages }
}

export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'common:nav.contacts')

export default function ContactsDrawer() {
  const { t } = useT()
  const { home } = useLoaderData<typeof loader>()
  return (
    <CommunityDrawerPage view="contacts" home={home}>
      <p>{t('community:drawer.contacts.empty')}</p>
      <p>
        <Link to={`/${home.community.slug}/members`}>{t('community:drawer.findPeople')}</Link>
      </p>
    </CommunityDrawerPage>
  )
}
