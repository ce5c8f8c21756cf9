// The admin panel: the summary's counts, the super user's communities, the
// rooms' batch change and its refusals, the review queue of new personal rooms, and the product
// config that only super users change.
import { beforeAll, describe, expect, it } from 'vitest'
import { checkAccess } from '#models/access'
import { mainBrand } from '#models/main-brand'
import { readProductConfig, saveProductConfig, DEFAULT_CONTENT_MODERATION } from '#models/product-config'
import { Membership, ProductConfig, Room, type Brand, type User } from '#models/index'
import { claimPersonalRoom } from '#app/lib/rooms/room-claims.server'
import { loader as layoutLoader } from '#app/routes/$brand._community.admin'
import { loader as homeLoader } from '#app/routes/$brand._community.admin._index'
import { loader as usersLoader } from '#app/routes/$brand._community.admin.users'
import { action as roomsAction, loader as roomsLoader } from '#app/routes/$brand._community.admin.rooms/route'
import { action as directoryAction } from '#app/routes/$brand._community.admin.directory/route'
import { action as productAction, loader as productLoader } from '#app/routes/$brand._community.admin.product/route'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

/** A signed-in GET of an admin page of this community. */
async function get(brand: Pick<Brand, 'slug'>, user: Pick<User, 'id'>, path = '') {
  return routeArgs(
    `/${brand.slug}/admin${path}`,
    { brand: brand.slug },
    { headers: { Cookie: await signedInCookie(user.id) } },
  )
}

/** A signed-in form POST (repeated names for lists: ids). */
async function post(brand: Pick<Brand, 'slug'>, user: Pick<User, 'id'>, path: string, fields: [string, string][]) {
  return routeArgs(
    `/${brand.slug}/admin${path}`,
    { brand: brand.slug },
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Cookie: await signedInCookie(user.id), 'Content-Type': 'application/x-www-form-urlencoded' },
    },
  )
}

const statusOf = async (id: string) => (await Room.findByPk(id, { rejectOnEmpty: true })).status

describe('the admin summary', () => {
  let brand: Brand
  let owner: User
  beforeAll(async () => {
    ;({ brand, owner } = await makeCommunity())
    // People in every state: the owner and two members active, 2 pending, 1 rejected, 3 archived.
    const statuses = ['active', 'active', 'pending', 'pending', 'rejected', 'deleted', 'deleted', 'deleted'] as const
    for (const status of statuses) {
      const person = await makeUser()
      await grantRole(person, brand)
      await Membership.update({ status }, { where: { brandId: brand.id, userId: person.id } })
    }
    // Rooms in every state: hub and announcements active, one more active, 2 pending, 1 archived, 1 deleted.
    for (const status of ['active', 'pending', 'pending', 'archived', 'deleted'] as const)
      await makeRoom(brand, { status })
    // Another community's people and rooms never count here.
    const { brand: other } = await makeCommunity()
    await makeRoom(other, { status: 'pending' })
  })

  it('counts this community’s people by membership status and its rooms by status', async () => {
    const data = unwrap(await homeLoader(await get(brand, owner)))
    expect(data.summary.people).toEqual({ pending: 2, active: 3, rejected: 1, deleted: 3, total: 9 })
    expect(data.summary.rooms).toEqual({ pending: 2, active: 3, archived: 1, deleted: 1, total: 7 })
  })

  it('shows the install’s communities to super users only', async () => {
    expect(unwrap(await homeLoader(await get(brand, owner))).install).toBeNull()
    const superUser = await makeUser({ isSuperUser: true })
    await grantRole(superUser, brand, 'community-admin')
    const install = unwrap(await homeLoader(await get(brand, superUser))).install!
    const row = install.communities.find((community) => community.id === brand.id)
    // Active members (owner, two members, the super user) and rooms not deleted (3 active, 2 pending, 1 archived).
    expect(row).toEqual({ id: brand.id, name: brand.name, slug: brand.slug, userCount: 4, roomCount: 6 })
    expect(install.paging.total).toBeGreaterThanOrEqual(2)
  })

  it('lists the communities the admin manages in the admin menu, and the people with their roles', async () => {
    const { brand: second } = await makeCommunity()
    await grantRole(owner, second, 'community-admin')
    const layout = unwrap(await layoutLoader(await get(brand, owner)))
    expect(layout.communities.map((community) => community.slug).sort()).toEqual([brand.slug, second.slug].sort())
    const users = unwrap(await usersLoader(await get(brand, owner, '/users?q=Owner')))
    expect(users.people).toEqual([
      expect.objectContaining({ userId: owner.id, status: 'active', roles: ['community-owner'] }),
    ])
  })
})

describe('the admin lists', () => {
  it('search as typed (% and _ are no wildcards), filter, and take odd parameters without failing', async () => {
    const { brand, owner } = await makeCommunity()
    const sale = await makeRoom(brand, { name: '50% off_sale' })
    await makeRoom(brand, { name: '500 offers' })
    const pending = await makeRoom(brand, { name: 'Waiting room', status: 'pending', context: 'event' })
    const found = async (search: string) =>
      unwrap(await roomsLoader(await get(brand, owner, `/rooms${search}`))).rooms.map((room) => room.id)
    expect(await found('?q=50%25%20off_')).toEqual([sale.id])
    expect(await found('?status=pending')).toEqual([pending.id])
    expect(await found('?context=event')).toEqual([pending.id])
    expect((await found('?status=nonsense&context=%00&page=-4&q=' + '%25'.repeat(300))).length).toBe(0)
    expect(unwrap(await usersLoader(await get(brand, owner, '/users?q=_&page=abc'))).people).toEqual([])
    expect(unwrap(await usersLoader(await get(brand, owner, '/users?page=999'))).people).toEqual([])
  })
})

describe('the rooms batch change', () => {
  let brand: Brand
  let owner: User
  let hub: Room
  let announcements: Room
  beforeAll(async () => {
    ;({ brand, owner, hub, announcements } = await makeCommunity())
  })

  it('archives and verifies rooms of this community, and says "Your changes were saved."', async () => {
    const [first, second] = [await makeRoom(brand), await makeRoom(brand)]
    const response = await thrownResponse(
      roomsAction(
        await post(brand, owner, '/rooms?page=1', [
          ['intent', 'batch'],
          ['ids', first.id],
          ['ids', second.id],
          ['status', 'archived'],
          ['verified', 'yes'],
        ]),
      ),
    )
    expect(response).toRedirectTo(`/${brand.slug}/admin/rooms?page=1`)
    await expect(response).toHaveFlash({ kind: 'success', message: 'admin:flash.saved' })
    for (const room of [first, second]) {
      await room.reload()
      expect({ status: room.status, verified: room.verified }).toEqual({ status: 'archived', verified: true })
    }
    // The verified flag alone, and a status alone.
    await thrownResponse(
      roomsAction(
        await post(brand, owner, '/rooms', [
          ['intent', 'batch'],
          ['ids', first.id],
          ['verified', 'no'],
        ]),
      ),
    )
    await first.reload()
    expect({ status: first.status, verified: first.verified }).toEqual({ status: 'archived', verified: false })
    await thrownResponse(
      roomsAction(
        await post(brand, owner, '/rooms', [
          ['intent', 'batch'],
          ['ids', first.id],
          ['status', 'deleted'],
        ]),
      ),
    )
    await first.reload()
    expect({ status: first.status, deleted: first.deleted }).toEqual({ status: 'deleted', deleted: true })
  })

  it('refuses another community’s room with a 400 and changes nothing', async () => {
    const mine = await makeRoom(brand)
    const { brand: other } = await makeCommunity()
    const theirs = await makeRoom(other)
    const result = await roomsAction(
      await post(brand, owner, '/rooms', [
        ['intent', 'batch'],
        ['ids', mine.id],
        ['ids', theirs.id],
        ['status', 'archived'],
      ]),
    )
    expect(initOf(result).status).toBe(400)
    expect(unwrap(result)).toMatchObject({
      errors: ['admin:errors.unknownRooms'],
      values: { ids: [mine.id, theirs.id], status: 'archived' },
    })
    expect(await statusOf(mine.id)).toBe('active')
    expect(await statusOf(theirs.id)).toBe('active')
  })

  it('keeps the hub and announcements rooms active', async () => {
    for (const room of [hub, announcements]) {
      for (const status of ['archived', 'deleted']) {
        const result = await roomsAction(
          await post(brand, owner, '/rooms', [
            ['intent', 'batch'],
            ['ids', room.id],
            ['status', status],
          ]),
        )
        expect(initOf(result).status).toBe(400)
        expect(unwrap(result)).toMatchObject({ errors: ['admin:errors.protectedRoom'] })
        expect(await statusOf(room.id)).toBe('active')
      }
    }
    // Verifying them is fine.
    await thrownResponse(
      roomsAction(
        await post(brand, owner, '/rooms', [
          ['intent', 'batch'],
          ['ids', hub.id],
          ['verified', 'yes'],
        ]),
      ),
    )
    expect((await Room.findByPk(hub.id))!.verified).toBe(true)
  })

  it.each([
    ['no room ticked', [['status', 'archived']], 'admin:errors.noRooms'],
    ['nothing to change', [['ids', 'x']], 'admin:errors.nothingToChange'],
    [
      'an unknown status',
      [
        ['ids', 'x'],
        ['status', 'gone'],
      ],
      'admin:errors.statusInvalid',
    ],
    [
      'an unknown verified value',
      [
        ['ids', 'x'],
        ['verified', 'maybe'],
      ],
      'admin:errors.verifiedInvalid',
    ],
    [
      'an id that is no room',
      [
        ['ids', 'no-such-room'],
        ['status', 'archived'],
      ],
      'admin:errors.unknownRooms',
    ],
  ] as const)('answers bad input (%s) with 400 and a message', async (_, fields, message) => {
    const result = await roomsAction(
      await post(brand, owner, '/rooms', [['intent', 'batch'], ...fields.map(([k, v]) => [k, v] as [string, string])]),
    )
    expect(initOf(result).status).toBe(400)
    expect((unwrap(result) as { errors: string[] }).errors).toContain(message)
  })

  it('places a room in the directory, and refuses a room of another community', async () => {
    const room = await makeRoom(brand)
    await thrownResponse(
      directoryAction(
        await post(brand, owner, '/directory', [
          ['intent', 'directory'],
          ['id', room.id],
          ['visibility', 'members'],
          ['pinned', 'on'],
        ]),
      ),
    )
    await room.reload()
    expect({
      enabled: room.enabledInDirectory,
      visible: room.visibleInDirectory,
      pinned: room.pinnedInDirectory,
    }).toEqual({ enabled: true, visible: 'members', pinned: true })
    await thrownResponse(
      directoryAction(
        await post(brand, owner, '/directory', [
          ['intent', 'directory'],
          ['id', room.id],
          ['visibility', 'none'],
        ]),
      ),
    )
    await room.reload()
    expect({
      enabled: room.enabledInDirectory,
      visible: room.visibleInDirectory,
      pinned: room.pinnedInDirectory,
    }).toEqual({ enabled: false, visible: 'members', pinned: false })

    const bad = await directoryAction(
      await post(brand, owner, '/directory', [
        ['intent', 'directory'],
        ['id', room.id],
        ['visibility', 'friends'],
      ]),
    )
    expect(initOf(bad).status).toBe(400)
    expect(unwrap(bad)).toMatchObject({ errors: ['admin:errors.visibilityInvalid'] })
    const { brand: other } = await makeCommunity()
    const theirs = await makeRoom(other)
    const foreign = await directoryAction(
      await post(brand, owner, '/directory', [
        ['intent', 'directory'],
        ['id', theirs.id],
        ['visibility', 'everyone'],
        ['pinned', 'on'],
      ]),
    )
    expect(initOf(foreign).status).toBe(400)
    expect((await Room.findByPk(theirs.id))!.pinnedInDirectory).toBe(false)
  })
})

describe('the review queue of new personal rooms', () => {
  it('queues a newly claimed personal room that nobody may enter until an admin approves it', async () => {
    await saveProductConfig({ ...(await readProductConfig()).get(), queueNewPersonalRooms: true })
    try {
      const main = await mainBrand()
      const admin = await makeUser()
      await grantRole(admin, main, 'community-admin')
      const host = await makeUser()
      const visitor = await makeUser()
      const { room } = await claimPersonalRoom(
        host,
        `queued-${host.id
          .slice(0, 6)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}`,
      )
      expect(room.status).toBe('pending')
      expect(await checkAccess({ brand: main, userId: visitor.id, room: { slug: room.slug } })).toMatchObject({
        ok: false,
        reason: 'roomNotFound',
      })

      const queue = unwrap(await roomsLoader(await get(main, admin, '/rooms?tab=queue')))
      expect(queue.tab).toBe('queue')
      expect(queue.rooms.map((queued) => queued.id)).toContain(room.id)

      const approved = await thrownResponse(
        roomsAction(
          await post(main, admin, '/rooms?tab=queue', [
            ['intent', 'review'],
            ['ids', room.id],
            ['status', 'active'],
          ]),
        ),
      )
      await expect(approved).toHaveFlash({ kind: 'success', message: 'admin:flash.saved' })
      expect(await statusOf(room.id)).toBe('active')
      expect(await checkAccess({ brand: main, userId: visitor.id, room: { slug: room.slug } })).toMatchObject({
        ok: true,
      })

      // A rejected one is deleted; a review with an odd status is a 400.
      const other = await makeUser()
      const { room: second } = await claimPersonalRoom(
        other,
        `queued-${other.id
          .slice(0, 6)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}`,
      )
      const odd = await roomsAction(
        await post(main, admin, '/rooms?tab=queue', [
          ['intent', 'review'],
          ['ids', second.id],
          ['status', 'archived'],
        ]),
      )
      expect(initOf(odd).status).toBe(400)
      expect(await statusOf(second.id)).toBe('pending')
      await thrownResponse(
        roomsAction(
          await post(main, admin, '/rooms?tab=queue', [
            ['intent', 'review'],
            ['ids', second.id],
            ['status', 'deleted'],
          ]),
        ),
      )
      expect(await statusOf(second.id)).toBe('deleted')
    } finally {
      await ProductConfig.destroy({ where: {} })
    }
  })

  it('leaves new personal rooms active when the queue is off (the default)', async () => {
    const host = await makeUser()
    const { room } = await claimPersonalRoom(
      host,
      `open-${host.id
        .slice(0, 6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`,
    )
    expect(room.status).toBe('active')
  })
})

describe('the product config', () => {
  let brand: Brand
  let owner: User
  let superUser: User
  beforeAll(async () => {
    ;({ brand, owner } = await makeCommunity())
    superUser = await makeUser({ isSuperUser: true })
    await grantRole(superUser, brand, 'community-admin')
  })

  const fields = (overrides: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      allowedDevEmailAddresses: 'Dev@Example.com\nother@example.com, dev@example.com',
      fallbackDevEmailAddress: 'fallback@example.com',
      queueNewPersonalRooms: 'on',
      moderationEnabled: 'on',
      postToxicityThreshold: '55',
      imageCategories: 'nudity\nviolence',
      videoCategories: '',
      ...overrides,
    })

  it('starts from the spec’s defaults', async () => {
    const { values } = unwrap(await productLoader(await get(brand, superUser, '/product')))
    expect(values).toMatchObject({
      allowedDevEmailAddresses: '',
      queueNewPersonalRooms: false,
      moderationEnabled: false,
      postToxicityThreshold: 70,
      imageCategories: '',
      videoCategories: '',
    })
    expect(DEFAULT_CONTENT_MODERATION.postToxicityThreshold).toBe(70)
  })

  it('is refused to everyone but super users, the owner too, for reading and writing', async () => {
    for (const run of [
      async () => productLoader(await get(brand, owner, '/product')),
      async () => productAction(await post(brand, owner, '/product', fields())),
    ]) {
      const refused = await thrownResponse(run())
      expect(refused).toRedirectTo(new RegExp(`^/${brand.slug}/access-denied\\?`))
    }
    expect(await ProductConfig.count()).toBe(0)
  })

  it('saves what a super user sends', async () => {
    try {
      const response = await thrownResponse(productAction(await post(brand, superUser, '/product', fields())))
      await expect(response).toHaveFlash({ kind: 'success', message: 'admin:flash.saved' })
      const config = await readProductConfig()
      expect(config.allowedDevEmailAddresses).toEqual(['dev@example.com', 'other@example.com'])
      expect(config.fallbackDevEmailAddress).toBe('fallback@example.com')
      expect(config.queueNewPersonalRooms).toBe(true)
      expect(config.contentModeration).toEqual({
        enabled: true,
        postToxicityThreshold: 55,
        imageCategories: ['nudity', 'violence'],
        videoCategories: [],
      })
    } finally {
      await ProductConfig.destroy({ where: {} })
    }
  })

  it.each([
    ['postToxicityThreshold', '101', 'admin:errors.thresholdInvalid'],
    ['postToxicityThreshold', 'lots', 'admin:errors.thresholdInvalid'],
    ['postToxicityThreshold', '', 'admin:errors.thresholdInvalid'],
    ['allowedDevEmailAddresses', 'dev@example.com\nnot-an-email', 'admin:errors.emailListInvalid'],
    ['fallbackDevEmailAddress', 'nobody', 'admin:errors.emailInvalid'],
  ])('refuses %s=%j with 400, keeps what was typed, and saves nothing', async (name, value, message) => {
    const result = await productAction(await post(brand, superUser, '/product', fields({ [name]: value })))
    expect(initOf(result).status).toBe(400)
    const { result: reply } = unwrap(result) as unknown as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> }
    }
    expect(reply.error[name]).toEqual([message])
    // Conform leaves an empty field out of what it sends back; anything typed comes back as typed.
    if (value) expect(reply.initialValue[name]).toBe(value)
    expect(await ProductConfig.count()).toBe(0)
  })
})
