// Migration 0029: profile pictures and banners written under public/uploads are copied into the media
// store the environment names (here an S3 bucket on s3rver, with S3_* set as an operator would), under
// avatars/{name} and banners/{name}; the files stay where they were. down writes back under
// public/uploads the pictures rows name that only the store holds.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { migrator } from '#models/migrator'
import { mediaStorageFrom } from '#models/storage-from-env'
import { makeUser } from '#tests/support/factories'
import { startS3Server, type S3Server } from '#tests/support/s3-server'
import { copyUploads } from '../../../migrations/0029-uploads-in-media-store'

const MIGRATION = '0029-uploads-in-media-store.ts'
const S3_NAMES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
const saved = Object.fromEntries(S3_NAMES.map((name) => [name, process.env[name]]))
const uploadsDir = mkdtempSync(join(tmpdir(), 'hearth-legacy-uploads-'))
let s3: S3Server
/** Files down writes under the working directory's public/uploads, removed after. */
const written: string[] = []

beforeAll(async () => {
  s3 = await startS3Server()
  Object.assign(process.env, {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })
})
afterAll(async () => {
  // Assigning undefined would leave the string "undefined".
  for (const name of S3_NAMES) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
  for (const path of written) rmSync(path, { force: true })
  rmSync(uploadsDir, { recursive: true, force: true })
  await s3?.close()
})

const bucket = () => mediaStorageFrom(s3.settings)
const inBucket = async (key: string) => {
  const stored = await bucket().get(key)
  return stored && text(stored.body)
}

describe('migration 0029: pictures in the media store', () => {
  it('copies what Hearth wrote under public/uploads into the store, leaving the files and anything else', async () => {
    const avatar = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-0123456789abcdef01234567.png'
    const banner = '0123456789abcdef0123456789abcdef.webp'
    mkdirSync(join(uploadsDir, 'avatars'), { recursive: true })
    mkdirSync(join(uploadsDir, 'banners'), { recursive: true })
    writeFileSync(join(uploadsDir, 'avatars', avatar), 'an avatar')
    writeFileSync(join(uploadsDir, 'banners', banner), 'a banner')
    // Not Hearth's: a half-written file, another type, a name that is not a banner's.
    writeFileSync(join(uploadsDir, 'avatars', `${avatar}.1a2b.part`), 'half')
    writeFileSync(join(uploadsDir, 'avatars', 'notes.txt'), 'text')
    writeFileSync(join(uploadsDir, 'banners', 'Holiday Photo.webp'), 'text')

    expect(await copyUploads(uploadsDir)).toBe(2)
    expect(await inBucket(`avatars/${avatar.replace(/\.png$/, '')}`)).toBe('an avatar')
    expect(await inBucket('banners/0123456789abcdef0123456789abcdef')).toBe('a banner')
    expect(readFileSync(join(uploadsDir, 'avatars', avatar), 'utf8')).toBe('an avatar')
    // Run again (after a failure part way), it copies the same bytes again.
    expect(await copyUploads(uploadsDir)).toBe(2)
    // Nothing under public/uploads at all: nothing to copy.
    expect(await copyUploads(join(uploadsDir, 'nothing-here'))).toBe(0)
  })

  it('down writes pictures only the store holds back under public/uploads; up runs again', async () => {
    const file = `${'d'.repeat(36)}-${'e'.repeat(24)}.png`
    const user = await makeUser({ avatar: `/uploads/avatars/${file}` })
    await bucket().put(`avatars/${file.replace(/\.png$/, '')}`, Readable.from(['kept since']))
    const path = resolve('public/uploads/avatars', file)
    written.push(path)

    const umzug = migrator(db)
    // Down to this migration: the later ones first, this one last.
    expect((await umzug.down({ to: MIGRATION })).map((migration) => migration.name).at(-1)).toBe(MIGRATION)
    expect(readFileSync(path, 'utf8')).toBe('kept since')
    expect(await inBucket(`avatars/${file.replace(/\.png$/, '')}`)).toBe('kept since')

    // Up again from here: this migration first, then any that came after it.
    expect((await umzug.up()).map((migration) => migration.name)[0]).toBe(MIGRATION)
    expect(await umzug.pending()).toEqual([])
    await user.destroy()
  })

  it('refuses to run with S3_* settings that do not make a store', async () => {
    const { up } = await import('../../../migrations/0029-uploads-in-media-store')
    process.env.S3_SECRET_ACCESS_KEY = ''
    try {
      await expect(up()).rejects.toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/)
    } finally {
      process.env.S3_SECRET_ACCESS_KEY = 'S3RVER'
    }
  })
})
