import { QueryTypes, UniqueConstraintError, ValidationError, type InferCreationAttributes } from 'sequelize'
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Brand, OutboxMessage, Room, User } from '#models/index'
import { ID_LENGTH, ID_PATTERN } from '#models/ids'

let counter = 0
const uniqueSlug = (prefix: string) => `${prefix}-${++counter}`
const newBrand = (fields: Partial<InferCreationAttributes<Brand>> = {}) =>
  Brand.create({ slug: uniqueSlug('brand'), name: 'Defaults Community', ...fields })

describe('Brand', () => {
  it('takes the spec defaults, as stored in the database', async () => {
    const created = await newBrand()
    const brand = await Brand.findByPk(created.id, { rejectOnEmpty: true })
    expect(brand.get({ plain: true })).toMatchObject({
      edition: 'pro',
      status: 'active',
      defaultNavigationStrategy: 'hash',
      defaultLandingPage: 'rooms',
      redirectOnEndCall: 'thankYou',
      fontBase: 'Roboto',
      fontTitle: 'IBM Plex Sans',
      defaultViewDesktop: 'tiles',
      defaultViewMobile: 'primarySpeaker',
      publicCommunity: false,
      meetButtonEnabled: true,
      topLevelRoomId: null,
      announcementsRoomId: null,
    })
  })

  it('gets the same defaults from the table when a row is written without the model', async () => {
    await db.query(
      `INSERT INTO brands (id, slug, name, createdAt, updatedAt) VALUES ('raw-defaults', 'raw-defaults', 'Raw', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
    )
    const brand = await Brand.findByPk('raw-defaults', { rejectOnEmpty: true })
    expect(brand).toMatchObject({
      edition: 'pro',
      status: 'active',
      defaultNavigationStrategy: 'hash',
      defaultLandingPage: 'rooms',
      redirectOnEndCall: 'thankYou',
      fontBase: 'Roboto',
      fontTitle: 'IBM Plex Sans',
      defaultViewDesktop: 'tiles',
      defaultViewMobile: 'primarySpeaker',
      publicCommunity: false,
      meetButtonEnabled: true,
    })
  })

  it('has a 36-character URL-safe id', async () => {
    const ids = await Promise.all([newBrand(), newBrand(), newBrand()].map(async (brand) => (await brand).id))
    for (const id of ids) {
      expect(id).toHaveLength(ID_LENGTH)
      expect(id).toMatch(ID_PATTERN)
      expect(id).toMatch(/^[A-Za-z0-9_-]{36}$/)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('has a slug unique in the database', async () => {
    await newBrand({ slug: 'taken' })
    await expect(newBrand({ slug: 'taken' })).rejects.toBeInstanceOf(UniqueConstraintError)
    // Not only the model: the table itself refuses the duplicate.
    await expect(
      db.query(
        `INSERT INTO brands (id, slug, name, createdAt, updatedAt) VALUES ('dup', 'taken', 'Dup', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
      ),
    ).rejects.toBeInstanceOf(UniqueConstraintError)
    expect(await Brand.count({ where: { slug: 'taken' } })).toBe(1)
  })

  it.each([
    ['upper case', 'Bad'],
    ['a space', 'bad slug'],
    ['one character', 'a'],
    ['a leading hyphen', '-bad'],
    ['a leading underscore', '_bad'],
    ['a dot', 'bad.slug'],
    ['an empty string', ''],
    ['65 characters', 'a'.repeat(65)],
  ])('rejects a slug with %s', async (_, slug) => {
    await expect(newBrand({ slug })).rejects.toBeInstanceOf(ValidationError)
    expect(await Brand.count({ where: { slug } })).toBe(0)
  })

  it.each([['ab'], ['a1'], ['my-community_2'], ['a'.repeat(64)]])('accepts the slug %s', async (slug) => {
    await expect(newBrand({ slug })).resolves.toMatchObject({ slug })
  })

  it('rejects a name shorter than 2 characters, and a missing one', async () => {
    await expect(newBrand({ name: 'x' })).rejects.toBeInstanceOf(ValidationError)
    await expect(newBrand({ name: '' })).rejects.toBeInstanceOf(ValidationError)
    await expect(Brand.create({ slug: 'no-name' } as never)).rejects.toBeInstanceOf(ValidationError)
    await expect(newBrand({ name: 'xy' })).resolves.toMatchObject({ name: 'xy' })
  })

  it('rejects values outside its choices', async () => {
    await expect(newBrand({ defaultViewDesktop: 'grid' as never })).rejects.toBeInstanceOf(ValidationError)
    await expect(newBrand({ communityLanguage: 'fr' })).rejects.toBeInstanceOf(ValidationError)
    await expect(newBrand({ communityLanguage: 'es' })).resolves.toMatchObject({ communityLanguage: 'es' })
  })
})

describe('Room', () => {
  it('takes the spec defaults', async () => {
    const brand = await newBrand()
    const created = await Room.create({ brandId: brand.id, slug: 'defaults' })
    const room = await Room.findByPk(created.id, { rejectOnEmpty: true })
    expect(room).toMatchObject({
      status: 'active',
      type: 'personal',
      context: 'personal',
      roomType: 'public',
      access: 'locked',
      liveState: 'idle',
      maxReceiverVideoQuality: 1080,
      preferredReceiverVideoQuality: 1080,
      deleted: false,
      viewerCount: 0,
    })
    expect(room.id).toMatch(ID_PATTERN)
  })

  it('gets the same defaults from the table when a row is written without the model', async () => {
    const brand = await newBrand()
    await db.query(
      `INSERT INTO rooms (id, slug, brandId, createdAt, updatedAt) VALUES ('raw-room-defaults', 'raw', :brandId, '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
      { replacements: { brandId: brand.id } },
    )
    expect(await Room.findByPk('raw-room-defaults', { rejectOnEmpty: true })).toMatchObject({
      status: 'active',
      type: 'personal',
      context: 'personal',
      roomType: 'public',
      access: 'locked',
      liveState: 'idle',
      maxReceiverVideoQuality: 1080,
    })
  })

  it('has a slug unique within its community, not across communities', async () => {
    const first = await newBrand()
    const second = await newBrand()
    await Room.create({ brandId: first.id, slug: 'lobby' })
    await expect(Room.create({ brandId: second.id, slug: 'lobby' })).resolves.toMatchObject({ slug: 'lobby' })
    await expect(Room.create({ brandId: first.id, slug: 'lobby' })).rejects.toBeInstanceOf(UniqueConstraintError)
    expect(await Room.count({ where: { slug: 'lobby' } })).toBe(2)
  })

  it('rejects a bad slug and a room in no community', async () => {
    const brand = await newBrand()
    await expect(Room.create({ brandId: brand.id, slug: 'Lobby' })).rejects.toBeInstanceOf(ValidationError)
    await expect(Room.create({ brandId: brand.id, slug: 'x' })).rejects.toBeInstanceOf(ValidationError)
    await expect(Room.create({ slug: 'orphan' } as never)).rejects.toBeInstanceOf(ValidationError)
  })
})

describe('User', () => {
  it('takes the spec defaults', async () => {
    const created = await User.create({ name: 'Defaults', emailAddress: 'defaults@example.test' })
    const user = await User.findByPk(created.id, { rejectOnEmpty: true })
    expect(user).toMatchObject({
      preferenceEmailNotifications: true,
      preferenceSmsNotifications: true,
      preferenceShowEmailAddress: false,
      preferenceShowPhoneNumber: false,
      preferredVideoQualitySend: 'high',
      isSuperUser: false,
    })
    expect(user.meta).toEqual({})
    expect(user.id).toHaveLength(36)
    expect(user.id).toMatch(ID_PATTERN)
  })

  it('stores the email address trimmed and lower-cased', async () => {
    const user = await User.create({ name: 'Mixed', emailAddress: '  Mixed.Case@Example.TEST \n' })
    expect(user.emailAddress).toBe('mixed.case@example.test')
    const [row] = await db.query<{ emailAddress: string }>('SELECT emailAddress FROM users WHERE id = ?', {
      replacements: [user.id],
      type: QueryTypes.SELECT,
    })
    expect(row!.emailAddress).toBe('mixed.case@example.test')

    await user.update({ emailAddress: ' OTHER@Example.test' })
    expect((await User.findByPk(user.id, { rejectOnEmpty: true })).emailAddress).toBe('other@example.test')
  })

  it('holds one account per address, whatever its case', async () => {
    await User.create({ emailAddress: 'once@example.test' })
    await expect(User.create({ emailAddress: ' ONCE@example.TEST' })).rejects.toBeInstanceOf(UniqueConstraintError)
  })

  it('rejects an invalid email address and an unknown video quality', async () => {
    await expect(User.create({ emailAddress: 'not-an-email' })).rejects.toBeInstanceOf(ValidationError)
    await expect(
      User.create({ emailAddress: 'q@example.test', preferredVideoQualitySend: '4k' }),
    ).rejects.toBeInstanceOf(ValidationError)
  })
})

describe('OutboxMessage', () => {
  it('defaults to pending with no attempts and a URL-safe id', async () => {
    const message = await OutboxMessage.create({ channel: 'mail', recipient: 'a@example.test', text: 'Hi' })
    const read = await OutboxMessage.findByPk(message.id, { rejectOnEmpty: true })
    expect(read).toMatchObject({ status: 'pending', attempts: 0 })
    expect(read.id).toMatch(ID_PATTERN)
  })
})
