import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { withBuilderIntent } from '#app/lib/forms/form-builder.schema'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { parseListForm, readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { tabUrl } from '#app/lib/settings/community-settings.server'
import {
  changeSignupLink,
  saveSignupForm,
  signupLinkData,
  SignupFormSchema,
  SignupLinkChangeSchema,
} from '#app/lib/settings/signup-link.server'

export async function signUpTabLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return { messages: await routeMessages(args, 'forms'), slug: brand.slug, ...signupLinkData(brand) }
}

// Two forms post here: the link's buttons (`change`) and the questions (intent=signup-form).
export async function signUpTabAction(args: ActionFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  const form = await readForm(args.request)
  if (form.get('intent') === 'signup-form') {
    const submission = parseListForm(withBuilderIntent(form, ['steps']), SignupFormSchema)
    if (!submission) return data({ intent: 'signup-form', result: null }, { status: 400 })
    // A builder button without JavaScript: the form comes back changed, nothing saved.
    if (submission.status === undefined) return data({ intent: 'signup-form', result: submission.reply() })
    if (submission.status !== 'success')
      return data({ intent: 'signup-form', result: submission.reply() }, { status: 400 })
    await saveSignupForm(brand, submission.value)
    throw await redirectWithFlash(tabUrl(brand.slug, 'signUp'), { kind: 'success', message: 'settings:flash.saved' })
  }
  // parseListForm: a forged list-button intent on this form is bad input too, not a failure.
  const submission = parseListForm(form, SignupLinkChangeSchema)
  if (submission?.status !== 'success')
    return data({ intent: 'change', result: submission?.reply() ?? null }, { status: 400 })
  const message = await changeSignupLink(brand, submission.value.change)
  throw await redirectWithFlash(tabUrl(brand.slug, 'signUp'), { kind: 'success', message })
}
