// Who may do what with posts: the access check's postId case (GET /access with postId) and the post
// rights. A post is seen by whoever its room admits (models/room-access.ts): the single post view
// is a public route, so a guest sees a post in a room open to guests (the hub's feed when the
// admins made the hub public, a personal room) and is asked to sign in for any other.
//
// Rights, decided here once:
// - comment and reply: signed in and admitted to the room ("Signing in is required to comment or reply");
// - post: signed in, admitted, and a member of the community who may own posts (access-community and
//   edit-own-posts: not viewers or guests) or the room's host or co-host; in the announcements room only those who moderate it ("Co-hosts and admins … post content");
// - moderate (pin, remove anyone's post): moderate-community-posts (owners, admins, moderators), or the
//   room's host or co-host (room-host / room-co-host: edit-own-posts, edit-group-posts);
// - promote to the hub feed: moderate-community-posts only, as it speaks for the whole community;
// - remove one's own post: its author, with edit-own-posts.
// An event's activity feed follows its two settings on top of these: hidden ("activity feed
// visibility" off), only those who moderate it read it and write in it; public posting off, only
// they post ("Co-hosts may post in an event feed when public posting is off"), the others comment.
import { Op } from 'sequelize'
import type { Brand } from './brand'
import { permissionsHeld, type Access } from './access'
import { CommunityEvent } from './event'
import type { PermissionSlug } from './permissions'
import { Post } from './post'
import { Room } from './room'
import { roomAccess } from './room-access'

export type PostRights = {
  read: boolean
  comment: boolean
  post: boolean
  moderate: boolean
  promote: boolean
  removeOwn: boolean
}

type RoomForRights = Pick<
  Room,
  'id' | 'hostId' | 'coHosts' | 'members' | 'context' | 'roomType' | 'open' | 'membersOnly'
>

/** An event's activity feed settings; every other room's feed is open (OPEN_FEED). */
export type FeedRules = { visible: boolean; publicPosting: boolean }
export const OPEN_FEED: FeedRules = { visible: true, publicPosting: true }

/** The feed rules of each of these rooms: an event's from its settings, the others' OPEN_FEED. */
export async function feedRulesOf(rooms: ReadonlyArray<Pick<Room, 'id' | 'context'>>): Promise<Map<string, FeedRules>> {
  const rules = new Map(rooms.map((room) => [room.id, OPEN_FEED]))
  const events = rooms.filter((room) => room.context === 'event').map((room) => room.id)
  if (events.length === 0) return rules
  const rows = await CommunityEvent.findAll({
    attributes: ['roomId', 'feedVisible', 'publicPosting'],
    where: { roomId: events },
  })
  for (const row of rows) rules.set(row.roomId, { visible: row.feedVisible, publicPosting: row.publicPosting })
  return rules
}

/** postRights with what the person holds in the room and the room's feed rules, read here. */
export async function roomRights(
  userId: string | null,
  brand: Pick<Brand, 'id' | 'topLevelRoomId' | 'announcementsRoomId' | 'publicAccess'>,
  room: RoomForRights,
): Promise<{ rights: PostRights; held: ReadonlySet<PermissionSlug> }> {
  const [held, rules] = await Promise.all([permissionsHeld(userId, brand.id, room.id), feedRulesOf([room])])
  return { rights: postRights(userId, brand, room, held, rules.get(room.id)), held }
}

/** The rights of a person (null: a guest) in one room, from what they hold there (permissionsHeld with the room). */
export function postRights(
  userId: string | null,
  brand: Pick<Brand, 'topLevelRoomId' | 'announcementsRoomId' | 'publicAccess'>,
  room: RoomForRights,
  held: ReadonlySet<PermissionSlug>,
  feed: FeedRules = OPEN_FEED,
): PostRights {
  // The hub's feed is the community home's: readable by whoever the home admits (a guest when the admins made the hub public), as the home shows it.
  const hubForGuests = room.id === brand.topLevelRoomId && brand.publicAccess.hub
  const admitted = roomAccess({ userId, hasCommunityAccess: held.has('access-community'), room, brand }).ok
  // Answering, reacting and posting need the room itself to admit the person, not only its public feed.
  const signedIn = userId !== null && admitted
  const hostOrCoHost = userId !== null && (room.hostId === userId || (room.coHosts ?? []).includes(userId))
  const moderate = signedIn && (held.has('moderate-community-posts') || held.has('edit-group-posts') || hostOrCoHost)
  // A hidden event feed is its moderators' alone.
  const read = feed.visible ? hubForGuests || admitted : moderate
  const answer = feed.visible ? signedIn : moderate
  // Writing posts is edit-own-posts (the room host's own-posts right), on top of entering the community: viewers and
  // guests read.
  const member = (held.has('access-community') && held.has('edit-own-posts')) || hostOrCoHost
  const post =
    signedIn && (room.id === brand.announcementsRoomId || !feed.publicPosting || !feed.visible ? moderate : member)
  return {
    read,
    comment: answer,
    post,
    moderate,
    promote: signedIn && held.has('moderate-community-posts'),
    removeOwn: signedIn && held.has('edit-own-posts'),
  }
}

/** A published, undeleted post of this community, or null. */
export function findPost(brandId: string, postId: string | undefined): Promise<Post | null> {
  if (!postId) return Promise.resolve(null)
  return Post.findOne({ where: { id: postId, brandId, status: 'published', deleted: { [Op.not]: true } } })
}

/**
 * The access check for a post (GET /access with postId): an unknown, removed or unpublished post,
 * or one whose room is gone → postNotFound; a room that does not admit the viewer → sign in (a
 * guest) or access denied.
 */
export async function postAccess(
  brand: Brand,
  userId: string | null,
  postId: string | undefined,
): Promise<(Access & { ok: true } & { post: Post; room: Room; rights: PostRights }) | (Access & { ok: false })> {
  const post = await findPost(brand.id, postId)
  const room = post
    ? await Room.findOne({
        where: { id: post.contextRoomId, brandId: brand.id, status: 'active', deleted: { [Op.not]: true } },
      })
    : null
  if (!post || !room) return { ok: false, reason: 'postNotFound', userId, brand, room: null }
  const { rights, held: permissions } = await roomRights(userId, brand, room)
  if (!rights.read) return { ok: false, reason: userId ? 'accessDenied' : 'signInRequired', userId, brand, room }
  return { ok: true, userId, brand, room, permissions, post, rights }
}
