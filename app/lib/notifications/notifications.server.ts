// The member's own notifications and settings: the panel's page, the badge's count, marking read,
// and the settings dialog's read and write. Access is decided before these run (the guards); every
// query is bounded to the member and the community, so nobody reads another's notifications.
import { Op } from 'sequelize'
import { checkAccess } from '#models/access'
import type { NotificationFrequency, NotificationScope } from '#models/notification'
import { Notification, NotificationSetting, Room, RoomFollow, type Brand, type User } from '#models/index'
import { publishRead } from './notification-events.server'
import { describeNotifications } from './notification-items.server'
import { DEFAULT_FREQUENCY, DEFAULT_SCOPE, NOTIFICATIONS_PAGE_SIZE, notificationTextKey } from './notification-rules'
import type { NotificationSettingsValues } from './notification-settings.schema'

/** The badge: how many of the member's notifications in this community are unread. */
export function unreadNotificationCount(userId: string, brandId: string): Promise<number> {
  return Notification.count({ where: { recipientId: userId, brandId, readAt: null } })
}

export type NotificationItem = {
  id: string
  text: string
  values: { actor: string | null; room: string; community: string }
  /** Relative to /{brand}. */
  path: string
  read: boolean
  createdAt: string
}

/** One page of the panel, newest first. */
export async function notificationPage(
  userId: string,
  brand: Pick<Brand, 'id' | 'name'>,
  page = 1,
): Promise<{ items: NotificationItem[]; page: number; hasMore: boolean }> {
  const rows = await Notification.findAll({
    where: { recipientId: userId, brandId: brand.id },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
    limit: NOTIFICATIONS_PAGE_SIZE + 1,
  })
  const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE)
  const described = await describeNotifications(shown)
  return {
    page,
    hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
    items: shown.map((row) => {
      const item = described.get(row.id)!
      return {
        id: row.id,
        text: notificationTextKey(row.kind, row.detail ?? null),
        values: { actor: item.actorName, room: item.roomName ?? '', community: brand.name },
        path: item.path,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      }
    }),
  }
}

/** Marks the member's notifications here read: all of them, or one. Returns how many changed. */
export async function markRead(userId: string, brandId: string, notificationId?: string): Promise<number> {
  const [changed] = await Notification.update(
    { readAt: new Date() },
    { where: { recipientId: userId, brandId, readAt: null, ...(notificationId ? { id: notificationId } : {}) } },
  )
  if (changed) publishRead(userId, brandId)
  return changed
}

export type RoomChoice = { roomId: string; name: string; slug: string; scope: NotificationScope | 'inherit' }
export type SettingsView = { frequency: NotificationFrequency; scope: NotificationScope; rooms: RoomChoice[] }

/** The dialog's values: the community setting and, for each room the member follows, its override (or none). */
export async function settingsView(user: Pick<User, 'id'>, brandId: string): Promise<SettingsView> {
  const [rows, follows] = await Promise.all([
    NotificationSetting.findAll({ where: { brandId, userId: user.id } }),
    RoomFollow.findAll({
      where: { userId: user.id },
      include: [
        {
          model: Room,
          as: 'room',
          where: { brandId, deleted: { [Op.not]: true } },
          attributes: ['id', 'name', 'slug'],
        },
      ],
    }),
  ])
  const community = rows.find((row) => row.roomId === null)
  const overrides = new Map(rows.filter((row) => row.roomId).map((row) => [row.roomId!, row.scope]))
  const rooms = follows
    .map((follow) => follow.room!)
    .sort((a, b) => (a.name ?? a.slug).localeCompare(b.name ?? b.slug))
    .map((room) => ({
      roomId: room.id,
      name: room.name ?? room.slug,
      slug: room.slug,
      scope: overrides.get(room.id) ?? ('inherit' as const),
    }))
  return { frequency: community?.frequency ?? DEFAULT_FREQUENCY, scope: community?.scope ?? DEFAULT_SCOPE, rooms }
}

/** The member's community setting, created when missing (the API's POST and PUT and the dialog all come here). */
export async function saveCommunitySetting(
  userId: string,
  brandId: string,
  values: { frequency?: NotificationFrequency; scope?: NotificationScope },
) {
  const [row] = await NotificationSetting.findOrCreate({
    where: { brandId, userId, roomId: null },
    defaults: { brandId, userId, roomId: null },
  })
  return row.update({
    ...(values.frequency ? { frequency: values.frequency } : {}),
    ...(values.scope ? { scope: values.scope } : {}),
  })
}

/**
 * Saves the dialog: the community's frequency and scope, and each listed room's override. Only
 * rooms of this community the member may enter take an override; others are ignored, never stored.
 */
export async function saveSettings(
  user: Pick<User, 'id'>,
  brand: Brand,
  values: NotificationSettingsValues,
): Promise<void> {
  await saveCommunitySetting(user.id, brand.id, { frequency: values.frequency, scope: values.scope })
  for (const choice of values.rooms ?? []) {
    if (choice.scope === 'inherit') {
      await NotificationSetting.destroy({ where: { brandId: brand.id, userId: user.id, roomId: choice.roomId } })
      continue
    }
    const room = await Room.findOne({ attributes: ['slug'], where: { id: choice.roomId, brandId: brand.id } })
    if (!room || !(await checkAccess({ brand, userId: user.id, room: { slug: room.slug } })).ok) continue
    const [row] = await NotificationSetting.findOrCreate({
      where: { brandId: brand.id, userId: user.id, roomId: choice.roomId },
      defaults: { brandId: brand.id, userId: user.id, roomId: choice.roomId },
    })
    await row.update({ scope: choice.scope })
  }
}
