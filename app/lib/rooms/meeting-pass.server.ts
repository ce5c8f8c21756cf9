// A meeting pass: who may enter a room's meeting, what powers they hold there, and the short-lived
// pass (edge token) for the edge that hosts it. The room page and the pass-refresh route
// (/resources/edge-token) both ask here, so a reconnect is checked exactly like a visit.
import type { AppLoadContext } from '@remix-run/node'
import { signEdgeToken } from '#edge/contract/token'
import type { EdgeClaims } from '#edge/contract/protocol'
import { meetingRights } from '#models/access'
import { normaliseSlug } from '#models/slugs'
import type { PermissionSlug } from '#models/permissions'
import { requireEventRegistration } from '../events/registration-access.server'
import { requireRoom, type GuardArgs } from '../http/guards.server'
import { guestIdentity } from '../identity/guest-identity.server'
import { shownName } from '../members/shown-name'
import { type Brand, type Room, type User } from '#models/index'
import { env } from '../platform/env.server'
import { LIMITS, hit } from '../platform/rate-limit.server'
import { roomEdgeUrl } from './edge-publisher.server'

export interface EdgePass {
  token: string
  /** Null when no edge is alive: the page shows the connection error instead. */
  edgeUrl: string | null
  issuedAt: number
}

export type RoomSession = {
  brand: Brand
  room: Room
  claims: EdgeClaims
  /** The signed-in viewer; null for a guest. */
  user: User | null
  /** The Set-Cookie that gives a guest's browser its guest id, when it had none. */
  guestCookie: string | null
  /** The viewer's community permissions (where leaving an event leads depends on them). */
  permissions: ReadonlySet<PermissionSlug>
}

/**
 * Finds the room and checks access through the room guard (it throws the redirect a visitor who
 * may not enter gets), then works out the meeting rights the pass carries. Shared by the page
 * loader and the pass-refresh route, so a reconnect is checked exactly like a visit.
 */
export async function requireRoomSession(args: GuardArgs): Promise<RoomSession> {
  const { request, params } = args
  // The pass-refresh route comes back to the room's page, not to itself, after signing in.
  const back = new URL(request.url).pathname.startsWith('/resources/')
    ? `/${params.brand}/${normaliseSlug(params.room ?? '')}`
    : undefined
  const { brand, room, user, permissions } = await requireRoom(args, params.room, { back })
  const userId = user?.id ?? null
  const { isHost, isCoHost, permissions: meetingPermissions } = meetingRights(userId, room, permissions)
  // A registration event admits only its approved registrants (and those who run it).
  await requireEventRegistration({ brand, room, userId, permissions, isHost, isCoHost })
  const guest = userId ? null : await guestIdentity(request)
  const claims: EdgeClaims = {
    userId: userId ?? guest!.userId,
    name: user?.name ? shownName(brand, user.name) : brand.peerSettings.defaultDisplayName,
    avatar: user?.avatar ?? null,
    roomId: room.id,
    brandId: brand.id,
    isHost,
    isCoHost,
    permissions: meetingPermissions,
    // Enforced by the edge, not only hidden from the toolbar.
    controls: {
      chat: brand.toolbarControls.chat,
      sharedScreen: brand.toolbarControls.sharedScreen,
      sharedVideo: brand.toolbarControls.sharedVideo,
      closedCaption: brand.toolbarControls.closedCaption,
      transcribe: brand.toolbarControls.transcribe,
      recording: brand.toolbarControls.recording,
      live: brand.toolbarControls.live,
    },
    requestId: args.context.requestId,
  }
  return { brand, room, claims, user, guestCookie: guest?.setCookie ?? null, permissions }
}

/**
 * Counts a pass against the client address's limit (LIMITS.edgePassesPerAddress): null when it may
 * be issued, else the seconds to wait. Both the page and the refresh route issue passes.
 */
export async function passRefusal(context: AppLoadContext): Promise<{ retryAfterSeconds: number } | null> {
  const { allowed, retryAfterSeconds } = await hit(LIMITS.edgePassesPerAddress, context.clientAddress)
  return allowed ? null : { retryAfterSeconds }
}

/** `unreachable`: the edge a reconnecting client lost (see roomEdgeUrl). */
export async function edgePassFor(claims: EdgeClaims, options: { unreachable?: string } = {}): Promise<EdgePass> {
  const [token, edgeUrl] = await Promise.all([
    signEdgeToken(claims, env.EDGE_SECRET),
    roomEdgeUrl(claims.roomId, options),
  ])
  return { token, edgeUrl, issuedAt: Date.now() }
}
