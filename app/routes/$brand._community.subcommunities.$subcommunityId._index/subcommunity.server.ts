import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { assignedGroups, findSubcommunity } from '#app/lib/subcommunities/subcommunities.server'

export async function subcommunityLoader(args: LoaderFunctionArgs) {
  // Members see a subcommunity; guests only when the admins opened subcommunity pages.
  const { brand, permissions } = await requireCommunityPage(args, 'subcommunities')
  const subcommunity = await findSubcommunity(brand.id, args.params.subcommunityId)
  if (!subcommunity) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return {
    messages: await routeMessages(args, 'tags'),
    community: { slug: brand.slug },
    subcommunity: { id: subcommunity.id, title: subcommunity.title, description: subcommunity.description },
    groups: await assignedGroups(subcommunity),
    mayManage: permissions.has('manage-community'),
  }
}
