import type { AppLoadContext } from '@remix-run/node'
import { Brand } from '#models/index'
import { onRowsChanged } from '#models/row-changes'
import { DEMO_BRAND_SLUG } from '#models/seed'
import { normaliseSlug } from '#models/slugs'
import { processCaches } from '../platform/process-cache.server'
import { once } from '../platform/request-cache.server'

/**
 * Communities by slug, as stored (null for a slug no active community has). Every page under a
 * community reads its row, and rows change rarely: any write to `brands` through the models drops
 * them all, here and (with REDIS_URL) in every other web process. A write behind the models' back
 * (raw SQL) shows within COMMUNITY_MAX_AGE_MS.
 */
export const COMMUNITY_MAX_AGE_MS = 5_000
const communities = processCaches.define<BrandValues | null>('communities', {
  maxEntries: 1_000,
  maxAgeMs: COMMUNITY_MAX_AGE_MS,
})
type BrandValues = Brand['dataValues']

onRowsChanged((table) => {
  if (table === 'brands') void processCaches.invalidate('communities')
})

/** The active community a URL's brand segment names, or null; looked up once per request. */
export function findBrand(context: AppLoadContext, slug: string | undefined): Promise<Brand | null> {
  if (!slug) return Promise.resolve(null)
  const normalised = normaliseSlug(slug)
  return once(context, `brand:${normalised}`, async () => {
    const values = await communities.get(normalised, async () => {
      const brand = await Brand.findOne({ where: { slug: normalised, status: 'active' } })
      return brand ? Object.freeze(brand.dataValues) : null
    })
    // Each request gets an instance of its own (a deep copy: JSON settings are objects), so a
    // loader that changes or saves it cannot touch what the next request reads.
    return values ? Brand.build(structuredClone(values), { isNewRecord: false, raw: true }) : null
  })
}

/** The seeded demo community's address while it is active (the home page offers it), else null. */
export async function demoCommunityPath(context: AppLoadContext): Promise<string | null> {
  const demo = await findBrand(context, DEMO_BRAND_SLUG)
  return demo ? `/${demo.slug}` : null
}
