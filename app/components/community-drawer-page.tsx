import { CommunityHomeView } from '#app/components/community-home'
import { LeftDrawer } from '#app/components/left-drawer'
import type { CommunityHomeData } from '#app/lib/communities/community-home.server'
import type { DrawerView } from '#app/lib/communities/navigation'

/** A left-drawer page: the drawer's view over the community home, which stays as it was. */
export function CommunityDrawerPage({
  view,
  home,
  children,
}: {
  view: DrawerView
  home: CommunityHomeData
  children: React.ReactNode
}) {
  return (
    <>
      <LeftDrawer view={view} communitySlug={home.community.slug}>
        {children}
      </LeftDrawer>
      <CommunityHomeView data={home} />
    </>
  )
}
