import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { communitySettingsData, saveCommunitySettings } from '#app/lib/settings/community-settings.server'

export async function settingsTabLoader(args: LoaderFunctionArgs) {
  const { brand, permissions } = await requireCommunityPage(args, 'settings')
  return communitySettingsData(brand, permissions)
}

export async function settingsTabAction(args: ActionFunctionArgs) {
  return saveCommunitySettings(args, await requireCommunityPage(args, 'settings'))
}
