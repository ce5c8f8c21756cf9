import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { checkAccess } from '#models/access'
import { refusalLocation } from '#app/lib/communities/access-refusal'
import { privacyOf } from '#app/lib/events/event-rules'
import { MANAGE_EVENTS, eventDetails } from '#app/lib/events/events.server'
import { eventShown } from '#app/lib/events/event-view.server'
import { communityPermissions, requireCommunity } from '#app/lib/http/guards.server'
import { viewer } from '#app/lib/http/session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { registerPath } from '#app/lib/events/registration-access.server'
import { readableRoomFeed } from '#app/lib/posts/feed.server'

/**
 * `/{brand}/events/{room}`: the event's page. Who sees it is the room rule
 * the meeting uses (models/room-access.ts, through checkAccess), so the page and `/{brand}/{room}`
 * always agree: an unknown link → event-not-found, a guest → sign in, a premium event someone has
 * not signed up for → the premium-event access-denied page. Those who manage events also see an
 * event whose meeting would refuse them (to run it), without the Join link. Below, the event's
 * activity feed (models/post-access.ts: its visibility and public-posting settings).
 */
export async function eventPageLoader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const permissions = await communityPermissions(args, brand)
  const mayManage = Boolean(user) && permissions.has(MANAGE_EVENTS)
  const access = await checkAccess({ brand, userId: user?.id ?? null, room: { slug: args.params.room, kind: 'event' } })
  if (!access.ok && !(mayManage && access.room)) {
    // Registering is how an outsider gets into a public or premium registration event.
    if (
      access.room &&
      privacyOf(access.room.roomType) !== 'private' &&
      (await eventDetails(access.room)).registrationEnabled
    ) {
      throw redirect(registerPath(brand.slug, access.room.slug))
    }
    const url = new URL(args.request.url)
    throw redirect(refusalLocation(access.reason, brand.slug, url.pathname + url.search))
  }
  const room = access.room!
  const [shown, { feed }] = await Promise.all([
    eventShown({ brand, room, userId: user?.id ?? null, admitted: access.ok, mayManage }),
    // The activity feed, where its visibility lets the viewer read it; posting follows public posting.
    readableRoomFeed(args.request, brand, room, user?.id ?? null),
  ])
  return {
    // posts, connections and moderation: the activity feed's texts, as on a group page.
    messages: await routeMessages(args, 'events', 'registration', 'posts', 'connections', 'moderation'),
    brandSlug: brand.slug,
    mayManage,
    event: shown.event,
    joinUrl: shown.joinUrl,
    refusedMeeting: !access.ok,
    feed,
    origin: new URL(args.request.url).origin,
    hostsPostOnly: !shown.details.publicPosting,
    registration: shown.registration,
  }
}
