import { QueryTypes } from 'sequelize'
import { Room } from '#models/index'

const CALLS_SHOWN = 20

export type CallHistoryEntry = { roomSlug: string; roomName: string; joinedAt: string; minutes: number | null }

/**
 * The meetings someone took part in within one community, newest first: the room, when they
 * joined and how long they stayed (null while they are still in it). Read from the meeting
 * records the edge keeps (meeting_peers), so it needs nothing of its own.
 */
export async function callHistory(brandId: string, userId: string): Promise<CallHistoryEntry[]> {
  const rows = await Room.sequelize!.query<{ slug: string; name: string | null; joinedAt: Date | string; leftAt: Date | string | null }>(
    `SELECT r.slug, r.name, p.joinedAt, p.leftAt FROM meeting_peers p
       JOIN meeting_rooms m ON m.id = p.meetingRoomId
       JOIN rooms r ON r.id = m.roomId
     WHERE p.userId = :userId AND r.brandId = :brandId AND r.deleted = :no
     ORDER BY p.joinedAt DESC LIMIT ${CALLS_SHOWN}`,
    { type: QueryTypes.SELECT, replacements: { userId, brandId, no: false } },
  )
  return rows.map((row) => {
    const joinedAt = new Date(row.joinedAt)
    return {
      roomSlug: row.slug,
      roomName: row.name ?? row.slug,
      joinedAt: joinedAt.toISOString(),
      minutes: row.leftAt ? Math.max(1, Math.round((new Date(row.leftAt).getTime() - joinedAt.getTime()) / 60_000)) : null,
    }
  })
}
