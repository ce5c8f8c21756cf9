// Migration 0021 (one storage interface): message attachments kept by the old attachment
// store (MESSAGE_FILES_DIR/{ab}/{key}) move into the media store (MEDIA_DIR) under
// messages/{brandId}/{key}, and rows gain their role; down puts them back. Both directories are
// read from the environment when the migration runs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { QueryTypes } from 'sequelize'
import { afterAll, describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Conversation, ConversationParticipant, Message } from '#models/index'
import { newId } from '#models/ids'
import { migrator } from '#models/migrator'
import { makeCommunity } from '#tests/support/factories'

const MIGRATION = '0021-message-files-in-media-store.ts'
const legacyDir = mkdtempSync(join(tmpdir(), 'hearth-legacy-message-files-'))
const mediaDir = mkdtempSync(join(tmpdir(), 'hearth-migrated-media-'))
const saved = { legacy: process.env.MESSAGE_FILES_DIR, media: process.env.MEDIA_DIR }
process.env.MESSAGE_FILES_DIR = legacyDir
process.env.MEDIA_DIR = mediaDir
afterAll(() => {
  // Assigning undefined would leave the string "undefined".
  for (const [name, value] of [
    ['MESSAGE_FILES_DIR', saved.legacy],
    ['MEDIA_DIR', saved.media],
  ] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  for (const directory of [legacyDir, mediaDir]) rmSync(directory, { recursive: true, force: true })
})

type Row = { id: string; storageKey: string }
const rows = () =>
  db.query<Row>('SELECT id, storageKey FROM message_attachments ORDER BY position', { type: QueryTypes.SELECT })

describe('migration 0021: message files in the media store', () => {
  it('moves kept attachments into MEDIA_DIR under messages/{brandId}/, and back down', async () => {
    // The community first, while the schema is today's (its rooms carry columns added after 0021).
    const { brand, owner } = await makeCommunity()
    const umzug = migrator(db)
    await umzug.down({ to: MIGRATION })
    expect((await db.getQueryInterface().describeTable('message_attachments')).role).toBeUndefined()

    const conversation = await Conversation.create({
      brandId: brand.id,
      type: 'internal',
      createdById: owner.id,
      lastMessageAt: new Date(),
    })
    const from = await ConversationParticipant.create({ conversationId: conversation.id, userId: owner.id })
    const message = await Message.create({
      conversationId: conversation.id,
      senderParticipantId: from.id,
      body: 'Old files',
    })
    // Two files as the old store kept them, and a row whose file was already lost.
    const keys = [newId(), newId(), newId()]
    const contents = ['first file', 'second file']
    contents.forEach((text, index) => {
      const key = keys[index]!
      mkdirSync(join(legacyDir, key.slice(0, 2)), { recursive: true })
      writeFileSync(join(legacyDir, key.slice(0, 2), key), text)
    })
    const now = new Date()
    await db.getQueryInterface().bulkInsert(
      'message_attachments',
      keys.map((key, position) => ({
        id: newId(),
        messageId: message.id,
        fileName: `${position}.txt`,
        contentType: 'application/pdf',
        size: 10,
        storageKey: key,
        position,
        createdAt: now,
        updatedAt: now,
      })),
    )

    expect((await umzug.up({ to: MIGRATION })).map((migration) => migration.name)).toEqual([MIGRATION])
    const moved = await rows()
    expect(moved.map((row) => row.storageKey)).toEqual(keys.map((key) => `messages/${brand.id}/${key}`))
    contents.forEach((text, index) => {
      expect(readFileSync(join(mediaDir, 'messages', brand.id, keys[index]!), 'utf8')).toBe(text)
      expect(existsSync(join(legacyDir, keys[index]!.slice(0, 2), keys[index]!))).toBe(false)
    })
    const roles = await db.query<{ role: string }>('SELECT role FROM message_attachments', { type: QueryTypes.SELECT })
    expect(roles.map((row) => row.role)).toEqual(['file', 'file', 'file'])

    // A video sent after the move has no place below 0021: it goes, with its file.
    await db.getQueryInterface().bulkInsert('message_attachments', [
      {
        id: newId(),
        messageId: message.id,
        fileName: 'video.webm',
        contentType: 'video/webm',
        size: 4,
        storageKey: `messages/${brand.id}/${newId()}`,
        role: 'video',
        position: 3,
        createdAt: now,
        updatedAt: now,
      },
    ])
    await umzug.down({ to: MIGRATION })
    expect((await rows()).map((row) => row.storageKey)).toEqual(keys)
    contents.forEach((text, index) =>
      expect(readFileSync(join(legacyDir, keys[index]!.slice(0, 2), keys[index]!), 'utf8')).toBe(text),
    )
    expect(existsSync(join(mediaDir, 'messages', brand.id, keys[0]!))).toBe(false)

    // And up once more, as the rest of the suite expects the schema.
    await umzug.up()
    expect((await rows()).map((row) => row.storageKey)).toEqual(keys.map((key) => `messages/${brand.id}/${key}`))
    expect(await umzug.pending()).toEqual([])
  })
})
