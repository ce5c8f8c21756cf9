// What the event slot engine and the talk timer read and write in the database. The edge reads the
// event when the host starts it rather than taking it from the edge token: the running order and
// the timer are the event's, the same for everyone, and may be edited until the moment it starts,
// while a token is one person's, signed minutes earlier. The edge reads rooms the same way
// (meeting-records.ts).
import { CommunityEvent, EventSlot, MeetingRoom, Room } from '#models/index'
import type { SlotPlan } from './event-slots'
import type { TalkTimerSettings } from './talk-timer'

export interface EventPlan {
  slots: SlotPlan[]
  /** The scheduled start (the room's), for the early-start warning. */
  startsAt: Date | null
  talkTimer: TalkTimerSettings
  /** How long after the start latecomers may still join (null: any time). */
  lateJoinerWindowMinutes: number | null
}

export class EventRecords {
  /** The room's event and its slots in order, or null when the room is not an event. */
  async eventPlan(roomId: string): Promise<EventPlan | null> {
    const [room, event, slots] = await Promise.all([
      Room.findByPk(roomId, { attributes: ['id', 'startsAt'] }),
      CommunityEvent.findByPk(roomId),
      EventSlot.findAll({
        where: { roomId },
        order: [['position', 'ASC']],
        attributes: ['name', 'minutes', 'seconds'],
      }),
    ])
    if (!room || !event) return null
    return {
      slots: slots.map((slot) => ({ name: slot.name, minutes: slot.minutes, seconds: slot.seconds })),
      startsAt: room.startsAt ?? null,
      talkTimer: {
        limitMs: ((event.timerMinutes ?? 0) * 60 + (event.timerSeconds ?? 0)) * 1000,
        muteOnExpiry: event.timerMuteOnExpiry,
        enforcement: event.timerEnforcement,
        enforcementMessage: event.timerEnforcementMessage,
        encouragement: event.timerEncouragement,
        encouragementMessage: event.timerEncouragementMessage,
      },
      lateJoinerWindowMinutes: event.lateJoinerWindowMinutes,
    }
  }

  /** The talk-time distribution kept on the meeting room (peerTimerDistributionMap). */
  async saveDistribution(meetingRoomId: string, distribution: Record<string, number>) {
    await MeetingRoom.update({ peerTimerDistributionMap: distribution }, { where: { id: meetingRoomId } })
  }
}
