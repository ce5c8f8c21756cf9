import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { languageCookie, resolveLanguage, translatorFor } from '#app/lib/i18n/i18n.server'
import { LANGUAGES } from '#app/lib/i18n/i18n'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { readForm } from '#app/lib/http/form-body.server'

const LanguageSwitch = z.object({
  language: z.enum(LANGUAGES),
  redirectTo: z.string().optional(),
})

/** The header's language switch: remembers the choice in a cookie and returns to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = LanguageSwitch.safeParse(Object.fromEntries(await readForm(request)))
  if (!submission.success) {
    const t = translatorFor(await resolveLanguage(request))
    return new Response(t('common:language.unsupported'), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const { language, redirectTo } = submission.data
  return redirect(safeRedirect(redirectTo), {
    headers: { 'Set-Cookie': await languageCookie.serialize(language) },
  })
}

export function loader() {
  throw new Response(null, { status: 405 })
}
