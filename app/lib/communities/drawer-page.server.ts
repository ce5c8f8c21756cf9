import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '../http/guards.server'
import { routeMessages } from '../i18n/page-language.server'
import { communityHomeData } from './community-home.server'

/**
 * What every left-drawer page loads: its guard (the community's members; the drawer holds personal
 * things, so guests never get it even where the hub is open to them), the home it opens over, and
 * the drawer's texts. The page adds its own view's data.
 */
export async function drawerPage(args: LoaderFunctionArgs) {
  const access = await requireCommunityPage(args, 'drawer')
  const [home, messages] = await Promise.all([communityHomeData(access), routeMessages(args, 'community')])
  return { access, home, messages }
}
