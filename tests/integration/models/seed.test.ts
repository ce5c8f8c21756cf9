import { Op, QueryTypes } from 'sequelize'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Brand, Role, RoleGrant, Room, User } from '#models/index'
import { DEMO_ACCOUNTS, DEMO_BRAND_SLUG, seedDemo } from '#models/seed'

const started = new Date()
let brand: Brand

beforeAll(async () => {
  const result = await seedDemo()
  expect(result.created).toBe(true)
  brand = await Brand.findOne({ where: { slug: DEMO_BRAND_SLUG }, rejectOnEmpty: true })
})

async function grantsByEmail() {
  const grants = await RoleGrant.findAll({
    where: { brandId: brand.id },
    include: [
      { model: User, as: 'user' },
      { model: Role, as: 'role' },
    ],
  })
  return Object.fromEntries(
    grants.map((grant) => [(grant.get('user') as User).emailAddress, (grant.get('role') as Role).slug]),
  )
}

const tableCounts = async () => {
  const counts: Record<string, number> = {}
  for (const table of ['users', 'brands', 'rooms', 'role_grants', 'roles', 'permissions', 'role_permissions']) {
    const [row] = await db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`, {
      type: QueryTypes.SELECT,
    })
    counts[table] = Number(row!.n)
  }
  return counts
}

describe('seedDemo', () => {
  it('creates the demo community', () => {
    expect(brand).toMatchObject({
      slug: 'demo',
      name: 'Hearth Demo',
      status: 'active',
      publicCommunity: true,
      allowSignUps: true,
    })
    expect(brand.publicAccess).toMatchObject({ hub: true, groups: true, members: false })
    expect(brand.trialEndsAt!.getTime()).toBeGreaterThan(started.getTime())
  })

  it('grants the owner, the admin and the members their roles', async () => {
    expect(await grantsByEmail()).toEqual({
      'owner@demo.hearth.test': 'community-owner',
      'admin@demo.hearth.test': 'community-admin',
      'mia@demo.hearth.test': 'community-member',
      'noah@demo.hearth.test': 'community-member',
      'lucia@demo.hearth.test': 'community-member',
    })
    expect(await User.count()).toBe(DEMO_ACCOUNTS.length)
    const lucia = await User.findOne({ where: { emailAddress: 'lucia@demo.hearth.test' }, rejectOnEmpty: true })
    expect(lucia.preferredLanguage).toBe('es')
  })

  it('points the community at its hub and announcements rooms', async () => {
    const hub = await Room.findByPk(brand.topLevelRoomId!, { rejectOnEmpty: true })
    const announcements = await Room.findByPk(brand.announcementsRoomId!, { rejectOnEmpty: true })
    const owner = await User.findOne({ where: { emailAddress: 'owner@demo.hearth.test' }, rejectOnEmpty: true })
    const admin = await User.findOne({ where: { emailAddress: 'admin@demo.hearth.test' }, rejectOnEmpty: true })

    expect(hub).toMatchObject({
      slug: 'hub',
      name: 'Community Hub',
      brandId: brand.id,
      context: 'group',
      hostId: owner.id,
    })
    expect(hub.members).toHaveLength(DEMO_ACCOUNTS.length)
    expect(announcements).toMatchObject({
      slug: 'announcements',
      name: 'Announcements',
      brandId: brand.id,
      context: 'group',
    })
    expect(announcements.coHosts).toEqual([admin.id])
  })

  it('creates a group and an upcoming event', async () => {
    const groups = await Room.findAll({
      where: {
        brandId: brand.id,
        context: 'group',
        id: { [Op.notIn]: [brand.topLevelRoomId!, brand.announcementsRoomId!] },
      },
    })
    expect(groups.map((room) => room.slug)).toEqual(['book-club'])

    const events = await Room.findAll({ where: { brandId: brand.id, context: 'event' } })
    expect(events).toHaveLength(1)
    const event = events[0]!
    expect(event.slug).toBe('welcome-call')
    expect(event.startsAt).toBeInstanceOf(Date)
    expect(event.startsAt!.getTime()).toBeGreaterThan(Date.now())
    expect(event.endsAt!.getTime()).toBe(event.startsAt!.getTime() + 3600 * 1000)
    expect(event.event).toEqual({ eventProps: { breakoutStarted: false } })
  })

  it('gives every account a personal room', async () => {
    const personal = await Room.findAll({ where: { brandId: brand.id, context: 'personal' } })
    expect(personal.map((room) => room.slug).sort()).toEqual(['admin', 'lucia', 'mia', 'noah', 'owner'])
  })

  it('creates nothing new when run again', async () => {
    const before = await tableCounts()
    const again = await seedDemo()
    expect(again.created).toBe(false)
    expect(again.brand.id).toBe(brand.id)
    expect(await tableCounts()).toEqual(before)
  })
})
