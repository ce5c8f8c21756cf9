// Test factories: the one place integration tests make users, communities, rooms and memberships.
// Real models on the file's own database (tests/integration/setup.ts), no mocks. Every default that
// must be unique (emails, slugs) takes a number from one counter, so a test names only what it
// asserts on and passes the rest as overrides.
import type { CreationAttributes } from 'sequelize'
import { Brand, Membership, Role, RoleGrant, Room, User } from '#models/index'

let counter = 0
/** The next number of this file's run: unique within the file's database, which no other file shares. */
export const unique = () => (counter += 1)

let scope = ''
/**
 * A prefix for every unique default below (`user-{prefix}{n}@factory.test`), for processes that
 * share one database: the e2e workers of both projects (tests/e2e/database.ts). Integration files
 * have a database each and need none.
 */
export function scopeUniqueDefaults(prefix: string) {
  scope = prefix
}
/** The next unique default, with this process's prefix. */
const next = () => `${scope}${unique()}`

const DAY_MS = 24 * 3600 * 1000

/** A user with a unique name and email address. */
export function makeUser(overrides: Partial<CreationAttributes<User>> = {}): Promise<User> {
  const n = next()
  return User.create({ name: `Test User ${n}`, emailAddress: `user-${n}@factory.test`, ...overrides })
}

/**
 * A community as the app's registration makes it (registerCommunity): its owner's account, the
 * brand on a pro trial, its hub and announcements rooms, and the owner's role. `brand` fields are
 * written over what registration chose (a slug, publicAccess, status …).
 */
export async function makeCommunity(
  options: {
    name?: string
    owner?: { fullName?: string; emailAddress?: string }
    brand?: Partial<CreationAttributes<Brand>>
  } = {},
): Promise<{ brand: Brand; owner: User; hub: Room; announcements: Room }> {
  const n = next()
  // Imported here: the app's modules read the app's environment, which the e2e workers, using the
  // model-only factories, do not set.
  const { registerCommunity } = await import('#app/lib/communities/community-registration.server')
  const { brand, owner } = await registerCommunity({
    communityName: options.name ?? `Community ${n}`,
    fullName: options.owner?.fullName ?? `Owner ${n}`,
    emailAddress: options.owner?.emailAddress ?? `owner-${n}@factory.test`,
  })
  if (options.brand) await brand.update(options.brand)
  const [hub, announcements] = await Promise.all([
    Room.findByPk(brand.topLevelRoomId!, { rejectOnEmpty: true }),
    Room.findByPk(brand.announcementsRoomId!, { rejectOnEmpty: true }),
  ])
  return { brand, owner, hub, announcements }
}

/**
 * Only the community's row, with no owner and no rooms: for tests about exactly such a community
 * (a bare or half-made one); anything else wants makeCommunity.
 */
export function makeBrand(overrides: Partial<CreationAttributes<Brand>> = {}): Promise<Brand> {
  const n = next()
  return Brand.create({ slug: `brand-${n}`, name: `Brand ${n}`, ...overrides })
}

type RoomFields = Partial<Omit<CreationAttributes<Room>, 'brandId'>>

/** A group room in the community, with a unique slug; the model's defaults for everything else. */
export function makeRoom(brand: Pick<Brand, 'id'>, overrides: RoomFields = {}): Promise<Room> {
  const n = next()
  return Room.create({ slug: `room-${n}`, name: `Room ${n}`, context: 'group', ...overrides, brandId: brand.id })
}

/** A person's own room, hosted by them, as the seed makes them (models/seed.ts). */
export function makePersonalRoom(
  brand: Pick<Brand, 'id'>,
  host: Pick<User, 'id' | 'name'>,
  overrides: RoomFields = {},
): Promise<Room> {
  return makeRoom(brand, { name: host.name, context: 'personal', hostId: host.id, ...overrides })
}

/** An event room starting a day from now unless `startsAt` says otherwise. */
export function makeEventRoom(brand: Pick<Brand, 'id'>, overrides: RoomFields = {}): Promise<Room> {
  return makeRoom(brand, { context: 'event', startsAt: new Date(Date.now() + DAY_MS), ...overrides })
}

/**
 * A role for the user in the community (a member by default), with the active membership that
 * makes it count (models/members.ts), or in one room of it with `room`.
 */
export async function grantRole(
  user: Pick<User, 'id'>,
  brand: Pick<Brand, 'id'>,
  roleSlug = 'community-member',
  room?: Pick<Room, 'id'>,
): Promise<RoleGrant> {
  const role = await Role.findOne({ where: { slug: roleSlug }, rejectOnEmpty: true })
  if (!room)
    await Membership.findOrCreate({
      where: { brandId: brand.id, userId: user.id },
      defaults: { brandId: brand.id, userId: user.id, status: 'active' },
    })
  return RoleGrant.create({ userId: user.id, roleId: role.id, brandId: brand.id, ...(room ? { roomId: room.id } : {}) })
}
