import { Room, type Brand } from '#models/index'

/**
 * Where the community sends people first (its defaultLandingPage): its home with its rooms, or straight into
 * its hub or its announcements room. A sign-up that made a member and an accepted invitation land here.
 */
export async function landingPath(
  brand: Pick<Brand, 'id' | 'slug' | 'defaultLandingPage' | 'topLevelRoomId' | 'announcementsRoomId'>,
): Promise<string> {
  const home = `/${brand.slug}`
  const roomId =
    brand.defaultLandingPage === 'hub'
      ? brand.topLevelRoomId
      : brand.defaultLandingPage === 'announcements'
        ? brand.announcementsRoomId
        : null
  if (!roomId) return home
  const room = await Room.findOne({ where: { id: roomId, brandId: brand.id, deleted: false }, attributes: ['slug'] })
  return room ? `${home}/${room.slug}` : home
}
