// Who may enter a room's meeting page: the access rules for rooms (docs/meetings.md#who-may-enter),
// as one pure decision so it can be tested without a database.
//
// The decision, in order:
//  0. Meeting bots (recorders, live streamers) always pass ("recorders always pass").
//  1. The room's host and co-hosts always enter (the edge still applies the room's lock, which
//     admits exactly them).
//  2. Members-only rooms (membersOnly, or the exclusive, private and staff room types) admit only
//     the host, co-hosts and listed members; a guest is asked to sign in.
//  In a group, rules 1 and 2 count only for someone who belongs to the community (access-community,
//  which every community role holds while the membership is active): a group is a part of its
//  community ("Only members can enter private groups"), so a place in its lists (an outsider
//  a host approved, a member since archived) never opens it by itself.
//  3. Premium events "require sign-up": those registered (the event's members) enter; a guest is
//     asked to sign in, anyone else gets the premium-event refusal. Other premium rooms are "for
//     community members only": access-community, whatever else the room allows.
//  4. The announcements room is open to any signed-in user.
//  5. Anyone with the community's access-community permission enters its other rooms, and an
//     event's members (approved registrants, app/lib/events/registration.server.ts) enter the event.
//  6. Guests and signed-in strangers: a personal room is where visitors meet its host, so
//     anyone may come in; a group admits them only when it is open and the admins made that kind of
//     page public (the hub room → publicAccess.hub, other groups → publicAccess.groups). A group that
//     is not open requires sign-in; event rooms need membership (premium events need sign-up).
// The community home lists a group only to those this rule admits, so a listing never names a room
// its reader could not open.

export interface RoomAccessInput {
  userId: string | null
  /** The user holds access-community in the room's community. */
  hasCommunityAccess: boolean
  /** The user is a recorder or live streamer in the room's community. */
  isMeetingBot?: boolean
  room: {
    id: string
    hostId: string | null
    coHosts: string[] | null
    members: string[] | null
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

export type RoomRefusal = 'signInRequired' | 'membersOnly' | 'noAccess' | 'premiumEvent'
export type RoomAccess = { ok: true } | { ok: false; reason: RoomRefusal }

const MEMBERS_ONLY_TYPES = new Set(['exclusive', 'private', 'staff'])

export function roomAccess({
  userId,
  hasCommunityAccess,
  isMeetingBot = false,
  room,
  brand,
}: RoomAccessInput): RoomAccess {
  if (isMeetingBot) return { ok: true }
  const coHosts = room.coHosts ?? []
  const members = room.members ?? []
  const standingCounts = room.context !== 'group' || hasCommunityAccess
  if (userId && standingCounts && (room.hostId === userId || coHosts.includes(userId))) return { ok: true }

  if (room.membersOnly || MEMBERS_ONLY_TYPES.has(room.roomType)) {
    if (!userId) return { ok: false, reason: 'signInRequired' }
    return standingCounts && members.includes(userId) ? { ok: true } : { ok: false, reason: 'membersOnly' }
  }

  if (room.context === 'event' && room.roomType === 'premium') {
    if (!userId) return { ok: false, reason: 'signInRequired' }
    return members.includes(userId) ? { ok: true } : { ok: false, reason: 'premiumEvent' }
  }

  if (room.roomType === 'premium') {
    if (!userId) return { ok: false, reason: 'signInRequired' }
    return hasCommunityAccess ? { ok: true } : { ok: false, reason: 'membersOnly' }
  }

  if (userId && room.id === brand.announcementsRoomId) return { ok: true }
  if (userId && hasCommunityAccess) return { ok: true }
  // An event's members (its approved registrants) enter it, whether or not they belong to the community.
  if (userId && room.context === 'event' && members.includes(userId)) return { ok: true }

  if (room.context === 'personal') return { ok: true }
  if (room.context === 'group' && room.open) {
    const isHub = room.id === brand.topLevelRoomId
    if (isHub ? brand.publicAccess.hub : brand.publicAccess.groups) return { ok: true }
  }
  return { ok: false, reason: userId ? 'noAccess' : 'signInRequired' }
}
