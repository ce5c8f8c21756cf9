import type { LoaderFunctionArgs } from '@remix-run/node'
import { communityLogo } from '#app/lib/communities/community-logo'
import { brandThemeInput, themeStyle } from '#app/lib/communities/theme'
import { directoryPlacement, directorySettingsOf } from '#app/lib/directory/directory'
import { directoryRooms, requireDirectory } from '#app/lib/directory/directory.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/** Every directory page's data: the community, the rooms this viewer may see, and how the embed script places the frame. */
export async function directoryLayoutLoader(args: LoaderFunctionArgs) {
  const { brand, viewer } = await requireDirectory(args)
  const settings = directorySettingsOf(brand.directorySettings)
  return {
    messages: await routeMessages(args, 'directory'),
    community: { slug: brand.slug, name: brand.name, logo: communityLogo(brand) },
    rooms: await directoryRooms(brand, viewer),
    placement: directoryPlacement(settings),
    // Self sign-up: the community's own sign-up link, when the admins offer it here and sign-ups are open.
    signupPath:
      settings.selfSignup && brand.allowSignUps && brand.selfSignupHash
        ? `/${brand.slug}/signup-${brand.selfSignupHash}`
        : null,
    // The directory's own theme, laid over the community's (the root styles the page with that one).
    themeStyle: settings.theme ? themeStyle({ ...brandThemeInput(brand), theme: settings.theme }) : null,
    // The one site that may frame the directory (docs/decisions/0007-embedding.md).
    embedder: brand.embeddedClientUrl,
  }
}
