import { Brand, Room, User } from '#models/index'
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
 * Sends a code asked for on a community's own page, joining through its sign-up link or registering
 * for an event: by mail or SMS as the identifier is, linking back to that very page, in the
 * community's name, colours and language, and saying what the person is doing (the event by name).
 */
export function codeBackToPage(kind: 'join' | 'register') {
  return async ({ identifier, code, request }: { identifier: string; code: string; request: Request }) => {
    const { pathname } = new URL(request.url)
    // /{brand}/signup-{hash} or /{brand}/events/{room}/register
    const [, brandSlug = '', , roomSlug = ''] = pathname.split('/')
    const brand = await Brand.findOne({ where: { slug: brandSlug, status: 'active' } })
    const event =
      kind === 'register' && brand
        ? await Room.findOne({ attributes: ['name', 'slug'], where: { brandId: brand.id, slug: roomSlug } })
        : null
    await sendSignInCode({
      channel: identifier.includes('@') ? 'mail' : 'sms',
      to: identifier,
      code,
      link: `${env.PUBLIC_URL}${pathname}`,
      language: await resolveLanguage(request, { communityLanguage: brand?.communityLanguage }),
      brand,
      purpose: kind === 'join' ? { kind } : { kind, event: event?.name || event?.slug || roomSlug },
    })
  }
}
