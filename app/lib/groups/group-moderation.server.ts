// The groups page's bulk actions (approve, reject, archive, restore, remove). Each
// moves only the ticked groups that are in a state it applies to; the others stay as they were.
import { Op } from 'sequelize'
import { Room, type Brand } from '#models/index'
import { BULK_TRANSITIONS, type GroupBulkAction } from './group-rules'

/** How many of the ticked groups moved (0: none was in a state the action applies to). */
export async function bulkGroupAction(
  brand: Pick<Brand, 'id' | 'topLevelRoomId' | 'announcementsRoomId'>,
  intent: GroupBulkAction,
  ids: readonly string[],
): Promise<number> {
  const { from, to } = BULK_TRANSITIONS[intent]
  const [changed] = await Room.update(
    { status: to, ...(to === 'deleted' ? { deleted: true } : {}) },
    {
      where: {
        id: { [Op.in]: [...ids], [Op.notIn]: [brand.topLevelRoomId ?? '', brand.announcementsRoomId ?? ''] },
        brandId: brand.id,
        context: 'group',
        status: [...from],
        deleted: false,
      },
    },
  )
  return changed
}
