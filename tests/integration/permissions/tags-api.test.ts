// The permission matrix for the JSON API's tag calls (docs/api.md#tags), from the same rules as the tags pages
// (tests/integration/permissions/tags.test.ts): reading is "Tags: access-community and access-community-tags";
// creating, changing and deleting tags needs create-tags, the owner's and the admins'. A tag of a community the
// caller may not see is not found (404, refused here).
import { beforeAll } from 'vitest'
import { BrandTag } from '#models/index'
import * as tags from '#app/routes/api.brand-tags._index'
import * as count from '#app/routes/api.brand-tags.count'
import * as oneTag from '#app/routes/api.brand-tags.$id'
import * as batchDelete from '#app/routes/api.brand-tags.batch-delete'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
} from '../../support/permission-matrix'

let world: MatrixWorld
beforeAll(async () => {
  world = await makeMatrixWorld()
})

const TAG_BROWSERS = ['owner', 'admin', 'moderator', 'member', 'viewer', 'developer'] as const
const ADMINS = ['owner', 'admin'] as const

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
})
/** A tag hidden from the caller answers 404: in this table, refused. */
const hiddenAsRefused = (response: Response) =>
  refusedAsThrown(response.status === 404 ? new Response(null, { status: 403 }) : response)
const newTag = (w: MatrixWorld) => BrandTag.create({ brandId: w.brand.id, label: `Tag ${Math.random()}` })

const rows: MatrixRow[] = [
  {
    name: 'GET /api/brand-tags',
    run: async (w, p) =>
      refusedAsThrown(await tags.loader(await argsAs(w, p, `/api/brand-tags?brandId=${w.brand.id}`, {}))),
    expected: only(TAG_BROWSERS),
  },
  {
    name: 'GET /api/brand-tags/count',
    run: async (w, p) =>
      refusedAsThrown(await count.loader(await argsAs(w, p, `/api/brand-tags/count?brandId=${w.brand.id}`, {}))),
    expected: only(TAG_BROWSERS),
  },
  {
    name: 'POST /api/brand-tags',
    run: async (w, p) =>
      refusedAsThrown(
        await tags.action(
          await argsAs(w, p, '/api/brand-tags', {}, json('POST', { brandId: w.brand.id, label: `By ${p}` })),
        ),
      ),
    expected: only(ADMINS),
  },
  {
    name: 'PUT /api/brand-tags/{id}',
    run: async (w, p) => {
      const tag = await newTag(w)
      return hiddenAsRefused(
        await oneTag.action(
          await argsAs(w, p, `/api/brand-tags/${tag.id}`, { id: tag.id }, json('PUT', { label: 'Renamed' })),
        ),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'DELETE /api/brand-tags/{id}',
    run: async (w, p) => {
      const tag = await newTag(w)
      return hiddenAsRefused(
        await oneTag.action(await argsAs(w, p, `/api/brand-tags/${tag.id}`, { id: tag.id }, { method: 'DELETE' })),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /api/brand-tags/batch-delete',
    run: async (w, p) => {
      const tag = await newTag(w)
      return refusedAsThrown(
        await batchDelete.action(
          await argsAs(w, p, '/api/brand-tags/batch-delete', {}, json('POST', { brandId: w.brand.id, ids: [tag.id] })),
        ),
      )
    },
    expected: only(ADMINS),
  },
]

describeMatrix('the JSON API’s tag calls', rows, () => world)
