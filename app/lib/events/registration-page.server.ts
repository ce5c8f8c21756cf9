// Who may open an event's register and survey pages. Registering is how someone who is not (yet)
// admitted gets into a public or premium event (premium events "require sign-up"), so those pages
// open to visitors and to signed-in people the room rule still refuses; a private event's pages
// open only to whom the room rule admits. Unknown links → event-not-found, like the event page.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { checkAccess } from '#models/access'
import type { CommunityEvent, Room } from '#models/index'
import { refusalLocation } from '../communities/access-refusal'
import { communityPermissions, requireCommunity } from '../http/guards.server'
import { viewer } from '../http/session.server'
import { privacyOf } from './event-rules'
import { eventDetails } from './events.server'
import { eventPagePath } from './registration-access.server'

type Args = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>

export async function requireRegistrationEvent(args: Args) {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const access = await checkAccess({ brand, userId: user?.id ?? null, room: { slug: args.params.room, kind: 'event' } })
  const room = access.room
  const opensToOutsiders =
    room !== null &&
    privacyOf(room.roomType) !== 'private' &&
    (access.ok || ['signInRequired', 'accessDenied', 'premiumEvent'].includes(access.reason))
  if (!access.ok && !opensToOutsiders) {
    const url = new URL(args.request.url)
    throw redirect(refusalLocation(access.reason, brand.slug, url.pathname + url.search))
  }
  const event: CommunityEvent = await eventDetails(room!)
  const permissions = await communityPermissions(args, brand)
  return {
    brand,
    user,
    room: room as Room,
    event,
    permissions,
    admitted: access.ok,
    eventPath: eventPagePath(brand.slug, room!.slug),
  }
}
