import { User } from '#models/index'
import { afterSignIn } from '../http/session.server'
import { createMagicLink, CODE_LIFETIME_MS, type CodeSender } from './auth.server'
import { resolveLanguage } from '../i18n/i18n.server'
import { revokeMagicLinks } from './magic-links.server'
import { safeRedirect } from '../http/safe-redirect'
import { sendSignInCode } from './sign-in-messages.server'

/**
 * Sends a sign-in code by mail or SMS, whichever the identifier is, in the user's language, with a
 * magic link that signs in just as the code does (and dies with it). The account's earlier links
 * die now: only the newest mail can sign in.
 */
export const sendSignInCodeFor: CodeSender = async ({ identifier, code, userId, request }) => {
  const user = await User.findByPk(userId)
  const language = await resolveLanguage(request, { preferredLanguage: user?.preferredLanguage })
  const destination = afterSignIn(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), ''))
  await revokeMagicLinks(userId)
  const link = await createMagicLink(userId, destination, CODE_LIFETIME_MS)
  await sendSignInCode({ channel: identifier.includes('@') ? 'mail' : 'sms', to: identifier, code, link, language, brand: null })
}
