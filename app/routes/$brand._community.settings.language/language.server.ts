import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { languageSettingsData, saveLanguageSettings } from '#app/lib/settings/community-settings.server'

export async function languageTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return languageSettingsData(brand)
}

export async function languageTabAction(args: ActionFunctionArgs) {
  return saveLanguageSettings(args, await requireCommunityPage(args, 'settings'))
}
