// PUT /api/brand/sign-up-link/{id}: renews community {id}'s sign-up link and answers `{ hash }`, the
// new link being /{slug}/signup-{hash}; the old link stops working. The settings guard of that
// community decides, as on its sign-up tab.
import { byMethod, inCommunity, methodNotAllowed } from '#app/lib/http/api.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { renewSignupLink } from '#app/lib/communities/community-membership.server'

export const loader = methodNotAllowed
export const action = byMethod({
  PUT: async (args) => {
    const { brand } = await requireCommunityPage(await inCommunity(args, args.params.id), 'settings')
    return { hash: await renewSignupLink(brand) }
  },
})
