import { QueryTypes, type InferCreationAttributes } from 'sequelize'
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Brand, OutboxMessage, Room } from '#models/index'
import {
  contentModerationDefaults,
  directorySettingsDefaults,
  mediaDefaults,
  peerSettingsDefaults,
  publicAccessDefaults,
  toolbarControlsDefaults,
} from '#models/brand-config'
import { parseJson } from '#models/json'

const STAMP = "'2024-01-01 00:00:00'"
let counter = 0
const uniqueSlug = (prefix: string) => `${prefix}-${++counter}`

const newBrand = (fields: Partial<InferCreationAttributes<Brand>> = {}) =>
  Brand.create({ slug: uniqueSlug('json'), name: 'JSON Community', ...fields })

/** The JSON setting groups of a brand, read through the model. */
const settingsOf = (brand: Brand) => ({
  peerSettings: brand.peerSettings,
  toolbarControls: brand.toolbarControls,
  mediaDefaults: brand.mediaDefaults,
  contentModeration: brand.contentModeration,
  publicAccess: brand.publicAccess,
  directorySettings: brand.directorySettings,
})

describe('Brand JSON settings', () => {
  it('default to the spec values and read back as objects', async () => {
    const created = await newBrand()
    const brand = await Brand.findByPk(created.id, { rejectOnEmpty: true })

    for (const value of Object.values(settingsOf(brand))) {
      expect(typeof value).toBe('object')
      expect(value).not.toBeNull()
      expect(Array.isArray(value)).toBe(false)
    }
    expect(brand.peerSettings).toMatchObject({ peersMax: 16, peersMinSize: 160, defaultDisplayName: 'Guest' })
    expect(brand.contentModeration).toEqual({ postToxicityThreshold: 70, imageCategories: [], videoCategories: [] })
    expect(brand.mediaDefaults).toMatchObject({
      videoResolution: 'high',
      aspectRatio: '16:9',
      frameRate: 25,
      screenShareResolution: 'ultra',
      screenShareFrameRate: 5,
      opusStereo: true,
    })
    expect(settingsOf(brand)).toEqual({
      peerSettings: peerSettingsDefaults(),
      toolbarControls: toolbarControlsDefaults(),
      mediaDefaults: mediaDefaults(),
      contentModeration: contentModerationDefaults(),
      publicAccess: publicAccessDefaults(),
      directorySettings: directorySettingsDefaults(),
    })
  })

  it('stores the defaults in the row, not only in the getter', async () => {
    const brand = await newBrand()
    const [row] = await db.query<Record<string, unknown>>(
      'SELECT peerSettings, contentModeration FROM brands WHERE id = ?',
      {
        replacements: [brand.id],
        type: QueryTypes.SELECT,
      },
    )
    // A raw row may carry text (MariaDB keeps JSON as LONGTEXT) or a value; either way it is the defaults.
    expect(parseJson(row!.peerSettings)).toEqual(peerSettingsDefaults())
    expect(parseJson(row!.contentModeration)).toEqual(contentModerationDefaults())
  })

  it('lays a stored partial object over the defaults', async () => {
    const created = await newBrand({
      peerSettings: { peersMax: 4, defaultDisplayName: 'Visitor' } as Brand['peerSettings'],
      contentModeration: { postToxicityThreshold: 50, imageCategories: ['violence'] } as Brand['contentModeration'],
      publicAccess: { hub: true } as Brand['publicAccess'],
    })
    const brand = await Brand.findByPk(created.id, { rejectOnEmpty: true })
    expect(brand.peerSettings).toEqual({ ...peerSettingsDefaults(), peersMax: 4, defaultDisplayName: 'Visitor' })
    expect(brand.contentModeration).toEqual({
      postToxicityThreshold: 50,
      imageCategories: ['violence'],
      videoCategories: [],
    })
    expect(brand.publicAccess).toEqual({ ...publicAccessDefaults(), hub: true })
  })

  it('reads a changed setting back after update', async () => {
    const brand = await newBrand()
    await brand.update({ mediaDefaults: { ...brand.mediaDefaults, frameRate: 30 } })
    const reread = await Brand.findByPk(brand.id, { rejectOnEmpty: true })
    expect(reread.mediaDefaults).toEqual({ ...mediaDefaults(), frameRate: 30 })
  })

  it('serialises as objects in toJSON (what a loader sends)', async () => {
    const created = await newBrand({ publicAccess: { ...publicAccessDefaults(), groups: true } })
    const json = (await Brand.findByPk(created.id, { rejectOnEmpty: true })).toJSON()
    expect(json.publicAccess).toEqual({ ...publicAccessDefaults(), groups: true })
    expect(json.peerSettings).toEqual(peerSettingsDefaults())
  })

  it('reads a row written with raw SQL and JSON text as objects through the model', async () => {
    await db.query(
      `INSERT INTO brands (id, slug, name, peerSettings, toolbarControls, mediaDefaults, contentModeration, publicAccess, directorySettings, createdAt, updatedAt)
       VALUES (:id, :slug, 'Raw Community', :peer, :toolbar, NULL, :moderation, :access, :directory, ${STAMP}, ${STAMP})`,
      {
        replacements: {
          id: 'raw-brand-0000000000000000000000000',
          slug: 'raw-json',
          peer: JSON.stringify({ peersMax: 8 }),
          toolbar: JSON.stringify({ chat: false }),
          moderation: JSON.stringify({ imageCategories: ['nudity'] }),
          access: JSON.stringify({ hub: true, members: true }),
          directory: JSON.stringify({ enabled: true, pinnedRoomIds: ['a', 'b'] }),
        },
      },
    )

    const [row] = await db.query<Record<string, unknown>>(`SELECT peerSettings FROM brands WHERE slug = 'raw-json'`, {
      type: QueryTypes.SELECT,
    })
    expect(parseJson(row!.peerSettings)).toEqual({ peersMax: 8 })

    const brand = await Brand.findOne({ where: { slug: 'raw-json' }, rejectOnEmpty: true })
    expect(brand.peerSettings).toEqual({ ...peerSettingsDefaults(), peersMax: 8 })
    expect(brand.toolbarControls).toEqual({ ...toolbarControlsDefaults(), chat: false })
    // NULL in the row reads as the defaults.
    expect(brand.mediaDefaults).toEqual(mediaDefaults())
    expect(brand.contentModeration).toEqual({ ...contentModerationDefaults(), imageCategories: ['nudity'] })
    expect(brand.publicAccess).toEqual({ ...publicAccessDefaults(), hub: true, members: true })
    expect(brand.directorySettings).toEqual({
      ...directorySettingsDefaults(),
      enabled: true,
      pinnedRoomIds: ['a', 'b'],
    })
    expect(brand.publicAccess.hub).toBe(true)
  })
})

describe('Room JSON columns', () => {
  it('read coHosts and members back as arrays, defaulting to empty', async () => {
    const brand = await newBrand()
    const plain = await Room.create({ brandId: brand.id, slug: 'plain' })
    const full = await Room.create({
      brandId: brand.id,
      slug: 'full',
      coHosts: ['host-a'],
      members: ['member-a', 'member-b'],
      event: { eventProps: { breakoutStarted: true } },
    })

    const plainRead = await Room.findByPk(plain.id, { rejectOnEmpty: true })
    expect(plainRead.coHosts).toEqual([])
    expect(plainRead.members).toEqual([])
    expect(plainRead.event).toBeNull()

    const fullRead = await Room.findByPk(full.id, { rejectOnEmpty: true })
    expect(fullRead.coHosts).toEqual(['host-a'])
    expect(fullRead.members).toEqual(['member-a', 'member-b'])
    expect(fullRead.event).toEqual({ eventProps: { breakoutStarted: true } })
  })

  it('read arrays written as JSON text with raw SQL', async () => {
    const brand = await newBrand()
    await db.query(
      `INSERT INTO rooms (id, slug, brandId, coHosts, members, createdAt, updatedAt)
       VALUES ('raw-room', 'raw-room', :brandId, :coHosts, :members, ${STAMP}, ${STAMP})`,
      { replacements: { brandId: brand.id, coHosts: '["x"]', members: '["y","z"]' } },
    )
    const room = await Room.findByPk('raw-room', { rejectOnEmpty: true })
    expect(room.coHosts).toEqual(['x'])
    expect(room.members).toEqual(['y', 'z'])
  })
})

describe('OutboxMessage.meta', () => {
  it('reads back as an object, {} when nothing was stored', async () => {
    const withCode = await OutboxMessage.create({
      channel: 'sms',
      recipient: '+15550001111',
      text: 'Your code is 123456',
      meta: { code: '123456', attempt: 1 },
    })
    const without = await OutboxMessage.create({ channel: 'mail', recipient: 'a@example.test', text: 'Hello' })

    expect((await OutboxMessage.findByPk(withCode.id, { rejectOnEmpty: true })).meta).toEqual({
      code: '123456',
      attempt: 1,
    })
    expect((await OutboxMessage.findByPk(without.id, { rejectOnEmpty: true })).meta).toEqual({})
  })
})
