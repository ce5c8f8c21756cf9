// The meeting page's server side: the room page's data, with its pass (lib/rooms/meeting-pass.server.ts).
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { normaliseSlug } from '#models/slugs'
import { requireCommunity } from '#app/lib/http/guards.server'
import { User } from '#models/index'
import { edgePassFor, passRefusal, requireRoomSession } from '#app/lib/rooms/meeting-pass.server'
import { sessionStorage, viewer, type AppSession } from '#app/lib/http/session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { thankYouPath } from '#app/lib/rooms/room-thank-you.server'
import { breakoutPreviewMs } from '#app/lib/rooms/breakout-preview'
import { eventEndUrl } from '#app/lib/events/registration-access.server'
import { eventBreakoutPlan } from '#app/lib/events/breakout-plan.server'
import { shownName } from '#app/lib/members/shown-name'

/** The product's named route for an unknown room in a community (brandRoomNotFound). */
export const ROOM_NOT_FOUND_SLUG = 'room-not-found'

/**
 * The host auto-join flag the sign-in callback stored (`aj`), used once: when the host opens a
 * room with it set, the meeting enters by itself. Returns the Set-Cookie that clears it, or null
 * when it is not set or the viewer is not this room's host (the flag stays for the host's room).
 */
async function takeAutoJoinFlag(session: AppSession, isHost: boolean): Promise<{ 'Set-Cookie': string } | null> {
  if (!isHost) return null
  const flags = session.get('flags')
  if (!flags?.autoJoin) return null
  session.set('flags', { ...flags, autoJoin: false })
  return { 'Set-Cookie': await sessionStorage.commitSession(session) }
}

export async function roomLoader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
  if (normaliseSlug(params.room ?? '') === ROOM_NOT_FOUND_SLUG) {
    const brand = await requireCommunity(args)
    return data(
      {
        kind: 'notFound' as const,
        community: { name: brand.name, slug: brand.slug },
        messages: await routeMessages(args, 'meeting'),
      },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    )
  }

  const { brand, room, claims, user, guestCookie, permissions } = await requireRoomSession(args)
  const isGuest = user === null
  const refused = await passRefusal(context)
  if (refused) {
    return data(
      {
        kind: 'passLimit' as const,
        community: { name: brand.name, slug: brand.slug },
        minutes: Math.ceil(refused.retryAfterSeconds / 60),
        messages: await routeMessages(args, 'meeting'),
      },
      { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(refused.retryAfterSeconds) } },
    )
  }
  const autoEnter = await takeAutoJoinFlag((await viewer(request, context)).session, claims.isHost)
  const [host, pass, messages, eventEnd, breakoutPlan] = await Promise.all([
    room.hostId ? User.findByPk(room.hostId, { attributes: ['id', 'name', 'avatar'] }) : null,
    edgePassFor(claims),
    // messages: the recorder's texts and the message errors of the waiting room's message for the host.
    routeMessages(args, 'meeting', 'notifications', 'messages'),
    eventEndUrl({
      brand,
      room,
      userId: isGuest ? null : claims.userId,
      permissions,
      isHost: claims.isHost,
      isCoHost: claims.isCoHost,
    }),
    // Who registered and how they answered is for the event's hosts only.
    claims.isHost || claims.isCoHost ? eventBreakoutPlan(room.id) : null,
  ])
  const { peerSettings, toolbarControls } = brand
  return data(
    {
      kind: 'room' as const,
      community: { name: brand.name, slug: brand.slug },
      room: {
        id: room.id,
        slug: room.slug,
        name: room.name || room.slug,
        description: room.description,
        // An event room: its hosts run the slots; the scheduled start is for the early-start warning.
        event: room.context === 'event' ? { startsAt: room.startsAt?.toISOString() ?? null } : null,
        // A personal room (/me/{link}): a message left for its host reaches them by mail or SMS, and
        // their recordings are on /me/recordings (the main brand's library is closed to them).
        personal: brand.slug === MAIN_BRAND_SLUG,
        locked: room.locked,
        breakoutPreviewMs: breakoutPreviewMs(room),
      },
      host: host ? { name: shownName(brand, host.name || ''), avatar: host.avatar } : null,
      hostId: room.hostId,
      me: {
        userId: claims.userId,
        name: claims.name,
        avatar: claims.avatar,
        // Shown in the meeting's settings, with the way to change it (the account settings).
        phoneNumber: user?.phoneNumber ?? null,
        isGuest,
        isHost: claims.isHost,
        isCoHost: claims.isCoHost,
        // Buttons only: the edge checks the same powers from the pass on every kick and mute.
        canKick: claims.isHost || claims.isCoHost || claims.permissions.includes('kick-peer'),
        canMute: claims.isHost || claims.isCoHost || claims.permissions.includes('mute-peer'),
      },
      pass,
      settings: {
        defaultViews: { desktop: brand.defaultViewDesktop, mobile: brand.defaultViewMobile },
        peersMax: peerSettings.peersMax,
        peersMinSize: peerSettings.peersMinSize,
        mirrorOwnVideo: peerSettings.mirrorOwnVideo,
        displayNameplates: peerSettings.peersDisplayNameplates,
        controls: {
          chat: toolbarControls.chat,
          settings: toolbarControls.settings,
          sharedScreen: toolbarControls.sharedScreen,
          sharedVideo: toolbarControls.sharedVideo,
          recording: toolbarControls.recording,
          live: toolbarControls.live,
          viewingMode: toolbarControls.viewingMode,
          fullScreen: toolbarControls.fullScreen,
          closedCaption: toolbarControls.closedCaption,
          transcribe: toolbarControls.transcribe,
        },
      },
      // redirectOnEndCall defaults to the thank-you page (the settings panel may pick the
      // community home instead); a room may name its own end URL.
      // An event's: its post-survey for a plain participant who owes it, else its end URL or page.
      endUrl:
        eventEnd ??
        (room.redirectOnEndUrl ||
          (brand.redirectOnEndCall === 'home' ? `/${brand.slug}` : thankYouPath(brand.slug, room.slug))),
      autoEnter: autoEnter !== null,
      breakoutPlan,
      // The community's embedding page (embeddedClientUrl) may frame the room.
      embedder: brand.embeddedClientUrl,
      messages,
    },
    // The pass is personal and short-lived: never cached, by the browser or anything between.
    {
      headers: {
        'Cache-Control': 'private, no-store',
        ...(autoEnter ?? {}),
        ...(guestCookie ? { 'Set-Cookie': guestCookie } : {}),
      },
    },
  )
}
