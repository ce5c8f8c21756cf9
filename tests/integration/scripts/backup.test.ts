// npm run backup and npm run restore (docs/backups.md): an install with a community, posts,
// messages with an attachment, a library upload, a recording, an avatar and a banner is backed up,
// restored into a fresh empty database and empty folders, and compared row by row (every column,
// in primary-key order) and byte by byte. Then the refusals: a target that is not empty, a tampered
// backup, a backup directory that is not empty. Runs on SQLite and on MariaDB (TEST_DATABASE_URL).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { QueryTypes, type Sequelize } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '#models/db'
import { diskStorage } from '#models/media-storage'
import { s3Storage } from '#models/s3-storage'
import { startS3Server, type S3Server } from '#tests/support/s3-server'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'
import { DumpRowCounter } from '../../../scripts/backup/dump-rows'
import type { Install } from '../../../scripts/backup/install'
import { readManifest, type Manifest } from '../../../scripts/backup/manifest'
import { checkBackup, restoreBackup } from '../../../scripts/backup/restore-backup'
import { describeManifest } from '../../../scripts/backup/summary'
import { takeBackup } from '../../../scripts/backup/take-backup'

const work = await mkdtemp(join(tmpdir(), 'hearth-backup-test-'))
/** The install backed up: this file's database, and folders of its own for the files. */
const source: Install = {
  databaseUrl: process.env.DATABASE_URL!,
  mediaDir: join(work, 'source', 'media'),
  uploadsDir: join(work, 'source', 'uploads'),
}
// Message files go through the process's store, made from the env's storage settings (MEDIA_DIR
// here) when its module is first imported: pointed at this install's folder before the messages'
// modules load it.
const { env } = await import('#app/lib/platform/env.server')
env.MEDIA_DIR = source.mediaDir
env.storage = { kind: 'disk', directory: source.mediaDir }
const { startConversation } = await import('#app/lib/messages/conversations.server')
const { NewMessageSchema } = await import('#app/lib/messages/message.schema')
const { keepUploads } = await import('#app/lib/media/media-library.server')
const { keepRecording } = await import('#edge/recording-library')
const { Post } = await import('#models/index')
const { grantRole, makeCommunity, makeUser } = await import('#tests/support/factories')

/** Text that a dump must quote and escape, and a row counter must not be fooled by. */
const AWKWARD = "It's (not) a trap; \\ \"quoted\" ),( 'x'); DROP TABLE posts; --\nZoë 😀 second line"
const EVERY_BYTE = Uint8Array.from({ length: 512 }, (_, index) => index % 256)

const databases: TestDatabase[] = []
/** A brand-new empty database on the test server, dropped after the file. */
async function emptyDatabase() {
  const database = await createTestDatabase()
  databases.push(database)
  return database.url
}
let installs = 0
/** An empty install to restore into: a fresh database and folders that do not exist yet. */
async function emptyInstall(): Promise<Install> {
  const name = `target-${(installs += 1)}`
  return {
    databaseUrl: await emptyDatabase(),
    mediaDir: join(work, name, 'media'),
    uploadsDir: join(work, name, 'uploads'),
  }
}

let backupDir: string
let manifest: Manifest

beforeAll(async () => {
  const { brand, owner, hub } = await makeCommunity({ name: 'Backup Böök' })
  const store = diskStorage(source.mediaDir)
  const member = await makeUser({ name: 'Zoë Ünïcode 😀' })
  await grantRole(member, brand)
  const avatar = `${member.id}-0123456789abcdef01234567.png`
  await mkdir(join(source.uploadsDir, 'avatars'), { recursive: true })
  await writeFile(join(source.uploadsDir, 'avatars', avatar), EVERY_BYTE)
  await member.update({ avatar: `/uploads/avatars/${avatar}` })
  await mkdir(join(source.uploadsDir, 'banners'), { recursive: true })
  await writeFile(join(source.uploadsDir, 'banners', '0123456789abcdef0123456789abcdef.webp'), 'RIFF....WEBP')

  const post = await Post.create({ brandId: brand.id, contextRoomId: hub.id, authorId: owner.id, message: AWKWARD })
  await Post.create({
    brandId: brand.id,
    contextRoomId: hub.id,
    authorId: member.id,
    parentPostId: post.id,
    message: '<p>A comment</p>',
  })

  const sent = await startConversation({
    brand,
    sender: owner,
    values: NewMessageSchema.parse({
      recipientIds: [member.id],
      body: AWKWARD,
      files: [new File([new TextEncoder().encode('%PDF-1.7\n%hearth backup\n')], 'notes.pdf')],
    }),
  })
  expect(sent.kind).toBe('sent')

  const upload = join(work, 'upload.bin')
  await writeFile(upload, EVERY_BYTE)
  await keepUploads(
    {
      brand,
      user: owner,
      kind: 'file',
      files: [
        { name: 'every-byte.bin', path: upload, size: EVERY_BYTE.length, contentType: 'application/octet-stream' },
      ],
    },
    store,
  )
  const recording = join(work, 'recording.webm')
  await writeFile(recording, Buffer.from('\x1aE\xdf\xa3 a recording for the backup'))
  await keepRecording(
    store,
    { path: recording, size: statSync(recording).size, container: { extension: 'webm', contentType: 'video/webm' } },
    { brandId: brand.id, userId: owner.id },
    new Date(Date.UTC(2026, 10, 25, 9, 30)),
  )
  // An upload still being written (the store renames it into place once whole) is not a file of the install yet.
  await mkdir(join(source.mediaDir, 'unfinished'), { recursive: true })
  await writeFile(join(source.mediaDir, 'unfinished', 'key.0123456789ab.part'), 'half')

  backupDir = join(work, 'backup')
  const result = await takeBackup(source, backupDir)
  manifest = result.manifest
})

afterAll(async () => {
  for (const database of databases) await database.drop()
  await rm(work, { recursive: true, force: true })
})

/** Every file under a folder, by relative path, with its bytes (as base64: vitest compares a long Buffer slowly). */
function filesOf(root: string): Record<string, string> {
  if (!existsSync(root)) return {}
  const paths = (readdirSync(root, { recursive: true }) as string[]).filter((path) =>
    statSync(join(root, path)).isFile(),
  )
  return Object.fromEntries(paths.sort().map((path) => [path, readFileSync(join(root, path)).toString('base64')]))
}

const select = <T extends object>(sequelize: Sequelize, sql: string, replacements: unknown[] = []) =>
  sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements })

/** The database's tables: their definitions, and every row, every column, in primary-key order. */
async function contents(url: string) {
  const sequelize = connect(url)
  try {
    const sqlite = sequelize.getDialect() === 'sqlite'
    const tables = await select<{ name: string }>(
      sequelize,
      sqlite
        ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        : "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
    )
    const quote = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name)
    const result: Record<string, { definition: unknown; rows: object[] }> = {}
    for (const { name } of tables.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const key = await primaryKey(sequelize, name)
      result[name] = {
        definition: sqlite
          ? await select(sequelize, 'SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? ORDER BY name', [
              name,
            ])
          : await select(sequelize, `SHOW CREATE TABLE ${quote(name)}`),
        rows: await select(sequelize, `SELECT * FROM ${quote(name)} ORDER BY ${key.map(quote).join(', ')}`),
      }
    }
    return result
  } finally {
    await sequelize.close()
  }
}

/** A table's primary key columns, in key order (every Hearth table has one). */
async function primaryKey(sequelize: Sequelize, table: string): Promise<string[]> {
  const columns =
    sequelize.getDialect() === 'sqlite'
      ? (await select<{ name: string; pk: number }>(sequelize, 'SELECT name, pk FROM pragma_table_info(?)', [table]))
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
      : await select<{ name: string }>(
          sequelize,
          "SELECT COLUMN_NAME AS name FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION",
          [table],
        )
  if (!columns.length) throw new Error(`${table} has no primary key to order its rows by`)
  return columns.map((column) => column.name)
}

describe('npm run backup', () => {
  it('writes the dump, the media store and public/uploads, each file in the manifest with its size and sha256', async () => {
    const dialect = source.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'mysql'
    expect(manifest).toMatchObject({
      format: 1,
      hearthVersion: JSON.parse(await readFile('package.json', 'utf8')).version,
      database: { dialect, file: dialect === 'sqlite' ? 'database.sqlite' : 'database.sql.gz' },
    })
    expect(manifest.database.lastMigration).toMatch(/^\d{4}-[a-z0-9-]+\.ts$/)
    expect(manifest.database.tables).toMatchObject({ brands: 1, conversations: 1, message_attachments: 1, media: 2 })
    expect(manifest.database.tables.posts).toBe(2)
    const paths = manifest.files.map((entry) => entry.path)
    expect(paths[0]).toBe(manifest.database.file)
    expect(paths.slice(1).sort()).toEqual(
      [
        ...Object.keys(filesOf(source.mediaDir))
          .filter((path) => !path.endsWith('.part'))
          .map((path) => `media/${path}`),
        ...Object.keys(filesOf(source.uploadsDir)).map((path) => `uploads/${path}`),
      ].sort(),
    )
    // The message's file, the library's upload and the recording; never an unfinished write.
    expect(paths.filter((path) => path.startsWith('media/messages/'))).toHaveLength(1)
    expect(paths.filter((path) => path.startsWith('media/') && !path.startsWith('media/messages/'))).toHaveLength(2)
    expect(paths.some((path) => path.endsWith('.part'))).toBe(false)
  })

  it('refuses a directory that is not empty, and leaves it as it was', async () => {
    const before = filesOf(backupDir)
    await expect(takeBackup(source, backupDir)).rejects.toThrow(/is not empty: a backup goes into a new directory/)
    expect(filesOf(backupDir)).toEqual(before)
  })
})

describe('npm run restore', () => {
  it('restores into an empty install every table, row and column, and every file byte for byte', async () => {
    const target = await emptyInstall()
    const restored = await restoreBackup(target, backupDir)

    expect(restored.pendingMigrations).toEqual([])
    expect(await contents(target.databaseUrl)).toEqual(await contents(source.databaseUrl))
    const sourceMedia = filesOf(source.mediaDir)
    for (const path of Object.keys(sourceMedia)) if (path.endsWith('.part')) delete sourceMedia[path]
    expect(filesOf(target.mediaDir)).toEqual(sourceMedia)
    expect(filesOf(target.uploadsDir)).toEqual(filesOf(source.uploadsDir))
    expect(Object.keys(filesOf(target.mediaDir))).toHaveLength(3)
  })

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await contents(source.databaseUrl)
    const target = { ...source, mediaDir: join(work, 'busy', 'media'), uploadsDir: join(work, 'busy', 'uploads') }
    await expect(restoreBackup(target, backupDir)).rejects.toThrow(
      /Nothing was restored: restore goes into an empty install, and the database .* has \d+ tables[\s\S]*no --force/,
    )
    expect(await contents(source.databaseUrl)).toEqual(before)
    expect(existsSync(target.mediaDir) || existsSync(target.uploadsDir)).toBe(false)
  })

  it('refuses a media folder that holds files, and loads nothing into the empty database', async () => {
    const target = await emptyInstall()
    await mkdir(target.mediaDir, { recursive: true })
    await writeFile(join(target.mediaDir, 'kept.txt'), 'already here')
    await expect(restoreBackup(target, backupDir)).rejects.toThrow(/MEDIA_DIR \(.*\) holds files/)
    expect(Object.keys(await contents(target.databaseUrl))).toEqual([])
    expect(filesOf(target.mediaDir)).toEqual({ 'kept.txt': Buffer.from('already here').toString('base64') })
  })

  it('refuses a backup with one byte changed, before anything is written', async () => {
    const tampered = join(work, 'tampered')
    await cp(backupDir, tampered, { recursive: true })
    const victim = manifest.files.find((entry) => entry.path.startsWith('media/messages/'))!
    const path = join(tampered, ...victim.path.split('/'))
    const bytes = await readFile(path)
    bytes[3] = bytes[3]! ^ 0x01
    await writeFile(path, bytes)

    await expect(checkBackup(tampered)).rejects.toThrow(`${victim.path}: its sha256 differs from the manifest's`)
    const target = await emptyInstall()
    await expect(restoreBackup(target, tampered)).rejects.toThrow(/does not match its manifest \(1 of \d+ files\)/)
    if (target.databaseUrl.startsWith('sqlite:')) expect(existsSync(target.databaseUrl.slice(7))).toBe(false)
    expect(Object.keys(await contents(target.databaseUrl))).toEqual([])
    expect(existsSync(target.mediaDir) || existsSync(target.uploadsDir)).toBe(false)
    // The untouched backup still checks out.
    expect((await checkBackup(backupDir)).manifest).toEqual(await readManifest(backupDir))
  })
})

describe('with the media in an S3 bucket', () => {
  let s3: S3Server
  let bucketBackup: string
  const objects = { 'library/clip-1': EVERY_BYTE, 'avatars/zoe-1': Buffer.from('a picture') }

  beforeAll(async () => {
    s3 = await startS3Server('hearth-backup-test')
    const store = s3Storage({ ...s3.settings, prefix: 'hearth/prod' })
    for (const [key, bytes] of Object.entries(objects)) await store.put(key, Readable.from([Buffer.from(bytes)]))
    bucketBackup = join(work, 'bucket-backup')
    await takeBackup({ ...source, bucket: { ...s3.settings, prefix: 'hearth/prod' } }, bucketBackup)
  })
  afterAll(() => s3?.close())
  const bucketInstall = async () => ({ ...(await emptyInstall()), bucket: { ...s3.settings, prefix: 'hearth/prod' } })

  it("lists the bucket's objects under the install's prefix, with sizes, and copies none", async () => {
    const listed = await readManifest(bucketBackup)
    expect(listed.bucket).toEqual({
      name: 'hearth-backup-test',
      prefix: 'hearth/prod',
      objects: [
        { key: 'avatars/zoe-1', size: 9, etag: expect.stringMatching(/^[0-9a-f]{32}$/) },
        { key: 'library/clip-1', size: 512, etag: expect.stringMatching(/^[0-9a-f]{32}$/) },
      ],
    })
    expect(listed.files.map((entry) => entry.path)).toEqual(manifest.files.map((entry) => entry.path))
    expect(describeManifest(listed).at(-1)).toBe(
      '  bucket    hearth-backup-test/hearth/prod: 2 objects, 521 bytes (listed; the store keeps them)',
    )
  })

  it('restores into an install that reads a bucket holding every listed object', async () => {
    const target = await bucketInstall()
    await restoreBackup(target, bucketBackup)
    expect(await contents(target.databaseUrl)).toEqual(await contents(source.databaseUrl))
  })

  it('refuses an install without S3_BUCKET, or a bucket that lost an object, before loading anything', async () => {
    const diskOnly = await emptyInstall()
    await expect(restoreBackup(diskOnly, bucketBackup)).rejects.toThrow(
      /the backup's files are in the bucket hearth-backup-test under hearth\/prod and S3_BUCKET is not set/,
    )
    expect(Object.keys(await contents(diskOnly.databaseUrl))).toEqual([])

    await s3Storage({ ...s3.settings, prefix: 'hearth/prod' }).delete('avatars/zoe-1')
    const target = await bucketInstall()
    await expect(restoreBackup(target, bucketBackup)).rejects.toThrow(
      /the bucket hearth-backup-test lacks 1 of the 2 objects the backup lists \(avatars\/zoe-1: missing\)/,
    )
    expect(Object.keys(await contents(target.databaseUrl))).toEqual([])
  })
})

describe('counting a dump’s rows', () => {
  const dump = [
    '/*M!999999\\- enable the sandbox mode */ ',
    'CREATE TABLE `empty` (',
    '  `id` int(11) NOT NULL',
    ');',
    'CREATE TABLE `posts` (',
    '  `id` varchar(36) NOT NULL',
    ');',
    "INSERT INTO `posts` VALUES ('a','It\\'s (not); a trap \\\\',NULL),('b','),(',0x00FF),",
    "('c','x''y (',1);",
    'INSERT INTO `posts` VALUES',
    "('d','INSERT INTO `empty` VALUES (1);'),",
    "('e',NULL);",
    '-- INSERT INTO `posts` VALUES (1);',
  ].join('\n')

  it('counts each table’s tuples whatever the chunks, strings and line breaks', async () => {
    for (const size of [1, 7, dump.length]) {
      const counter = new DumpRowCounter()
      const chunks = Array.from({ length: Math.ceil(dump.length / size) }, (_, index) =>
        Buffer.from(dump).subarray(index * size, (index + 1) * size),
      )
      const passed: Buffer[] = []
      for await (const chunk of Readable.from(chunks).pipe(counter)) passed.push(chunk as Buffer)
      expect(Object.fromEntries(counter.rows)).toEqual({ empty: 0, posts: 5 })
      expect(Buffer.concat(passed).toString()).toBe(dump)
    }
  })
})
