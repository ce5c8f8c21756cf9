import { Brand, User } from '#models/index'
import { env } from '../platform/env.server'
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
  await sendSignInCode({
    channel: identifier.includes('@') ? 'mail' : 'sms',
    to: identifier,
    code,
    link,
    language,
    brand: null,
  })
}

/**
 * Mails a code asked for on a community's own page (self sign-up, registering for an event): the
 * mail links back to that very page, in the community's name, colours and language.
 */
export async function mailCodeBackToPage({
  identifier,
  code,
  request,
}: {
  identifier: string
  code: string
  request: Request
}) {
  const { pathname } = new URL(request.url)
  const brand = await Brand.findOne({ where: { slug: pathname.split('/')[1] ?? '', status: 'active' } })
  await sendSignInCode({
    channel: 'mail',
    to: identifier,
    code,
    link: `${env.PUBLIC_URL}${pathname}`,
    language: await resolveLanguage(request, { communityLanguage: brand?.communityLanguage }),
    brand,
  })
}
