// Migration 0007: role grants may name a room, and an existing install's
// brand-wide room-host / room-co-host grants in the main brand (what claiming a personal room used
// to hand out) become grants for the rooms those people host or co-host, or go.
import { permissionsGranted as grantedPermissions } from '#models/access'
import { QueryTypes } from 'sequelize'
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Brand, Role, Room, User } from '#models/index'
import { mainBrand } from '#models/main-brand'
import { migrator } from '#models/migrator'
import { newId } from '#models/ids'

const MIGRATION = '0007-room-scoped-grants.ts'

type Row = { userId: string; roleId: string; brandId: string; roomId: string | null }

/** Grants as the schema before 0007 stores them: no room. */
async function insertOldGrant(userId: string, roleId: string, brandId: string) {
  const now = new Date()
  await db
    .getQueryInterface()
    .bulkInsert('role_grants', [{ id: newId(), userId, roleId, brandId, createdAt: now, updatedAt: now }])
}

describe('migration 0007: room-scoped grants', () => {
  it('turns the brand-wide room roles of the main brand into grants for the rooms held, on an existing install', async () => {
    const umzug = migrator(db)
    const main = await mainBrand()
    const other = await Brand.create({ slug: 'grants-other', name: 'Other community' })
    const [hostRole, coHostRole, adminRole] = await Promise.all(
      ['room-host', 'room-co-host', 'community-admin'].map((slug) =>
        Role.findOne({ where: { slug }, rejectOnEmpty: true }),
      ),
    )
    const people = await Promise.all(
      ['ana', 'ben', 'cleo', 'dan'].map((name) => User.create({ name, emailAddress: `${name}@migration.example` })),
    )
    const [ana, ben, cleo, dan] = people as [User, User, User, User]
    const anaRoom = await Room.create({
      slug: 'ana',
      brandId: main.id,
      hostId: ana.id,
      context: 'personal',
      type: 'personal',
      name: 'Ana',
    })
    const benRoom = await Room.create({
      slug: 'ben',
      brandId: main.id,
      hostId: ben.id,
      context: 'personal',
      type: 'personal',
      name: 'Ben',
      coHosts: [cleo.id],
    })

    await umzug.down({ to: MIGRATION })
    expect((await db.getQueryInterface().describeTable('role_grants')).roomId).toBeUndefined()
    // What claims, co-host grants and an admin left behind before 0007.
    await insertOldGrant(ana.id, hostRole!.id, main.id)
    await insertOldGrant(ben.id, hostRole!.id, main.id)
    await insertOldGrant(cleo.id, coHostRole!.id, main.id)
    await insertOldGrant(dan.id, hostRole!.id, main.id) // hosts nothing: keeps nothing
    await insertOldGrant(dan.id, adminRole!.id, other.id) // another community's admin: untouched
    await insertOldGrant(ana.id, hostRole!.id, other.id) // a room role an admin granted community-wide elsewhere: untouched

    expect((await umzug.up({ to: MIGRATION })).map((migration) => migration.name)).toEqual([MIGRATION])
    const rows = await db.query<Row>('SELECT userId, roleId, brandId, roomId FROM role_grants', {
      type: QueryTypes.SELECT,
    })
    const sorted = (list: Row[]) =>
      [...list].sort((a, b) => `${a.userId}${a.brandId}`.localeCompare(`${b.userId}${b.brandId}`))
    expect(sorted(rows)).toEqual(
      sorted([
        { userId: ana.id, roleId: hostRole!.id, brandId: main.id, roomId: anaRoom.id },
        { userId: ben.id, roleId: hostRole!.id, brandId: main.id, roomId: benRoom.id },
        { userId: cleo.id, roleId: coHostRole!.id, brandId: main.id, roomId: benRoom.id },
        { userId: dan.id, roleId: adminRole!.id, brandId: other.id, roomId: null },
        { userId: ana.id, roleId: hostRole!.id, brandId: other.id, roomId: null },
      ]),
    )
    // The leak is closed: Ana holds no power in Ben's room, Cleo keeps hers there (asked once the
    // later migrations have run, as the permission check reads their tables).
    await umzug.up()
    expect(await grantedPermissions(ana.id, main.id, ['kick-peer'], benRoom.id)).toEqual(new Set())
    expect(await grantedPermissions(cleo.id, main.id, ['kick-peer'], benRoom.id)).toEqual(new Set(['kick-peer']))
    expect(await grantedPermissions(cleo.id, main.id, ['kick-peer'], anaRoom.id)).toEqual(new Set())
  })
})
