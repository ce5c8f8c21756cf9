import { UniqueConstraintError } from 'sequelize'
import { Brand } from './brand'

/**
 * The main brand: where personal rooms live. The product's route parameter `brand` reads "me" as the
 * main brand, so that is its slug, which no community can take (see RESERVED_BRAND_SLUGS), and a
 * personal room's address is /me/{room}.
 */
export const MAIN_BRAND_SLUG = 'me'
export const MAIN_BRAND_NAME = 'Hearth'

/**
 * Paths under /me that are pages, not rooms: a personal room cannot take one of these links.
 * (Room links in any community already avoid RESERVED_ROOM_SLUGS.)
 */
export const MAIN_BRAND_PAGES = new Set(['settings', 'recordings'])

/**
 * The main brand's row, created on first use: a fresh install needs nothing seeded before the first
 * person claims a room. Private and closed to sign-ups; two first claims racing meet on the
 * unique slug, and the loser reads the winner's row.
 */
export async function mainBrand(): Promise<Brand> {
  const existing = await Brand.findOne({ where: { slug: MAIN_BRAND_SLUG } })
  if (existing) return existing
  try {
    return await Brand.create({ slug: MAIN_BRAND_SLUG, name: MAIN_BRAND_NAME })
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error
    return Brand.findOne({ where: { slug: MAIN_BRAND_SLUG }, rejectOnEmpty: true })
  }
}
