// Notifying a host: when someone calls from a room's waiting
// room and none of its hosts or co-hosts is in the meeting, the host gets a link that signs them in
// and opens the room (a magic link, 24 hours), by mail and/or SMS: only where they have that
// contact and its preference is on, never when the caller is the host, once per call. The text
// names the caller ("A Guest" for a guest who gave no name of their own) and the room, and ends
// with "Visit your room".
import { Op } from 'sequelize'
import { isGuestId } from '#edge/contract/protocol'
import { createMagicLink } from '../identity/auth.server'
import { sendMagicLink } from '../identity/sign-in-messages.server'
import { isLanguage, DEFAULT_LANGUAGE } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { Brand, MeetingPeer, MeetingRoom, Room, RoomCall, User } from '#models/index'
import type { Channel } from '../platform/outbox.server'
import { logger } from '../platform/logger.server'

/** Whether one of the room's hosts or co-hosts is in its meeting now. */
async function hostsPresent(room: Pick<Room, 'id' | 'hostId' | 'coHosts'>) {
  const meetings = await MeetingRoom.findAll({ where: { roomId: room.id, endedAt: null }, attributes: ['id'] })
  if (meetings.length === 0) return false
  const hosts = [room.hostId, ...(room.coHosts ?? [])].filter((id): id is string => Boolean(id))
  return (
    (await MeetingPeer.count({ where: { meetingRoomId: meetings.map(({ id }) => id), userId: hosts, leftAt: null } })) >
    0
  )
}

/**
 * Tells the host of a ringing call's room, when they are away; returns the channels used (none when
 * the rules say not to). Sending fails are logged: the call rings whether the host hears of it or not.
 */
export async function notifyAbsentHost(callId: string): Promise<Channel[]> {
  const call = await RoomCall.findByPk(callId, {
    include: [{ model: Room, as: 'room', attributes: ['id', 'slug', 'name', 'brandId', 'hostId', 'coHosts'] }],
  })
  const room = call?.room
  if (!call || call.status !== 'calling' || !room?.hostId || call.callerId === room.hostId) return []
  if (await hostsPresent(room)) return []
  // Once per call: of two requests racing, one claims it.
  const [claimed] = await RoomCall.update(
    { hostNotifiedAt: new Date() },
    { where: { id: call.id, hostNotifiedAt: { [Op.is]: null } } },
  )
  if (!claimed) return []
  const [host, brand] = await Promise.all([User.findByPk(room.hostId), Brand.findByPk(room.brandId)])
  if (!host || !brand) return []

  const language = isLanguage(host.preferredLanguage) ? host.preferredLanguage : DEFAULT_LANGUAGE
  const t = translatorFor(language)
  const named =
    call.callerName.trim() && !(isGuestId(call.callerId) && call.callerName === brand.peerSettings.defaultDisplayName)
  const values = { guest: named ? call.callerName : t('mail:calls.aGuest'), room: room.name || room.slug }
  const channels: Array<{ channel: Channel; to: string | null; wanted: boolean }> = [
    { channel: 'mail', to: host.emailAddress, wanted: host.preferenceEmailNotifications },
    { channel: 'sms', to: host.phoneNumber, wanted: host.preferenceSmsNotifications },
  ]
  const sent: Channel[] = []
  for (const { channel, to, wanted } of channels) {
    if (!to || !wanted) continue
    try {
      // One link per message: each is single-use, and spending one must not spend the other.
      const link = await createMagicLink(host.id, `/${brand.slug}/${room.slug}`)
      await sendMagicLink({
        channel,
        to,
        link,
        language,
        brand,
        subject: t('mail:calls.subject', values),
        message: t('mail:calls.message', values),
      })
      sent.push(channel)
    } catch (error) {
      logger.error({ err: error, callId: call.id, channel }, 'could not tell the host about a call')
    }
  }
  return sent
}

/** The caller's call to the room that is still ringing, if any (the waiting room asks to tell the host of that one). */
export function ringingCallOf(roomId: string, callerId: string) {
  return RoomCall.findOne({ where: { roomId, callerId, status: 'calling' }, attributes: ['id'] })
}
