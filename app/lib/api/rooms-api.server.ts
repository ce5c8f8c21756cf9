// The JSON calls for rooms (docs/api.md#rooms). Each applies the rules of the page that does the same:
// POST /reserved-names sets links aside; POST /room/provision gives a person their room as the new member
// wizard does; GET /rooms, /rooms/count, /rooms/export, /rooms/search and PUT /rooms/batch/status are the
// admin rooms page's list and batch change (those who hold manage-community-rooms on the admin page);
// GET /room/{slug} and /rooms/lookup/{slug} load a room and check a link for whoever may see the
// community (anyone, for the personal links under /me, as the claim page); GET /rooms/personal is the me
// screen's rooms (one's own; someone else's for the rooms admins); GET and PUT /rooms/{id} read and edit a
// room by the page that edits that kind of room (one's own room: /me/rooms/…; a group: its editor; any
// other: the admin rooms and directory pages); POST /rooms is the new group wizard and DELETE /rooms/{id}
// the groups page's `remove`. Personal links (the main brand) are the install's, so super users reserve
// them; a community's are reserved and provisioned by those who manage its members, as on its Members tab.
import { stringify } from 'csv-stringify/sync'
import { Op, type WhereOptions } from 'sequelize'
import { z } from 'zod'
import { Room, RoomTag, User, type Brand } from '#models/index'
import { pageAccess } from '#models/access'
import { ID_PATTERN } from '#models/ids'
import type { PermissionSlug } from '#models/permissions'
import { mainBrand } from '#models/main-brand'
import { actsAsSuperUser } from '#models/token-cap'
import { requireAdmin } from '../admin/admin-access.server'
import { changeRooms, listRooms, placeInDirectory, type RoomsChange } from '../admin/admin-rooms.server'
import { BatchRoomsSchema, DirectoryRoomSchema, type DirectoryVisibility } from '../admin/admin.schema'
import { ADMIN_PAGE_SIZE } from '../admin/listing'
import { containsText } from '../admin/search.server'
import { inertCell } from '../events/event-members-rules'
import { requireGroup, requireGroupRunner } from '../groups/group-access.server'
import { saveGroupDetails } from '../groups/group-editor.server'
import { groupStanding, mayEditGroup, mayRunGroup } from '../groups/group-rules'
import { GroupDetailsSchema, NewGroupSchema } from '../groups/group.schema'
import { findGroup } from '../groups/groups.server'
import { bulkGroupAction } from '../groups/group-moderation.server'
import { createGroup } from '../groups/new-group.server'
import type { TranslationKey } from '../i18n/i18n'
import {
  inCommunity,
  json,
  readBody,
  readQuery,
  refuse,
  requesterT,
  type ApiArgs,
  type ApiRefusal,
} from '../http/api.server'
import {
  communityPermissions,
  requireCommunity,
  requireCommunityPage,
  requireCommunityPermission,
  requireRoom,
  requireUser,
  type CommunityAccess,
  type GuardArgs,
} from '../http/guards.server'
import { viewer } from '../http/session.server'
import { NewMemberSchema, roomLinkProblem } from '../members/member.schema'
import { createMember } from '../members/new-member.server'
import { roomLinkSlug, roomLinkState, suggestRoomLink, type LinkChangeStop } from '../members/room-link.server'
import { logger } from '../platform/logger.server'
import { claimPathFor } from '../rooms/claim-flow.server'
import { findOwnRoom, OwnRoomSchema, ownRoomValues, saveOwnRoom } from '../rooms/own-room.server'
import { RESERVED_NAMES_MAX, reserveNames } from '../rooms/reserved-names.server'
import { checkRoomLink as checkPersonalLink, roomLinkProblem as personalLinkProblem } from '../rooms/room-claims.server'
import { userCommunities } from '../rooms/user-rooms.server'
import { roomTagIds, tagLabelsByRoom } from '../tags/room-tags.server'
import { BatchStatusBody, PersonalRoomsQuery, RoomsListQuery, RoomsSearchQuery, SlugQuery } from './rooms-api.schema'
import { brandQuery } from './api.schema'

const brandIdField = () => z.string().regex(ID_PATTERN, 'api:errors.communityNotFound')

const ReservedNamesBody = z.object({
  /** Absent: the install's personal links (/me/{link}). */
  brandId: brandIdField().optional(),
  names: z
    .array(z.string().max(255, 'api:rooms.nameInvalid'), { required_error: 'api:rooms.namesRequired' })
    .min(1, 'api:rooms.namesRequired')
    .max(RESERVED_NAMES_MAX, 'api:rooms.tooManyNames'),
})

/** POST reserved-names: `{ reserved, refused }`, each refusal with its reason and message. */
export async function reserveNamesCall(args: ApiArgs) {
  const body = await readBody(args.request, ReservedNamesBody)
  const main = await mainBrand()
  if (!body.brandId || body.brandId === main.id) {
    const user = await requireUser(args)
    if (!actsAsSuperUser(user)) throw refuse(403, 'api:errors.forbidden')
  } else {
    await requireCommunityPermission(await inCommunity(args, body.brandId), 'manage-community-members')
  }
  const { reserved, refused } = await reserveNames(body.brandId ?? main.id, body.names)
  const t = await requesterT(args)
  return {
    reserved,
    refused: refused.map((refusal) => ({
      ...refusal,
      message: t(`api:rooms.${refusal.reason}`, { name: refusal.name }),
    })),
  }
}

/** The new member wizard's fields (with its defaults: a locked room, shown to members) and the community. */
const ProvisionBody = NewMemberSchema.extend({ brandId: brandIdField() })

/** Which of the wizard's refusals the answer names when there are several. */
const FIELD_ORDER = ['emailAddress', 'roomLink', 'roles'] as const

/**
 * POST room/provision: the person's account (made when they have none), membership and room, and
 * the room's `id` (201). Someone with an account is invited instead (202, `{ id: null, invited }`):
 * they join by accepting. A failure nobody foresaw answers the spec's `unknown` error.
 */
export async function provisionRoomCall(args: ApiArgs) {
  const body = await readBody(args.request, ProvisionBody)
  const { brand, permissions, user } = await requireCommunityPermission(
    await inCommunity(args, body.brandId),
    'manage-community-members',
  )
  const outcome = await createMember({ brand, held: permissions, values: body, invitedById: user.id })
  switch (outcome.kind) {
    case 'created': {
      const room = await Room.findOne({
        attributes: ['id'],
        where: { brandId: brand.id, slug: roomLinkSlug(body.roomLink) },
        rejectOnEmpty: true,
      })
      return json({ id: room.id, userId: outcome.userId }, 201)
    }
    case 'invited':
      return json({ id: null, invited: true }, 202)
    case 'invalid': {
      // Roles the caller may not give are a bad request; the rest (a member already, a link taken) conflicts.
      const field = FIELD_ORDER.find((name) => outcome.fieldErrors[name]?.length)
      const key = (field ? outcome.fieldErrors[field]![0] : 'api:errors.badRequest') as TranslationKey
      const { refusal } = outcome
      if (field === 'roomLink' && refusal)
        throw refuse(409, key, { label: refusal.label }, { suggestion: refusal.suggestion })
      throw refuse(field === 'roles' ? 400 : 409, key)
    }
    case 'failed':
      // The spec's shape for it: the room's `id` says `unknown`, beside the error.
      throw refuse(500, 'auth:errors.unknown', {}, { id: 'unknown' })
  }
}

// ── Reading and editing rooms ───────────────────────────────────────────────────────────────────

/** The room an address names (`{id}`), any community's; an unknown one is 404. Who may see it is each call's guard. */
async function roomOf(args: ApiArgs): Promise<Room> {
  const id = args.params.id ?? ''
  const room = ID_PATTERN.test(id) ? await Room.findByPk(id) : null
  if (!room) throw refuse(404, 'api:rooms.roomNotFound')
  return room
}

/** Who runs the admin rooms page's lists and batch change: its guard (the admin page), and manage-community-rooms. */
async function roomsAdmin(args: ApiArgs, brandId: string): Promise<CommunityAccess> {
  const access = await requireAdmin(await inCommunity(args, brandId))
  if (!access.permissions.has('manage-community-rooms')) throw refuse(403, 'api:errors.forbidden')
  return access
}

/** The same rule as roomsAdmin, asked without refusing: whether this person runs the community's rooms. */
function runsRooms(brand: Brand, signedIn: boolean, held: ReadonlySet<PermissionSlug>): boolean {
  const admin = pageAccess('admin', { signedIn, permissions: held, publicAccess: brand.publicAccess })
  return admin.ok && held.has('manage-community-rooms')
}

/** A room's place in the directory as the admin pages show it: not visible unless enabled there. */
const visibilityOf = (room: Room): DirectoryVisibility => (room.enabledInDirectory ? room.visibleInDirectory : 'none')

/** What every reader of a room gets: what it is, where it is, whose it is (also GET /brand/room/{brand}/{room}). */
export async function roomView(room: Room, brand: Pick<Brand, 'id' | 'slug' | 'name'>) {
  const host = room.hostId ? await User.findByPk(room.hostId, { attributes: ['id', 'name'] }) : null
  return {
    id: room.id,
    slug: room.slug,
    name: room.name,
    description: room.description,
    context: room.context,
    type: room.type,
    roomType: room.roomType,
    status: room.status,
    verified: room.verified,
    path: `/${brand.slug}/${room.slug}`,
    brand: { id: brand.id, slug: brand.slug, name: brand.name },
    host: host ? { id: host.id, name: host.name } : null,
    visibility: visibilityOf(room),
    pinned: room.pinnedInDirectory,
    createdAt: room.createdAt.toISOString(),
  }
}

/**
 * Which page edits this room for this person: their own room's settings (its host, with edit-own-room),
 * the group editor (a group that is not the hub or announcements), or else the admin rooms and directory pages.
 */
async function editorKind(brand: Brand, room: Room, user: User | null): Promise<'own' | 'group' | 'admin'> {
  if (user && room.context === 'personal' && room.hostId === user.id && (await findOwnRoom(user, brand, room.slug)))
    return 'own'
  if (room.context === 'group' && (await findGroup(brand, room.slug))?.id === room.id) return 'group'
  return 'admin'
}

/** The group editor's fields as the group stores them (its loader's `details`). */
async function groupValues(room: Room) {
  return {
    title: room.name ?? '',
    description: room.description ?? '',
    roomLink: room.slug,
    groupType: room.roomType,
    visibleInDirectory: room.visibleInDirectory,
    pinnedInDirectory: room.pinnedInDirectory,
    redirectOnEndUrl: room.redirectOnEndUrl ?? '',
    tagIds: await roomTagIds(room.id),
  }
}

/** The admin pages' fields for one room: the rooms page's status and verified, the directory page's place. */
const adminValues = (room: Room) => ({
  status: room.status,
  verified: room.verified,
  visibility: visibilityOf(room),
  pinned: room.pinnedInDirectory,
})

/**
 * GET /rooms/{id}: the room, for whoever its page shows it to (the room rules; a group's page; one's own room,
 * pending or archived too; any room to those who run the community's rooms). With `editor` (own, group or admin) and
 * `values` when the caller may change it: what PUT takes, as stored now.
 */
export async function getRoomCall(args: ApiArgs) {
  const room = await roomOf(args)
  const guard = await inCommunity(args, room.brandId)
  const brand = await requireCommunity(guard)
  const { user } = await viewer(args.request, args.context)
  const held = await communityPermissions(guard, brand)
  const kind = await editorKind(brand, room, user)
  const admin = runsRooms(brand, user !== null, held)
  let editor: typeof kind | null = null
  if (kind === 'own') editor = 'own'
  else if (kind === 'group') {
    // The group's page decides who sees it (an active group, or one in any state to those who run it).
    const access = await requireGroup(guard, room.slug)
    const standing = groupStanding(room, user?.id ?? null)
    if (user && mayRunGroup(standing, access.permissions) && mayEditGroup(standing, access.permissions))
      editor = 'group'
  } else if (admin) editor = 'admin'
  else await requireRoom(guard, room.slug, { kind: room.context === 'event' ? 'event' : 'room' })

  const values =
    editor === 'own'
      ? ownRoomValues(room)
      : editor === 'group'
        ? await groupValues(room)
        : editor === 'admin'
          ? adminValues(room)
          : null
  return { room: await roomView(room, brand), editor, values }
}

/** A stopped save's answer: a link change to confirm, a link that cannot be had (with a free one), or the first bad field. */
function stopRefusal(stop: LinkChangeStop): ApiRefusal {
  if (stop.kind === 'confirm')
    return refuse(
      409,
      'api:rooms.confirmLinkChange',
      { from: stop.from, to: stop.to },
      { from: stop.from, to: stop.to },
    )
  const { refusal } = stop
  if (refusal) return refuse(409, refusal.message, { label: refusal.label }, { suggestion: refusal.suggestion })
  const key = (Object.values(stop.fieldErrors).find((messages) => messages.length)?.[0] ??
    'api:errors.badRequest') as TranslationKey
  // A meeting going on, or a link taken at the last moment: the room's state, not the request, stands in the way.
  const conflict = key === 'members:roomLink.errors.meetingLive' || key === 'members:roomLink.taken'
  return refuse(conflict ? 409 : 400, key)
}

/** A body's fields over what the room stores: a field left out keeps its value. */
const over =
  <T extends object>(stored: T) =>
  (body: unknown) => ({ ...stored, ...(body as object) })

/** One's own room, by its settings page's rules (own-room.server.ts). */
async function saveOwn(args: ApiArgs, room: Room) {
  const value = await readBody(args.request, z.preprocess(over(ownRoomValues(room)), OwnRoomSchema))
  const outcome = await saveOwnRoom(room, value)
  if (outcome.kind !== 'saved') throw stopRefusal(outcome)
}

/** A group's details, by the group editor's guard (host, co-hosts, edit-group-room holders), schema and command. */
async function saveGroup(args: ApiArgs, guard: GuardArgs, room: Room) {
  const access = await requireGroupRunner(guard, room.slug)
  if (!mayEditGroup(access.standing, access.permissions)) throw refuse(403, 'groups:editor.notAllowed')
  const stored = await groupValues(access.room)
  const schema = z.preprocess(
    (body) => ({
      ...over(stored)(body),
      intent: 'details',
      // The tags change only when the body names them (the editor's tag boxes).
      tagsOffered: typeof body === 'object' && body !== null && 'tagIds' in body,
    }),
    GroupDetailsSchema.extend({ banner: z.undefined({ message: 'api:rooms.bannerNotProvided' }) }),
  )
  const value = await readBody(args.request, schema)
  const outcome = await saveGroupDetails(access.room, value)
  if (outcome.kind === 'failed') throw refuse(500, 'common:flash.notSaved')
  if (outcome.kind !== 'saved') throw stopRefusal(outcome)
}

const AdminChange = z
  .object({
    status: z.unknown().optional(),
    verified: z.unknown().optional(),
    visibility: z.unknown().optional(),
    pinned: z.unknown().optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'admin:errors.nothingToChange')

/** Any other room, by the admin pages' rules: the rooms page's status and verified, the directory page's place. */
async function saveAsAdmin(args: ApiArgs, room: Room) {
  const { brand } = await roomsAdmin(args, room.brandId)
  const body = await readBody(args.request, AdminChange)
  const check = <S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> => {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    const message = parsed.error.issues[0]?.message ?? ''
    throw refuse(400, (/^[a-z][A-Za-z]*:[\w.]+$/.test(message) ? message : 'api:errors.badRequest') as TranslationKey)
  }
  const batch =
    body.status !== undefined || body.verified !== undefined
      ? check(BatchRoomsSchema, {
          intent: 'batch',
          ids: [room.id],
          status: body.status,
          verified: typeof body.verified === 'boolean' ? (body.verified ? 'yes' : 'no') : body.verified,
        })
      : null
  const place =
    body.visibility !== undefined || body.pinned !== undefined
      ? check(DirectoryRoomSchema, {
          intent: 'directory',
          id: room.id,
          visibility: body.visibility ?? visibilityOf(room),
          pinned: body.pinned ?? room.pinnedInDirectory,
        })
      : null
  if (batch) {
    const change: RoomsChange = {}
    if (batch.status) change.status = batch.status
    if (batch.verified) change.verified = batch.verified === 'yes'
    const result = await changeRooms(brand, [room.id], change)
    if ('error' in result) throw refuse(400, result.error)
  }
  if (place) await placeInDirectory(brand, room.id, place.visibility, place.pinned)
}

/**
 * PUT /rooms/{id}: the fields of the page that edits this room for the caller (see editorKind), each left
 * out keeping its stored value; the page's messages when refused. A new link is saved once `confirm`
 * repeats it (409 `confirmLinkChange` until then), as the pages ask before they move a room.
 */
export async function updateRoomCall(args: ApiArgs) {
  const user = await requireUser(args)
  const found = await roomOf(args)
  const guard = await inCommunity(args, found.brandId)
  const brand = await requireCommunity(guard)
  const kind = await editorKind(brand, found, user)
  if (kind === 'own') await saveOwn(args, (await findOwnRoom(user, brand, found.slug))!.room)
  else if (kind === 'group') await saveGroup(args, guard, found)
  else await saveAsAdmin(args, found)
  const room = await Room.findByPk(found.id, { rejectOnEmpty: true })
  return { room: await roomView(room, brand) }
}

/** The new group wizard's joining boxes: a body naming any of them is a wizard that showed them. */
const JOINING_FIELDS = ['allowMembershipRequests', 'manualApproval', 'questions'] as const

const NewRoomBody = z.preprocess(
  (body) => {
    const fields = body as Record<string, unknown>
    return {
      ...fields,
      // The questionnaire as a list, or as the wizard's text (one question a line).
      ...(Array.isArray(fields.questions) ? { questions: fields.questions.map(String).join('\n') } : {}),
      tagsOffered: fields.tagIds !== undefined,
      joiningOffered: JOINING_FIELDS.some((field) => fields[field] !== undefined),
    }
  },
  NewGroupSchema.extend({ ...brandQuery, banner: z.undefined({ message: 'api:rooms.bannerNotProvided' }) }),
)

/**
 * POST /rooms: a group, as the new group wizard makes it (/{brand}/groups/new): its guard (the groups page,
 * then create-groups), schema and command. 201 with the room; under the community's group moderation it
 * waits (status pending).
 */
export async function createRoomCall(args: ApiArgs) {
  const { brandId, ...values } = await readBody(args.request, NewRoomBody)
  const { brand, permissions } = await requireCommunityPage(await inCommunity(args, brandId), 'groups')
  // A guest on a groups page the admins opened signs in first; then the permission decides.
  const user = await requireUser(args)
  if (!permissions.has('create-groups')) throw refuse(403, 'groups:wizard.errors.noPermission')
  const outcome = await createGroup({ brand, creator: user, held: permissions, values })
  switch (outcome.kind) {
    case 'created':
      return json({ room: await roomView(outcome.room, brand) }, 201)
    case 'invalid':
      throw stopRefusal(outcome)
    case 'failed':
      throw refuse(500, 'common:flash.notSaved')
  }
}

/**
 * DELETE /rooms/{id}: the groups page's `remove`, by its guard (manage-community-rooms). Only a group is
 * removed that way (not the hub nor announcements); anything else answers 409 `noResult`.
 */
export async function deleteRoomCall(args: ApiArgs) {
  const room = await roomOf(args)
  const { brand } = await requireCommunityPermission(await inCommunity(args, room.brandId), 'manage-community-rooms')
  if ((await bulkGroupAction(brand, 'remove', [room.id])) === 0) throw refuse(409, 'api:rooms.noResult')
  return { ok: true, id: room.id }
}

// ── Finding rooms ──────────────────────────────────────────────────────────────────────────────

/** A link's problem by the rules of where it lives: the claim's under /me, the member forms' in a community. */
function linkProblem(typed: string, personal: boolean): TranslationKey | null {
  return personal ? personalLinkProblem(typed) : roomLinkProblem(typed)
}

/** The community a slug call names: `brandId`, or (left out, or the main brand's) the personal rooms under /me. */
async function slugCommunity(args: ApiArgs) {
  const { brandId } = readQuery(args.request, SlugQuery)
  const main = await mainBrand()
  return { brandId: brandId ?? main.id, personal: !brandId || brandId === main.id }
}

/**
 * GET /rooms/lookup/{slug}: whether a link is had (`exists`), its `state` (available, reserved, taken) and a
 * free link close to it. Personal links for anyone, as the claim page checks them; a community's for
 * whoever may see the community.
 */
export async function lookupRoomCall(args: ApiArgs) {
  const { brandId, personal } = await slugCommunity(args)
  if (!personal) await requireCommunityPage(await inCommunity(args, brandId), 'home')
  const typed = (args.params.slug ?? '').trim()
  const problem = linkProblem(typed, personal)
  if (problem) throw refuse(400, problem)
  const slug = roomLinkSlug(typed)
  if (personal) {
    const { state, suggestion } = await checkPersonalLink(slug)
    return { exists: state !== 'available', state: state === 'claimed' ? 'taken' : state, suggestion }
  }
  const state = await roomLinkState(brandId, slug)
  return {
    exists: state !== 'available',
    state,
    suggestion: state === 'available' ? null : await suggestRoomLink(brandId, slug),
  }
}

/**
 * GET /room/{slug}: the room a link opens, for whoever the room admits (its page's guard): what it is, its
 * community and its host. A personal link nobody has yet answers 404 `available` with `suggest`, the
 * address where it is claimed.
 */
export async function loadRoomCall(args: ApiArgs) {
  const { brandId, personal } = await slugCommunity(args)
  return roomAtLink(await inCommunity(args, brandId), (args.params.slug ?? '').trim(), personal)
}

/**
 * The room at a link of a community (`guard` names it), by the room's guard: GET /room/{slug} and
 * GET /brand/room/{brand}/{room} answer the same. In the main community (`personal`) a link nobody has yet is
 * 404 `available`, with where it is claimed.
 */
export async function roomAtLink(guard: GuardArgs, typed: string, personal: boolean) {
  if (personal && !linkProblem(typed, true)) {
    const slug = roomLinkSlug(typed)
    if ((await checkPersonalLink(slug)).state === 'available')
      throw refuse(404, 'api:rooms.available', {}, { suggest: claimPathFor(slug) })
  }
  const { brand, room } = await requireRoom(guard, typed)
  return { room: await roomView(room, brand) }
}

/** The page the admin rooms page's list answers (from 0, as every list of the API). */
function listingOf(query: z.output<typeof RoomsListQuery>, page = query.page ?? 0) {
  return { query: query.query, page: page + 1, status: query.status ?? null, context: query.context ?? null }
}

/** GET /rooms: the admin rooms page's list (search `query`, `status`, `context`, `page` from 0), 25 a page. */
export async function listRoomsCall(args: ApiArgs) {
  const query = readQuery(args.request, RoomsListQuery)
  const { brand } = await roomsAdmin(args, query.brandId)
  const { rooms, total } = await listRooms(brand, listingOf(query))
  return {
    rooms,
    total,
    page: query.page ?? 0,
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    perPage: ADMIN_PAGE_SIZE,
  }
}

/** GET /rooms/count: how many rooms the same search and filters find. */
export async function countRoomsCall(args: ApiArgs) {
  const query = readQuery(args.request, RoomsListQuery)
  const { brand } = await roomsAdmin(args, query.brandId)
  return { count: (await listRooms(brand, listingOf(query, 0))).total }
}

/** The export's columns: fixed English words whatever the language, as the members export's. */
const EXPORT_COLUMNS = [
  'id',
  'link',
  'name',
  'context',
  'status',
  'verified',
  'host',
  'visibility',
  'pinned',
  'created',
]

/**
 * GET /rooms/export: every room the same search and filters find, as a CSV file, streamed a page of the
 * admin list at a time (the members export's columns rule and formula-proof cells).
 */
export async function exportRoomsCall(args: ApiArgs) {
  const query = readQuery(args.request, RoomsListQuery)
  const { brand } = await roomsAdmin(args, query.brandId)
  const encoder = new TextEncoder()
  let page = 0
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(stringify([EXPORT_COLUMNS], { bom: true })))
    },
    async pull(controller) {
      try {
        const { rooms, total } = await listRooms(brand, listingOf(query, page))
        page += 1
        const rows = rooms.map((room) =>
          [
            room.id,
            room.slug,
            room.name ?? '',
            room.context,
            room.status,
            room.verified ? 'yes' : 'no',
            room.hostName ?? '',
            room.visibility,
            room.pinned ? 'yes' : 'no',
            room.createdAt.slice(0, 10),
          ].map(inertCell),
        )
        if (rows.length) controller.enqueue(encoder.encode(stringify(rows)))
        if (rooms.length < ADMIN_PAGE_SIZE || page * ADMIN_PAGE_SIZE >= total) controller.close()
      } catch (error) {
        logger.error({ err: error, brandId: brand.id }, 'rooms export failed')
        controller.error(error)
      }
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${brand.slug}-rooms.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/**
 * GET /rooms/search: the admin search (the room's name or link contains `query`) over the community's rooms
 * that are not deleted nor merely reserved links, leaving out those carrying any of `excludeTags`; 25 a page,
 * each with its tags.
 */
export async function searchRoomsCall(args: ApiArgs) {
  const query = readQuery(args.request, RoomsSearchQuery)
  const { brand } = await roomsAdmin(args, query.brandId)
  const where: WhereOptions<Room> = {
    brandId: brand.id,
    deleted: false,
    reserved: false,
    status: { [Op.ne]: 'deleted' },
  }
  if (query.query)
    Object.assign(where, { [Op.or]: [{ name: containsText(query.query) }, { slug: containsText(query.query) }] })
  if (query.excludeTags.length) {
    const tagged = await RoomTag.findAll({ attributes: ['roomId'], where: { tagId: query.excludeTags }, raw: true })
    if (tagged.length) Object.assign(where, { id: { [Op.notIn]: [...new Set(tagged.map((link) => link.roomId))] } })
  }
  const page = query.page ?? 0
  const { rows, count } = await Room.findAndCountAll({
    attributes: ['id', 'slug', 'name', 'context', 'status'],
    where,
    order: [
      ['pinnedInDirectory', 'DESC'],
      ['name', 'ASC'],
      ['slug', 'ASC'],
    ],
    limit: ADMIN_PAGE_SIZE,
    offset: page * ADMIN_PAGE_SIZE,
  })
  const tags = await tagLabelsByRoom(rows.map((room) => room.id))
  return {
    rooms: rows.map((room) => ({
      id: room.id,
      slug: room.slug,
      name: room.name,
      context: room.context,
      status: room.status,
      tags: tags.get(room.id) ?? [],
    })),
    total: count,
    page,
    pages: Math.max(1, Math.ceil(count / ADMIN_PAGE_SIZE)),
    perPage: ADMIN_PAGE_SIZE,
  }
}

/**
 * GET /rooms/personal: someone's active personal rooms in a community, as the me screen lists them. One's
 * own (`userId` left out, or one's id) for oneself; someone else's for those who run the community's rooms.
 */
export async function personalRoomsCall(args: ApiArgs) {
  const me = await requireUser(args)
  const { brandId, userId = me.id } = readQuery(args.request, PersonalRoomsQuery)
  const { brand } =
    userId === me.id
      ? { brand: await requireCommunity(await inCommunity(args, brandId)) }
      : await roomsAdmin(args, brandId)
  const rooms = (await userCommunities(userId)).find((community) => community.id === brand.id)?.rooms ?? []
  return { rooms: rooms.map((room) => ({ ...room, path: `/${brand.slug}/${room.slug}` })) }
}

/**
 * PUT /rooms/batch/status: the admin rooms page's batch change (status, ids, verified), all or none: ids of
 * another community's rooms refuse the whole change, and the hub and announcements stay active.
 */
export async function batchStatusCall(args: ApiArgs) {
  const body = await readBody(args.request, BatchStatusBody)
  const { brand } = await roomsAdmin(args, body.brandId)
  const change: RoomsChange = {}
  if (body.status) change.status = body.status
  if (body.verified) change.verified = body.verified === 'yes'
  const result = await changeRooms(brand, body.ids, change)
  if ('error' in result) throw refuse(400, result.error)
  return result
}
