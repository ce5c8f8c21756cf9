// The contacts drawer's data (as GET /user-connections with query and favorite, and
// /user-connections/followers): my connections, searched by name and paged 30 at a time
// from page 0; the requests waiting on me and on others; who follows me; the rooms I follow; the
// people I blocked or muted.
import { Op, col, fn, where } from 'sequelize'
import { isActiveMember } from './connections.server'
import { Room, RoomFollow, User, UserBlock, UserConnection } from '#models/index'
import { CONTACTS_PER_PAGE } from './connection-rules'

export type Person = { userId: string; name: string; avatar: string | null }
export type ContactRow = Person & { favorite: boolean; following: boolean }

const PERSON_ATTRIBUTES = ['id', 'name', 'avatar'] as const
const person = (user: User | undefined, id: string): Person => ({
  userId: id,
  name: user?.name || '—',
  avatar: user?.avatar ?? null,
})

/** Accepted connections matching the search (a plain substring of the name, as the members list searches). */
export async function listContacts(input: {
  brandId: string
  viewerId: string
  query: string
  favorites: boolean
  page: number
}) {
  const { brandId, viewerId, query, favorites, page } = input
  const nameMatches = query
    ? [where(fn('instr', fn('lower', col('connectedUser.name')), query.toLowerCase()), { [Op.gt]: 0 })]
    : []
  const { rows, count } = await UserConnection.findAndCountAll({
    where: {
      [Op.and]: [
        { brandId, userId: viewerId, status: 'accepted', ...(favorites ? { favorite: true } : {}) },
        ...nameMatches,
      ],
    },
    include: [{ model: User, as: 'connectedUser', attributes: [...PERSON_ATTRIBUTES] }],
    order: [
      ['favorite', 'DESC'],
      [col('connectedUser.name'), 'ASC'],
    ],
    limit: CONTACTS_PER_PAGE,
    offset: page * CONTACTS_PER_PAGE,
  })
  return {
    rows: rows.map((row): ContactRow => ({
      ...person(row.connectedUser, row.connectedUserId),
      favorite: row.favorite,
      following: row.postNotifications,
    })),
    total: count,
    page,
    pages: Math.ceil(count / CONTACTS_PER_PAGE),
    perPage: CONTACTS_PER_PAGE,
    query,
    favorites,
  }
}

/** Requests waiting on me (pending), mine waiting on others (requested), and mine that were declined. */
export async function listRequests(brandId: string, viewerId: string) {
  const rows = await UserConnection.findAll({
    where: { brandId, userId: viewerId, status: ['pending', 'requested', 'rejected'] },
    include: [{ model: User, as: 'connectedUser', attributes: [...PERSON_ATTRIBUTES] }],
    order: [['createdAt', 'DESC']],
  })
  const of = (status: string) =>
    rows.filter((row) => row.status === status).map((row) => person(row.connectedUser, row.connectedUserId))
  return { incoming: of('pending'), outgoing: of('requested'), declined: of('rejected') }
}

/** How many of my connections follow my posts (GET /user-connections/followers). */
export function followerCount(brandId: string, viewerId: string): Promise<number> {
  return UserConnection.count({
    where: { brandId, connectedUserId: viewerId, status: 'accepted', postNotifications: true },
  })
}

/**
 * Who follows my posts among my connections, by name, paged like the contacts (GET /user-connections/followers with
 * page).
 */
export async function listFollowers(brandId: string, viewerId: string, page: number) {
  const { rows, count } = await UserConnection.findAndCountAll({
    // The follower's own row about me: they connected with me and follow my posts.
    where: { brandId, connectedUserId: viewerId, status: 'accepted', postNotifications: true },
    include: [{ model: User, as: 'user', attributes: [...PERSON_ATTRIBUTES] }],
    order: [[col('user.name'), 'ASC']],
    limit: CONTACTS_PER_PAGE,
    offset: page * CONTACTS_PER_PAGE,
  })
  return {
    rows: rows.map((row) => person(row.user, row.userId)),
    total: count,
    page,
    pages: Math.ceil(count / CONTACTS_PER_PAGE),
    perPage: CONTACTS_PER_PAGE,
  }
}

/** The rooms of this community I follow. */
export async function followedRooms(brandId: string, viewerId: string) {
  const follows = await RoomFollow.findAll({
    where: { userId: viewerId },
    include: [{ model: Room, as: 'room', attributes: ['id', 'slug', 'name'], where: { brandId }, required: true }],
    order: [[col('room.name'), 'ASC']],
  })
  return follows.map((follow) => ({
    id: follow.id,
    roomId: follow.room!.id,
    slug: follow.room!.slug,
    name: follow.room!.name || follow.room!.slug,
    postNotifications: follow.postNotifications,
  }))
}

/** The people I blocked and those I muted here. */
export async function listBlocks(brandId: string, viewerId: string) {
  const rows = await UserBlock.findAll({
    where: { brandId, userId: viewerId },
    include: [{ model: User, as: 'targetUser', attributes: [...PERSON_ATTRIBUTES] }],
    order: [['createdAt', 'DESC']],
  })
  const of = (kind: string) =>
    rows.filter((row) => row.kind === kind).map((row) => person(row.targetUser, row.targetUserId))
  return { blocked: of('block'), muted: of('mute') }
}

/** The person a profile dialog is about: an active member of this community, or nobody (no looking people up across communities). */
export async function findPerson(userId: string, brandId: string): Promise<Person | null> {
  if (!(await isActiveMember(userId, brandId))) return null
  const user = await User.findByPk(userId, { attributes: [...PERSON_ATTRIBUTES] })
  return user ? person(user, user.id) : null
}
