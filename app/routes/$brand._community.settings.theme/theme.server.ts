import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Media } from '#models/index'
import { EDITABLE_ROLES, customThemeOf } from '#app/lib/communities/theme'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { saveThemeSettings, themeSettingsData } from '#app/lib/settings/community-settings.server'

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
    images: images.map((image) => ({ path: `/${brand.slug}/media/${image.id}`, name: image.name })),
    // The swatches' stylesheet names the custom colours, so it changes (and is fetched again) when they do.
    swatchesUrl: `/resources/theme-swatches?${new URLSearchParams(EDITABLE_ROLES.map((role) => [role, customThemeOf(brand.themeColors).colors[role]]))}`,
  }
}

export async function themeTabAction(args: ActionFunctionArgs) {
  return saveThemeSettings(args, await requireCommunityPage(args, 'settings'))
}
