// Migration 0030: communities made before every community had a sign-up link get one; those that
// have one keep it, and none starts taking sign-ups by it.
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Brand } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { migrator } from '#models/migrator'

const MIGRATION = '0030-signup-links.ts'

describe('migration 0030: a sign-up link for every community', () => {
  it('gives a link to each community without one and keeps the links issued', async () => {
    const umzug = migrator(db)
    const linked = await Brand.create({ slug: 'links-kept', name: 'Kept link' })
    const older = await Brand.create({ slug: 'links-older', name: 'Older community' })
    const kept = linked.selfSignupHash
    expect(kept).toMatch(ID_PATTERN)
    await older.update({ selfSignupHash: null })

    await umzug.down({ to: MIGRATION })
    expect((await umzug.up()).map((migration) => migration.name)[0]).toBe(MIGRATION)
    expect(await umzug.pending()).toEqual([])

    await Promise.all([linked.reload(), older.reload()])
    expect(linked.selfSignupHash).toBe(kept)
    expect(older.selfSignupHash).toMatch(ID_PATTERN)
    expect(older.allowSignUps).toBe(false)
  })
})
