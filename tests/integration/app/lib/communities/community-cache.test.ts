// Communities kept in the web process (app/lib/communities/brands.server.ts): read once, dropped by every write
// the models make, so a change shows on the next request.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Brand } from '#models/index'
import { findBrand } from '#app/lib/communities/brands.server'
import { loader as rootLoader } from '#app/root'
import { onRowsChanged } from '#models/row-changes'
import { makeBrand, makeCommunity, unique } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { unwrap } from '#tests/support/session'

/** A new request's view of the community (each request has its own load context). */
const read = (slug: string) => findBrand(routeArgs(`/${slug}`).context, slug)
const shell = async (slug: string) => unwrap(await rootLoader(routeArgs(`/${slug}`, { brand: slug })))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('communities kept in the process', () => {
  it('reads a community from the database once for many requests', async () => {
    const brand = await makeBrand()
    const findOne = vi.spyOn(Brand, 'findOne')
    for (let i = 0; i < 3; i++) expect((await read(brand.slug))?.name).toBe(brand.name)
    expect(findOne).toHaveBeenCalledTimes(1)
  })

  it('shows a changed name and theme on the next request', async () => {
    const { brand } = await makeCommunity()
    const before = await shell(brand.slug)
    expect(before.community?.name).toBe(brand.name)
    expect(before.theme).not.toContain('#0a7d5a')

    await brand.update({ name: 'Renamed Club', theme: 'custom', themeColors: { primary: '#0a7d5a' } })
    const after = await shell(brand.slug)
    expect(after.community?.name).toBe('Renamed Club')
    expect(after.theme).toContain('--color-primary:#0a7d5a')
  })

  it('drops communities on a bulk update too (Model.update)', async () => {
    const brand = await makeBrand()
    await read(brand.slug)
    await Brand.update({ communityLanguage: 'pt' }, { where: { id: brand.id } })
    expect((await read(brand.slug))?.communityLanguage).toBe('pt')
    expect((await shell(brand.slug)).language).toBe('pt')
  })

  it('drops them when a transaction commits, not before (a read in between would keep the old row)', async () => {
    const brand = await makeBrand()
    await read(brand.slug)
    const reported: string[] = []
    const stop = onRowsChanged((table) => reported.push(table))
    try {
      await db.transaction(async (transaction) => {
        await Brand.update({ name: 'Committed name' }, { where: { id: brand.id }, transaction })
        expect(reported).toEqual([])
      })
      expect(reported).toEqual(['brands'])
    } finally {
      stop()
    }
    expect((await read(brand.slug))?.name).toBe('Committed name')
  })

  it('remembers that a slug names no community until one takes it', async () => {
    const slug = `not-yet-${unique()}`
    expect(await read(slug)).toBeNull()
    await makeBrand({ slug, name: 'Just made' })
    expect((await read(slug))?.name).toBe('Just made')
  })

  it('gives each request an instance of its own', async () => {
    const brand = await makeBrand({ themeColors: { primary: '#111111' } })
    const first = (await read(brand.slug))!
    first.name = 'changed in one request only'
    first.themeColors!.primary = '#222222'
    const second = (await read(brand.slug))!
    expect(second.name).toBe(brand.name)
    expect(second.themeColors).toEqual({ primary: '#111111' })
    // And it is a real row: a loader may still save it.
    await second.update({ name: 'Saved from a request' })
    expect((await read(brand.slug))?.name).toBe('Saved from a request')
  })
})
