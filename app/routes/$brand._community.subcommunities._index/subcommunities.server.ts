import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { listSubcommunities } from '#app/lib/subcommunities/subcommunities.server'

export async function subcommunitiesLoader(args: LoaderFunctionArgs) {
  // Members see subcommunities; guests only when the admins opened them (publicAccess.subcommunities).
  const { brand, permissions } = await requireCommunityPage(args, 'subcommunities')
  return {
    messages: await routeMessages(args, 'tags'),
    community: { slug: brand.slug },
    subcommunities: await listSubcommunities(brand.id),
    mayManage: permissions.has('manage-community'),
  }
}
