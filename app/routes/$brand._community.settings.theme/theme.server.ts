import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { customThemeOf, resolvedColors, swatchStyles } from '#app/lib/communities/theme'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { saveThemeSettings, themeSettingsData } from '#app/lib/settings/community-settings.server'

export async function themeTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return {
    ...themeSettingsData(brand),
    swatches: swatchStyles(resolvedColors({ theme: 'custom', colors: customThemeOf(brand.themeColors).colors })),
  }
}

export async function themeTabAction(args: ActionFunctionArgs) {
  return saveThemeSettings(args, await requireCommunityPage(args, 'settings'))
}
