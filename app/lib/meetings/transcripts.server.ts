// Meeting transcripts: the final caption lines the media edge kept for a meeting
// whose host asked for a transcript (meeting_transcript_lines). Who reads them: the room's host
// and co-hosts, and whoever manages the community's rooms; nobody else learns one exists. The
// pages are the community's, like its drafts and media: they open to its members (the same guard),
// and to the host of a personal room in it (a personal room's host holds no role in the main
// community); anyone else is refused as those pages refuse them.
import { QueryTypes } from 'sequelize'
import type { PermissionSlug } from '#models/permissions'
import { MeetingRoom, MeetingTranscriptLine, Room } from '#models/index'
import {
  communityPermissions,
  requireCommunity,
  requireCommunityPermission,
  type GuardArgs,
} from '../http/guards.server'
import { viewer } from '../http/session.server'

const TRANSCRIPTS_SHOWN = 50

export type TranscriptEntry = { meetingRoomId: string; roomName: string; startedAt: string; lines: number }

type Reader = { userId: string; permissions: ReadonlySet<PermissionSlug> }

/** The community the address names and who is reading in it: one of its members, or the host of one of its personal rooms. */
export async function requireTranscriptReader(args: GuardArgs) {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const hostsPersonalRoom =
    user !== null &&
    (await Room.count({ where: { brandId: brand.id, hostId: user.id, context: 'personal', deleted: false } })) > 0
  if (user && hostsPersonalRoom)
    return { brand, reader: { userId: user.id, permissions: await communityPermissions(args, brand) } satisfies Reader }
  const member = await requireCommunityPermission(args, 'access-community')
  return { brand, reader: { userId: member.user.id, permissions: member.permissions } satisfies Reader }
}

function mayRead(reader: Reader, room: Pick<Room, 'hostId' | 'coHosts'>) {
  return (
    reader.permissions.has('manage-community-rooms') ||
    room.hostId === reader.userId ||
    (room.coHosts ?? []).includes(reader.userId)
  )
}

/** The community's meetings with a transcript that this person may read, newest first. */
export async function readableTranscripts(brandId: string, reader: Reader): Promise<TranscriptEntry[]> {
  const rows = await Room.sequelize!.query<{
    meetingRoomId: string
    roomId: string
    startedAt: Date | string
    lineCount: number | string
  }>(
    `SELECT m.id AS meetingRoomId, m.roomId, m.startedAt, COUNT(t.id) AS lineCount FROM meeting_transcript_lines t
       JOIN meeting_rooms m ON m.id = t.meetingRoomId
       JOIN rooms r ON r.id = m.roomId
     WHERE r.brandId = :brandId AND r.deleted = :no
     GROUP BY m.id, m.roomId, m.startedAt
     ORDER BY m.startedAt DESC`,
    { type: QueryTypes.SELECT, replacements: { brandId, no: false } },
  )
  const rooms = new Map(
    (
      await Room.findAll({
        where: { id: [...new Set(rows.map((row) => row.roomId))] },
        attributes: ['id', 'slug', 'name', 'hostId', 'coHosts'],
      })
    ).map((room) => [room.id, room]),
  )
  return rows
    .filter((row) => rooms.has(row.roomId) && mayRead(reader, rooms.get(row.roomId)!))
    .slice(0, TRANSCRIPTS_SHOWN)
    .map((row) => {
      const room = rooms.get(row.roomId)!
      return {
        meetingRoomId: row.meetingRoomId,
        roomName: room.name ?? room.slug,
        startedAt: new Date(row.startedAt).toISOString(),
        lines: Number(row.lineCount),
      }
    })
}

/** "01:02:03": how far into the meeting a line was said. */
function elapsed(from: Date, to: Date) {
  const seconds = Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000))
  return [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':')
}

/**
 * One meeting's transcript as a plain-text file (the room, when it started, then each line with
 * its time into the meeting and its speaker), or null when it does not exist in this community,
 * has no lines, or is not this person's to read.
 */
export async function transcriptFile(
  brandId: string,
  meetingRoomId: string,
  reader: Reader,
): Promise<{ filename: string; text: string } | null> {
  const meeting = await MeetingRoom.findByPk(meetingRoomId, { attributes: ['id', 'roomId', 'startedAt'] })
  const room = meeting
    ? await Room.findOne({
        where: { id: meeting.roomId, brandId, deleted: false },
        attributes: ['slug', 'name', 'hostId', 'coHosts'],
      })
    : null
  if (!meeting || !room || !mayRead(reader, room)) return null
  const lines = await MeetingTranscriptLine.findAll({
    where: { meetingRoomId },
    order: [
      ['spokenAt', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  if (lines.length === 0) return null
  const started = meeting.startedAt
  const text = [
    room.name ?? room.slug,
    started.toISOString(),
    '',
    ...lines.map((line) => `[${elapsed(started, line.spokenAt)}] ${line.name}: ${line.text}`),
    '',
  ].join('\n')
  return { filename: `transcript-${room.slug}-${started.toISOString().slice(0, 10)}.txt`, text }
}
