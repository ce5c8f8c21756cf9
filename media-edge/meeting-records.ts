// The meeting's rows in the database: MeetingRoom, MeetingPeer,
// MeetingLog and the chat. Only the media edge writes them; the web app and admin screens read.
import { Op } from 'sequelize'
import {
  Brand,
  MeetingChatMessage,
  MeetingLog,
  MeetingPeer,
  MeetingRoom,
  MeetingTranscriptLine,
  Room,
} from '#models/index'
import type { MeetingPeerStatus } from '#models/meeting'
import type { Logger } from './logger'
import { logEntry, logMessage, type LogLine } from './meeting-log'
import { MEETING_LOG_HISTORY, type MeetingLogEntry } from './contract/meeting-log'
import { isGuestId } from './contract/protocol'
import type { ChatMessage } from './contract/chat'

/**
 * An open meeting whose people all left less than this long ago is resumed by the next join
 * (an edge restart or a brief gap keeps its chat); an older one is ended and a new one starts.
 */
export const RESUME_WINDOW_MS = 10 * 60 * 1000
/** How much chat a joining peer gets back. */
export const CHAT_HISTORY = 500

/** A meeting room (main or breakout) as the log needs it: its row, and the room it belongs to. */
export type MeetingRef = { id: string; roomId: string }

export class MeetingRecords {
  /**
   * `logged` hears each log line once it is written, with the room it belongs to (the edge tells the room's
   * hosts and co-hosts).
   */
  constructor(
    private readonly logger: Logger,
    private readonly sfuHostname: string,
    private readonly publicUrl: string,
    private readonly logged: (roomId: string, entry: MeetingLogEntry) => void = () => undefined,
  ) {}

  /** The time of the last log line written here: lines sort by time, so no two share a millisecond. */
  private lastLogAt = 0

  /** The room a token names, or null when it no longer exists. */
  async findRoom(roomId: string) {
    return Room.findOne({ where: { id: roomId, deleted: false }, attributes: ['id', 'slug', 'name', 'brandId'] })
  }

  /** The main meeting of the room still open in the database (left by a restarted edge), if any. */
  async openMeetingId(roomId: string) {
    const row = await MeetingRoom.findOne({
      where: { roomId, type: 'main', endedAt: null },
      order: [['startedAt', 'DESC']],
      attributes: ['id'],
    })
    return row?.id ?? null
  }

  /**
   * The meeting this edge is about to host: the room's open one when it is recent (peers still in
   * it from a dead edge are marked left now), otherwise a new one.
   */
  async openMeeting(
    room: { id: string; slug: string; name: string | null; brandId: string },
    now = new Date(),
  ): Promise<MeetingRoom> {
    const open = await MeetingRoom.findAll({
      where: { roomId: room.id, type: 'main', endedAt: null },
      order: [['startedAt', 'DESC']],
    })
    let resumed: MeetingRoom | null = null
    for (const meeting of open) {
      const lastActivity = await this.lastActivity(meeting)
      await MeetingPeer.update({ leftAt: now }, { where: { meetingRoomId: meeting.id, leftAt: null } })
      if (!resumed && now.getTime() - lastActivity.getTime() < RESUME_WINDOW_MS) {
        resumed = meeting
        await this.log(meeting, { event: 'meetingResumed', operatorNote: `on ${this.sfuHostname}` })
      } else {
        await meeting.update({ endedAt: lastActivity })
      }
    }
    if (resumed) {
      await resumed.update({ sfuHostname: this.sfuHostname })
      return resumed
    }
    const brand = await Brand.findByPk(room.brandId, { attributes: ['slug'] })
    const meeting = await MeetingRoom.create({
      roomId: room.id,
      type: 'main',
      name: room.name,
      roomUrl: brand ? `${this.publicUrl}/${brand.slug}/${room.slug}` : null,
      sfuHostname: this.sfuHostname,
      startedAt: now,
    })
    await this.log(meeting, { event: 'meetingStarted', operatorNote: `on ${this.sfuHostname}` })
    return meeting
  }

  async endMeeting(meeting: MeetingRef, now = new Date()) {
    await MeetingPeer.update({ leftAt: now }, { where: { meetingRoomId: meeting.id, leftAt: null } })
    await MeetingRoom.update({ endedAt: now }, { where: { id: meeting.id } })
    await this.log(meeting, { event: 'meetingEnded' })
  }

  async addPeer(
    peer: { id: string; meetingRoomId: string; socketId: string; userId: string; name: string; avatar: string | null },
    now = new Date(),
  ) {
    await MeetingPeer.create({
      id: peer.id,
      meetingRoomId: peer.meetingRoomId,
      socketId: peer.socketId,
      userId: peer.userId,
      userMeta: { name: peer.name, avatar: peer.avatar },
      status: 'joining',
      joinedAt: now,
    })
  }

  async setPeerStatus(peerId: string, status: MeetingPeerStatus, now = new Date()) {
    // Entering a breakout room is entering too (status joined).
    await MeetingPeer.update(
      { status, ...(status === 'participating' || status === 'joined' ? { enteredAt: now } : {}) },
      { where: { id: peerId } },
    )
  }

  async updatePeerMeta(peerId: string, userMeta: { name: string; avatar: string | null }) {
    await MeetingPeer.update({ userMeta }, { where: { id: peerId } })
  }

  async peersLeft(peerIds: string[], now = new Date()) {
    await MeetingPeer.update({ leftAt: now }, { where: { id: peerIds, leftAt: null } })
  }

  /** A log line of the meeting (main room or breakout); a failed write is reported, never thrown: the meeting goes on. */
  async log(meeting: MeetingRef, line: LogLine) {
    // A meeting's lines come from this one edge, so a clock that always moves on keeps them in the order they
    // happened (a join is often logged in the same millisecond as the meeting's start).
    this.lastLogAt = Math.max(Date.now(), this.lastLogAt + 1)
    const dateTime = new Date(this.lastLogAt)
    try {
      const row = await MeetingLog.create({
        meetingRoomId: meeting.id,
        level: line.level ?? 'info',
        message: logMessage(line),
        event: line.event,
        actor: line.actor?.name ?? null,
        subject: line.subject?.name ?? null,
        detail: line.detail ?? null,
        dateTime,
      })
      this.logged(meeting.roomId, logEntry(row))
    } catch (error) {
      this.logger.error({ err: error, meetingRoomId: meeting.id }, 'could not write a meeting log')
    }
  }

  /** The latest lines of a main meeting and its breakouts, oldest first, as its hosts read them. */
  async logOf(mainMeetingRoomId: string): Promise<MeetingLogEntry[]> {
    const breakouts = await MeetingRoom.findAll({ where: { parentId: mainMeetingRoomId }, attributes: ['id'] })
    const rows = await MeetingLog.findAll({
      where: { meetingRoomId: [mainMeetingRoomId, ...breakouts.map((room) => room.id)], event: { [Op.ne]: null } },
      order: [
        ['dateTime', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: MEETING_LOG_HISTORY,
    })
    return rows.reverse().map(logEntry)
  }

  async addChat(
    message: Omit<ChatMessage, 'id' | 'sentAt' | 'guest'> & { meetingRoomId: string },
    now = new Date(),
  ): Promise<ChatMessage> {
    const row = await MeetingChatMessage.create({ ...message, sentAt: now })
    return toChatMessage(row)
  }

  /** A final caption line of a meeting whose transcript is kept. */
  async addTranscriptLine(line: {
    meetingRoomId: string
    peerId: string
    userId: string
    name: string
    text: string
    spokenAt: Date
  }) {
    await MeetingTranscriptLine.create(line)
  }

  async chat(meetingRoomId: string): Promise<ChatMessage[]> {
    const rows = await MeetingChatMessage.findAll({
      where: { meetingRoomId },
      order: [
        ['sentAt', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: CHAT_HISTORY,
    })
    return rows.reverse().map(toChatMessage)
  }

  /** The name and start of a meeting room (the main one's name is its room's). */
  async meetingRoom(meetingRoomId: string) {
    return MeetingRoom.findByPk(meetingRoomId, { attributes: ['id', 'name', 'startedAt'] })
  }

  /** A breakout room under a main meeting (type breakout, parent the main, managed by who made it). */
  async openBreakout(main: { id: string; roomId: string }, name: string, managerUserIds: string[], now = new Date()) {
    const row = await MeetingRoom.create({
      roomId: main.roomId,
      type: 'breakout',
      parentId: main.id,
      name,
      sfuHostname: this.sfuHostname,
      startedAt: now,
      managed: true,
      managerUserIds,
    })
    await this.log(main, { event: 'breakoutOpened', detail: name, operatorNote: row.id })
    return row
  }

  async renameMeetingRoom(meetingRoomId: string, name: string) {
    await MeetingRoom.update({ name }, { where: { id: meetingRoomId } })
  }

  /** Where the host wants these meeting peers next (moveToMeetingRoom), or nowhere. */
  async setPeerMove(peerIds: string[], moveToMeetingRoomId: string | null) {
    if (peerIds.length) await MeetingPeer.update({ moveToMeetingRoomId }, { where: { id: peerIds } })
  }

  private async lastActivity(meeting: MeetingRoom) {
    const latest = (column: 'joinedAt' | 'leftAt') =>
      MeetingPeer.findOne({
        where: { meetingRoomId: meeting.id, [column]: { [Op.ne]: null } },
        order: [[column, 'DESC']],
        attributes: [column],
      })
    const [joined, left] = await Promise.all([latest('joinedAt'), latest('leftAt')])
    const times = [meeting.startedAt, joined?.joinedAt, left?.leftAt].filter(
      (time): time is Date => time instanceof Date,
    )
    return new Date(Math.max(...times.map((time) => time.getTime())))
  }
}

function toChatMessage(row: MeetingChatMessage): ChatMessage {
  return {
    id: row.id,
    peerId: row.peerId,
    userId: row.userId,
    name: row.name ?? '',
    guest: isGuestId(row.userId),
    text: row.text,
    sentAt: row.sentAt.toISOString(),
  }
}
