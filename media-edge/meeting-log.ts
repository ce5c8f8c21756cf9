// One line of a meeting's log (MeetingLog rows, written by meeting-records.ts): an event with names, which the
// meeting's hosts read in their own language (contract/meeting-log.ts), and the English sentence operators read in
// the database, with user ids beside the names.
import type { MeetingLog } from '#models/index'
import type { MeetingLogLevel } from '#models/meeting'
import type { LeaveReason, MeetingLogEntry, MeetingLogEvent } from './contract/meeting-log'

export interface LogWho {
  name: string
  userId: string
}

export interface LogLine {
  event: MeetingLogEvent
  level?: MeetingLogLevel
  actor?: LogWho
  subject?: LogWho
  /** See MeetingLogEntry.detail; `operatorNote` is for the English sentence only (a host is told less). */
  detail?: string
  operatorNote?: string
}

const who = (person: LogWho | undefined) => (person ? `${person.name} (${person.userId})` : 'someone')

const LEFT: Record<LeaveReason, string> = {
  left: 'left',
  disconnected: 'left: disconnected',
  kicked: 'left: kicked',
  removed: 'left: removed',
  reconnected: 'left: replaced by a reconnection',
  moved: 'left: moved to another meeting room',
}

/** The operators' sentence. */
export function logMessage({ event, actor, subject, detail, operatorNote }: LogLine): string {
  const by = actor ? ` by ${who(actor)}` : ''
  const note = operatorNote ? `: ${operatorNote}` : ''
  switch (event) {
    case 'meetingStarted':
      return `meeting started${note}`
    case 'meetingResumed':
      return `meeting resumed${note}`
    case 'meetingMoved':
      return `meeting moved${note}`
    case 'meetingEnded':
      return 'meeting ended'
    case 'joined':
      return `${who(subject)} joined`
    case 'left':
      return `${who(subject)} ${LEFT[detail as LeaveReason] ?? 'left'}${by}${note}`
    case 'muted':
      return `${who(subject)} muted${by}`
    case 'shareStopped':
      return `${who(subject)} screen share stopped${by}`
    case 'captionsOn':
      return `captions on in ${detail}${by}${note}`
    case 'captionsOff':
      return `captions off${by}`
    case 'recordingStarted':
      return `recording started${by}`
    case 'recordingStopped':
      return `recording stopped${by}${note}`
    case 'liveStarted':
      return `live stream started${by}`
    case 'livePaused':
      return `live stream paused${by}`
    case 'liveResumed':
      return `live stream resumed${by}`
    case 'liveStopped':
      return `live stream stopped${by}`
    case 'breakoutOpened':
      return `breakout room (${detail}) opened${note}`
    case 'breakoutMoved':
      return `${who(actor)} moved people from ${detail}${note}`
    case 'breakoutsEnded':
      return `${who(actor)} ended the breakout rooms`
  }
}

/** A row as the hosts get it: names only. */
export const logEntry = (row: MeetingLog): MeetingLogEntry => ({
  id: row.id,
  at: row.dateTime.toISOString(),
  level: row.level,
  event: row.event as MeetingLogEvent,
  actor: row.actor ?? null,
  subject: row.subject ?? null,
  detail: row.detail ?? null,
})
