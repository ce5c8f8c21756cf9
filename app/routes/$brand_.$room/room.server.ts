// The meeting page's server side: which room the URL names, whether this visitor may enter it,
// what powers they hold there, and the short-lived pass (edge token) for the edge that hosts the
// meeting. The resource route /resources/edge-token hands out fresh passes for reconnects.
import { data, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { signEdgeToken } from '#edge/token'
import type { EdgeClaims } from '#edge/protocol'
import { normaliseSlug } from '#models/slugs'
import { grantedPermissions } from '#app/lib/access.server'
import { findBrand } from '#app/lib/brands.server'
import { Room, User, type Brand } from '#app/lib/db.server'
import { roomEdgeUrl } from '#app/lib/edge-publisher.server'
import { env } from '#app/lib/env.server'
import { guestIdentity } from '#app/lib/guest-identity.server'
import { LIMITS, hit } from '#app/lib/rate-limit.server'
import { sessionStorage, viewer, type AppSession } from '#app/lib/session.server'
import { roomAccess } from '#models/room-access'
import { routeMessages } from '#app/lib/page-language.server'
import { refusalPath } from '#app/lib/access-refusal'
import { thankYouPath } from '#app/lib/room-thank-you.server'

/** The spec's named route for an unknown room in a community (brandRoomNotFound). */
export const ROOM_NOT_FOUND_SLUG = 'room-not-found'

/** Meeting powers a community role can grant besides being the host or a co-host (spec §6). */
const MEETING_PERMISSIONS = ['kick-peer', 'mute-peer'] as const

export interface EdgePass {
  token: string
  /** Null when no edge is alive: the page shows the connection error instead. */
  edgeUrl: string | null
  issuedAt: number
}

type RoomSession = {
  brand: Brand
  room: Room
  claims: EdgeClaims
  isGuest: boolean
  /** The Set-Cookie that gives a guest's browser its guest id, when it had none. */
  guestCookie: string | null
}

/**
 * Finds the room and checks access; throws the redirect a visitor who may not enter gets. Shared
 * by the page loader and the pass-refresh route, so a reconnect is checked exactly like a visit.
 */
export async function requireRoomSession(request: Request, context: AppLoadContext, brandSlug: string | undefined, roomSlug: string | undefined): Promise<RoomSession> {
  const brand = await findBrand(context, brandSlug)
  if (!brand) throw redirect('/community-not-found')
  const slug = normaliseSlug(roomSlug ?? '')
  const room = slug ? await Room.findOne({ where: { brandId: brand.id, slug, status: 'active', deleted: false } }) : null
  if (!room) throw redirect(`/${brand.slug}/${ROOM_NOT_FOUND_SLUG}`)

  const { user } = await viewer(request, context)
  const userId = user?.id ?? null
  // A room-level check: community-wide grants and this room's own (never another room's).
  const granted = await grantedPermissions(userId, brand.id, ['access-community', ...MEETING_PERMISSIONS], room.id)
  const access = roomAccess({
    userId,
    hasCommunityAccess: granted.has('access-community'),
    room: {
      id: room.id,
      hostId: room.hostId,
      coHosts: room.coHosts ?? [],
      members: room.members ?? [],
      context: room.context,
      roomType: room.roomType,
      open: room.open,
      membersOnly: room.membersOnly,
    },
    brand: { topLevelRoomId: brand.topLevelRoomId, announcementsRoomId: brand.announcementsRoomId, publicAccess: brand.publicAccess },
  })
  if (!access.ok) {
    const url = new URL(request.url)
    const back = url.pathname.startsWith('/resources/') ? `/${brand.slug}/${room.slug}` : url.pathname
    throw redirect(refusalPath(brand.slug, userId !== null, back))
  }

  const isHost = userId !== null && room.hostId === userId
  const isCoHost = userId !== null && !isHost && (room.coHosts ?? []).includes(userId)
  const permissions = MEETING_PERMISSIONS.filter((slug) => granted.has(slug))
  const guest = userId ? null : await guestIdentity(request)
  const claims: EdgeClaims = {
    userId: userId ?? guest!.userId,
    name: user?.name || brand.peerSettings.defaultDisplayName,
    avatar: user?.avatar ?? null,
    roomId: room.id,
    brandId: brand.id,
    isHost,
    isCoHost,
    permissions,
    locked: room.locked,
    // Enforced by the edge, not only hidden from the toolbar.
    controls: { chat: brand.toolbarControls.chat, sharedScreen: brand.toolbarControls.sharedScreen },
  }
  return { brand, room, claims, isGuest: !userId, guestCookie: guest?.setCookie ?? null }
}

/**
 * Counts a pass against the client address's limit (LIMITS.edgePassesPerAddress): null when it may
 * be issued, else the seconds to wait. Both the page and the refresh route issue passes.
 */
export async function passRefusal(context: AppLoadContext): Promise<{ retryAfterSeconds: number } | null> {
  const { allowed, retryAfterSeconds } = await hit(LIMITS.edgePassesPerAddress, context.clientAddress)
  return allowed ? null : { retryAfterSeconds }
}

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

/** `unreachable`: the edge a reconnecting client lost (see roomEdgeUrl). */
export async function edgePassFor(claims: EdgeClaims, options: { unreachable?: string } = {}): Promise<EdgePass> {
  const [token, edgeUrl] = await Promise.all([signEdgeToken(claims, env.EDGE_SECRET), roomEdgeUrl(claims.roomId, options)])
  return { token, edgeUrl, issuedAt: Date.now() }
}

export async function roomLoader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
  const { user } = await viewer(request, context)
  if (normaliseSlug(params.room ?? '') === ROOM_NOT_FOUND_SLUG) {
    const brand = await findBrand(context, params.brand)
    if (!brand) throw redirect('/community-not-found')
    return data(
      { kind: 'notFound' as const, community: { name: brand.name, slug: brand.slug }, messages: await routeMessages(args, 'meeting') },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    )
  }

  const { brand, room, claims, isGuest, guestCookie } = await requireRoomSession(request, context, params.brand, params.room)
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
  const [host, pass, messages] = await Promise.all([
    room.hostId ? User.findByPk(room.hostId, { attributes: ['id', 'name', 'avatar'] }) : null,
    edgePassFor(claims),
    routeMessages(args, 'meeting'),
  ])
  const { peerSettings, toolbarControls } = brand
  return data(
    {
      kind: 'room' as const,
      community: { name: brand.name, slug: brand.slug },
      room: { id: room.id, slug: room.slug, name: room.name || room.slug, description: room.description },
      host: host ? { name: host.name || '', avatar: host.avatar } : null,
      hostId: room.hostId,
      me: {
        userId: claims.userId,
        name: claims.name,
        avatar: claims.avatar,
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
          viewingMode: toolbarControls.viewingMode,
          fullScreen: toolbarControls.fullScreen,
        },
      },
      // Spec: redirectOnEndCall defaults to the thank-you page; a room may name its own end URL.
      endUrl: room.redirectOnEndUrl || thankYouPath(brand.slug, room.slug),
      autoEnter: autoEnter !== null,
      // The community's embedding page (spec: embeddedClientUrl) may frame the room.
      embedder: brand.embeddedClientUrl,
      messages,
    },
    // The pass is personal and short-lived: never cached, by the browser or anything between.
    { headers: { 'Cache-Control': 'private, no-store', ...(autoEnter ?? {}), ...(guestCookie ? { 'Set-Cookie': guestCookie } : {}) } },
  )
}
