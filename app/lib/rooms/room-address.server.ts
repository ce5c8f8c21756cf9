// A room's address: its meeting page, `/{community}/{link}` (personal rooms of the main community are `/me/{link}`).
import { Brand, type Room } from '#models/index'

export async function roomAddress(room: Pick<Room, 'brandId' | 'slug'>): Promise<string> {
  const brand = await Brand.findByPk(room.brandId, { attributes: ['slug'], rejectOnEmpty: true })
  return `/${brand.slug}/${room.slug}`
}
