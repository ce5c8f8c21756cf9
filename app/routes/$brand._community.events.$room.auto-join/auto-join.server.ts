import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { findRoom } from '#models/access'
import { checkAutoJoinCode } from '#app/lib/events/auto-join.server'
import { eventPagePath } from '#app/lib/events/registration-access.server'
import { requireCommunity } from '#app/lib/http/guards.server'
import { getSession, startSession } from '#app/lib/http/session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * `/{brand}/events/{room}/auto-join?code=…`: the link of a registration's confirmation mail. The
 * code is the credential (spec §5: required, valid, not expired): it signs its registrant in and
 * opens the event's meeting. A refused code gets a page saying which of the three it was.
 */
export async function autoJoinLoader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  const room = await findRoom(brand.id, args.params.room)
  const code = new URL(args.request.url).searchParams.get('code')
  const checked = room?.context === 'event' ? await checkAutoJoinCode(room.id, code) : ({ ok: false, reason: 'invalid' } as const)
  if (checked.ok) return startSession(await getSession(args.request), checked.userId, `/${brand.slug}/${room!.slug}`)
  return data(
    { messages: await routeMessages(args, 'registration'), reason: checked.reason, eventPath: room?.context === 'event' ? eventPagePath(brand.slug, room.slug) : `/${brand.slug}/events` },
    { status: checked.reason === 'expired' ? 410 : 400, headers: { 'Cache-Control': 'no-store' } },
  )
}
