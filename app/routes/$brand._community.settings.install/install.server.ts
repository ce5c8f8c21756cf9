import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requestInstallInstructions } from '#app/lib/embedding/install-instructions.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { pageLanguage, routeMessages } from '#app/lib/i18n/page-language.server'
import { installData, saveInstallSettings, tabUrl } from '#app/lib/settings/community-settings.server'

export async function installTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return { messages: await routeMessages(args, 'directory'), name: brand.name, ...installData(brand) }
}

export async function installTabAction(args: ActionFunctionArgs) {
  const guarded = await requireCommunityPage(args, 'settings')
  // Two forms post here: the site's address (saveInstallSettings reads its own body) and the instructions to send.
  const form = await readForm(args.request.clone())
  if (form.get('intent') !== 'sendInstructions') return saveInstallSettings(args, guarded)
  const outcome = await requestInstallInstructions(form, guarded, await pageLanguage(args))
  if (!outcome.ok) return data({ intent: 'sendInstructions', result: outcome.reply }, { status: outcome.status })
  throw await redirectWithFlash(tabUrl(guarded.brand.slug, 'install'), {
    kind: 'success',
    message: 'directory:install.sent',
  })
}
