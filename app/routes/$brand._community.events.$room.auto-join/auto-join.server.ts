import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { findRoom } from '#models/access'
import { checkAutoJoinCode } from '#app/lib/events/auto-join.server'
import { eventPagePath } from '#app/lib/events/registration-access.server'
import { requireCommunity } from '#app/lib/http/guards.server'
import { signInWithConsent } from '#app/lib/identity/link-sign-in.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * `/{brand}/events/{room}/auto-join?code=…`: the link of a registration's confirmation mail. The
 * code is the credential (required, valid, not expired): it signs its registrant in and
 * opens the event's meeting. When another account is signed in in this browser, it asks first
 * ("continue as …?", a POST form back to this address), as magic links do: a plain GET never
 * switches accounts. A refused code gets a page saying which of the three it was.
 */
export async function autoJoinLoader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  const room = await findRoom(brand.id, args.params.room)
  const code = new URL(args.request.url).searchParams.get('code')
  const checked =
    room?.context === 'event' ? await checkAutoJoinCode(room.id, code) : ({ ok: false, reason: 'invalid' } as const)
  const eventPath = room?.context === 'event' ? eventPagePath(brand.slug, room.slug) : `/${brand.slug}/events`
  const headers = { 'Cache-Control': 'no-store' }
  if (checked.ok) {
    const meeting = `/${brand.slug}/${room!.slug}`
    const prompt = await signInWithConsent(args, {
      userId: checked.userId,
      stayUrl: eventPath,
      redeem: async () => ({ userId: checked.userId, to: meeting }),
    })
    return data(
      { messages: await routeMessages(args, 'registration', 'auth'), prompt, reason: null, eventPath },
      { headers },
    )
  }
  return data(
    { messages: await routeMessages(args, 'registration', 'auth'), prompt: null, reason: checked.reason, eventPath },
    { status: checked.reason === 'expired' ? 410 : 400, headers },
  )
}
