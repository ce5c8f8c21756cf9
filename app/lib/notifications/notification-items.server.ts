// Notifications as a person reads them (the panel, the mails): who did it, which group, and where
// the notice leads, read in as few queries as there are kinds of thing named.
import { type Notification, Room, User } from '#models/index'
import type { MailItem } from './notification-mail.server'
import { notificationPath } from './notification-rules'

export async function describeNotifications(
  rows: readonly Notification[],
): Promise<Map<string, MailItem & { id: string }>> {
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => Boolean(id)))]
  const roomIds = [...new Set(rows.map((row) => row.roomId).filter((id): id is string => Boolean(id)))]
  const [actors, rooms] = await Promise.all([
    actorIds.length ? User.findAll({ attributes: ['id', 'name'], where: { id: actorIds } }) : [],
    roomIds.length ? Room.findAll({ attributes: ['id', 'name', 'slug', 'context'], where: { id: roomIds } }) : [],
  ])
  const actorName = new Map(actors.map((user) => [user.id, user.name ?? null]))
  const roomOf = new Map(rooms.map((room) => [room.id, room]))
  return new Map(
    rows.map((row) => {
      const room = row.roomId ? roomOf.get(row.roomId) : undefined
      return [
        row.id,
        {
          id: row.id,
          kind: row.kind,
          detail: row.detail ?? null,
          actorName: row.actorId ? (actorName.get(row.actorId) ?? null) : null,
          roomName: room?.name ?? null,
          path: notificationPath({
            kind: row.kind,
            postId: row.postId ?? null,
            roomSlug: room?.slug ?? null,
            actorId: row.actorId ?? null,
          }),
        },
      ]
    }),
  )
}
