import type { AppLoadContext } from '@remix-run/node'
import { Brand } from '#models/index'
import { normaliseSlug } from '#models/slugs'
import { once } from './request-cache.server'

/** The active community a URL's brand segment names, or null; looked up once per request. */
export function findBrand(context: AppLoadContext, slug: string | undefined): Promise<Brand | null> {
  if (!slug) return Promise.resolve(null)
  const normalised = normaliseSlug(slug)
  return once(context, `brand:${normalised}`, () => Brand.findOne({ where: { slug: normalised, status: 'active' } }))
}
