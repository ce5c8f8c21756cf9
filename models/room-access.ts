// Who may enter a room's meeting page: the spec's access rules for rooms (core §6), as one pure
// decision so it can be tested without a database.
//
// The decision, in order:
//  1. The room's host and co-hosts always enter (the edge still applies the room's lock, which
//     admits exactly them).
//  2. Members-only rooms (membersOnly, or the exclusive, private and staff room types) admit only
//     the host, co-hosts and listed members; a guest is asked to sign in.
//  3. Premium rooms are "for community members only": access-community, whatever else the room
//     allows; a guest is asked to sign in.
//  4. The announcements room is open to any signed-in user.
//  5. Anyone with the community's access-community permission enters its other rooms.
//  6. Guests and signed-in strangers: a personal room is where visitors meet its host (spec §1), so
//     anyone may come in; a group admits them only when it is open and the admins made that kind of
//     page public (the hub room → publicAccess.hub, other groups → publicAccess.groups). A group that
//     is not open requires sign-in; event rooms need membership (premium events need sign-up).
// The community home lists a group only to those this rule admits, so a listing never names a room
// its reader could not open.
// Recorders "always pass" in the spec: they join with an edge pass of their own, not this page.

export interface RoomAccessInput {
  userId: string | null
  /** The user holds access-community in the room's community. */
  hasCommunityAccess: boolean
  room: {
    id: string
    hostId: string | null
    coHosts: string[]
    members: string[]
    context: 'personal' | 'group' | 'event'
    roomType: string
    open: boolean
    membersOnly: boolean
  }
  brand: {
    topLevelRoomId: string | null
    announcementsRoomId: string | null
    publicAccess: { hub: boolean; groups: boolean }
  }
}

export type RoomAccess = { ok: true } | { ok: false; reason: 'signInRequired' | 'membersOnly' | 'noAccess' }

const MEMBERS_ONLY_TYPES = new Set(['exclusive', 'private', 'staff'])

export function roomAccess({ userId, hasCommunityAccess, room, brand }: RoomAccessInput): RoomAccess {
  if (userId && (room.hostId === userId || room.coHosts.includes(userId))) return { ok: true }

  if (room.membersOnly || MEMBERS_ONLY_TYPES.has(room.roomType)) {
    if (!userId) return { ok: false, reason: 'signInRequired' }
    return room.members.includes(userId) ? { ok: true } : { ok: false, reason: 'membersOnly' }
  }

  if (room.roomType === 'premium') {
    if (!userId) return { ok: false, reason: 'signInRequired' }
    return hasCommunityAccess ? { ok: true } : { ok: false, reason: 'membersOnly' }
  }

  if (userId && room.id === brand.announcementsRoomId) return { ok: true }
  if (userId && hasCommunityAccess) return { ok: true }

  if (room.context === 'personal') return { ok: true }
  if (room.context === 'group' && room.open) {
    const isHub = room.id === brand.topLevelRoomId
    if (isHub ? brand.publicAccess.hub : brand.publicAccess.groups) return { ok: true }
  }
  return { ok: false, reason: userId ? 'noAccess' : 'signInRequired' }
}
