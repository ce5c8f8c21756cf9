import { Brand } from '#models/index'
import { DEMO_BRAND_SLUG } from '#models/seed'

/** The seeded demo community's address, while it exists and is active (the home page offers it), else null. */
export async function demoCommunityPath(): Promise<string | null> {
  const demo = await Brand.findOne({ where: { slug: DEMO_BRAND_SLUG, status: 'active' }, attributes: ['slug'] })
  return demo ? `/${demo.slug}` : null
}
