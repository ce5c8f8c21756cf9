import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Media } from '#models/index'
import { LOGO_MAX_BYTES } from '#app/lib/communities/community-logo'
import { EDITABLE_ROLES, customThemeOf } from '#app/lib/communities/theme'
import { readFormWithFile } from '#app/lib/http/form-body.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { saveThemeSettings, themeSettingsData } from '#app/lib/settings/community-settings.server'
import { clearLogo, logoSettingsData, logoTooLarge, saveLogo } from '#app/lib/settings/logo-settings.server'

export async function themeTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  // The background can only be one of the library's images (theme.ts communityImageId): offered as a list.
  const images = await Media.findAll({
    attributes: ['id', 'name'],
    where: { brandId: brand.id, kind: 'image' },
    order: [['createdAt', 'DESC']],
    limit: 200,
    raw: true,
  })
  return {
    ...themeSettingsData(brand),
    logo: logoSettingsData(brand),
    images: images.map((image) => ({ path: `/${brand.slug}/media/${image.id}`, name: image.name })),
    // The swatches' stylesheet names the custom colours, so it changes (and is fetched again) when they do.
    swatchesUrl: `/resources/theme-swatches?${new URLSearchParams(EDITABLE_ROLES.map((role) => [role, customThemeOf(brand.themeColors).colors[role]]))}`,
  }
}

/** The tab's three forms (the theme, the logo upload, the logo's removal) post here, told apart by intent. */
export async function themeTabAction(args: ActionFunctionArgs) {
  const guarded = await requireCommunityPage(args, 'settings')
  // One reader for all three: only the logo form sends a file, and only up to LOGO_MAX_BYTES.
  const form = await readFormWithFile(args.request, 'logo', LOGO_MAX_BYTES)
  if (!form) return logoTooLarge()
  switch (form.get('intent')) {
    case 'logo':
      return saveLogo(form, guarded)
    case 'removeLogo':
      return clearLogo(guarded)
    default:
      return saveThemeSettings(form, guarded)
  }
}
