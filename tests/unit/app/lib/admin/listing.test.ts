import { describe, expect, it } from 'vitest'
import { ADMIN_PAGE_SIZE, containsPattern, listingParams, pageUrl, paging } from '#app/lib/admin/listing'

const url = (search: string) => new URL(`http://hearth.test/acme/admin/rooms${search}`)

describe('the admin lists’ search and paging', () => {
  it('reads the search and page of a URL, and odd pages as page 1', () => {
    expect(listingParams(url('?q=%20garden%20&page=3'))).toEqual({ query: 'garden', page: 3 })
    for (const page of ['-3', '0', 'x', '1e9', '']) expect(listingParams(url(`?page=${page}`)).page).toBe(1)
    expect(listingParams(url(`?q=${'a'.repeat(500)}`)).query).toHaveLength(100)
  })

  it('takes the search text literally in LIKE', () => {
    expect(containsPattern('50%_off!')).toBe('%50!%!_off!!%')
  })

  it('links the pages keeping the other filters', () => {
    expect(pageUrl(url('?status=pending&page=2'), 1)).toBe('/acme/admin/rooms?status=pending')
    expect(pageUrl(url('?status=pending'), 3)).toBe('/acme/admin/rooms?status=pending&page=3')
    expect(paging(url(''), 1, ADMIN_PAGE_SIZE * 2 + 1)).toEqual({
      page: 1,
      pages: 3,
      total: ADMIN_PAGE_SIZE * 2 + 1,
      previousUrl: null,
      nextUrl: '/acme/admin/rooms?page=2',
    })
    expect(paging(url('?page=2'), 2, 0)).toMatchObject({ pages: 1, previousUrl: '/acme/admin/rooms', nextUrl: null })
  })
})
