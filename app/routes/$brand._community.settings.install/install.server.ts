import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { installData, saveInstallSettings } from '#app/lib/settings/community-settings.server'

export async function installTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return { name: brand.name, ...installData(brand) }
}

export async function installTabAction(args: ActionFunctionArgs) {
  return saveInstallSettings(args, await requireCommunityPage(args, 'settings'))
}
