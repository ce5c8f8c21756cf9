import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'
import { diskStorage, type MediaStorage } from '../models/media-storage'

// Message attachments move into the media store (one storage interface), and a message may carry a
// video (videoUrl, videoThumbnailUrl).
//
// - message_attachments.role: 'file' (every row so far), 'video' or 'thumbnail'.
// - Files kept before this migration lie in the old attachment store, MESSAGE_FILES_DIR (default
//   data/message-files), as `{first two characters}/{key}` with a bare 36-character key. Each is
//   copied into the media store (MEDIA_DIR, default data/media) under `messages/{brandId}/{key}`,
//   its row is pointed there, and the old file is removed. A row whose file is missing is pointed
//   there all the same (it was already a 404). Run again after a failure, it goes on where it
//   stopped: a row already moved has a key with a slash.
//
// Both directories are read from the environment here, as the app's configuration would name
// them (this runs before the app's configuration is loaded, from scripts/migrate.ts too).
const legacyRoot = () => resolve(process.env.MESSAGE_FILES_DIR || 'data/message-files')
const mediaStore = (): MediaStorage => diskStorage(process.env.MEDIA_DIR || 'data/media')
const legacyPath = (key: string) => join(legacyRoot(), key.slice(0, 2), key)
const LEGACY_KEY = /^[A-Za-z0-9_-]{36}$/

type Row = { id: string; storageKey: string; brandId: string }

async function rows(qi: QueryInterface, moved: boolean): Promise<Row[]> {
  // LIKE with an escape-free pattern reads the same on SQLite and MariaDB.
  return qi.sequelize.query<Row>(
    `SELECT a.id AS id, a.storageKey AS storageKey, c.brandId AS brandId
       FROM message_attachments a
       JOIN messages m ON m.id = a.messageId
       JOIN conversations c ON c.id = m.conversationId
      WHERE a.storageKey ${moved ? '' : 'NOT '}LIKE 'messages/%'`,
    { type: QueryTypes.SELECT },
  )
}

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  const columns = await qi.describeTable('message_attachments')
  if (!columns.role)
    await qi.addColumn('message_attachments', 'role', {
      type: DataTypes.STRING(16),
      allowNull: false,
      defaultValue: 'file',
    })
  const store = mediaStore()
  for (const row of await rows(qi, false)) {
    if (!LEGACY_KEY.test(row.storageKey)) continue
    const key = `messages/${row.brandId}/${row.storageKey}`
    const from = legacyPath(row.storageKey)
    const present = await stat(from).then(
      () => true,
      () => false,
    )
    if (present) await store.put(key, createReadStream(from))
    await qi.bulkUpdate('message_attachments', { storageKey: key }, { id: row.id })
    if (present) await rm(from, { force: true })
  }
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  const store = mediaStore()
  // Videos and thumbnails had no place before; their rows and files go.
  for (const row of await qi.sequelize.query<{ id: string; storageKey: string }>(
    `SELECT id, storageKey FROM message_attachments WHERE role <> 'file'`,
    { type: QueryTypes.SELECT },
  )) {
    await store.delete(row.storageKey)
    await qi.bulkDelete('message_attachments', { id: row.id })
  }
  for (const row of await rows(qi, true)) {
    const legacyKey = row.storageKey.split('/').pop()!
    if (!LEGACY_KEY.test(legacyKey)) continue
    const stored = await store.get(row.storageKey)
    if (stored) {
      const to = legacyPath(legacyKey)
      await mkdir(dirname(to), { recursive: true })
      await pipeline(stored.body, createWriteStream(to))
    }
    await qi.bulkUpdate('message_attachments', { storageKey: legacyKey }, { id: row.id })
    if (stored) await store.delete(row.storageKey)
  }
  await qi.removeColumn('message_attachments', 'role')
}
