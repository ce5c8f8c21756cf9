import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { EDITABLE_ROLES, customThemeOf } from '#app/lib/communities/theme'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { saveThemeSettings, themeSettingsData } from '#app/lib/settings/community-settings.server'

export async function themeTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return {
    ...themeSettingsData(brand),
    // The swatches' stylesheet names the custom colours, so it changes (and is fetched again) when they do.
    swatchesUrl: `/resources/theme-swatches?${new URLSearchParams(EDITABLE_ROLES.map((role) => [role, customThemeOf(brand.themeColors).colors[role]]))}`,
  }
}

export async function themeTabAction(args: ActionFunctionArgs) {
  return saveThemeSettings(args, await requireCommunityPage(args, 'settings'))
}
