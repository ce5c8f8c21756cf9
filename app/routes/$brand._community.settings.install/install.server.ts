import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { InstallInstructionsSchema } from '#app/lib/embedding/install-instructions.schema'
import { mayMailInstructions, sendInstallInstructions } from '#app/lib/embedding/install-instructions.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { pageLanguage, routeMessages } from '#app/lib/i18n/page-language.server'
import { DeliveryError } from '#app/lib/platform/outbox.server'
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
  const submission = parseWithZod(form, { schema: InstallInstructionsSchema })
  if (submission.status !== 'success') return data({ intent: 'sendInstructions', result: submission.reply() }, { status: 400 })
  const { brand, user } = guarded
  if (!(await mayMailInstructions(brand))) {
    return data({ intent: 'sendInstructions', result: submission.reply({ formErrors: ['directory:errors.tooManySends'] }) }, { status: 429 })
  }
  try {
    await sendInstallInstructions(brand, user?.name || user?.emailAddress || brand.name, await pageLanguage(args), submission.value)
  } catch (error) {
    // The mail server refused: say so, keep what was typed (the outbox row records why).
    if (!(error instanceof DeliveryError)) throw error
    return data({ intent: 'sendInstructions', result: submission.reply({ formErrors: ['directory:errors.sendFailed'] }) }, { status: 502 })
  }
  throw await redirectWithFlash(tabUrl(brand.slug, 'install'), { kind: 'success', message: 'directory:install.sent' })
}
