// The meeting log as its hosts and co-hosts read it in the meeting (the product's "host admins who can manage a
// room start listening for meeting log"): what happened, when, who did it and to whom, as an event the page puts
// in words in its own language. Operators read the same rows' English message (media-edge/meeting-log.ts).
import { answers, type ClientEventDefinition } from './event-parts'

export const MEETING_LOG_EVENTS = [
  'meetingStarted',
  'meetingResumed',
  'meetingMoved',
  'meetingEnded',
  'joined',
  'left',
  'muted',
  'shareStopped',
  'captionsOn',
  'captionsOff',
  'recordingStarted',
  'recordingStopped',
  'liveStarted',
  'livePaused',
  'liveResumed',
  'liveStopped',
  'breakoutOpened',
  'breakoutMoved',
  'breakoutsEnded',
] as const
export type MeetingLogEvent = (typeof MEETING_LOG_EVENTS)[number]

/** Why someone left (the `left` event's detail). */
export const LEAVE_REASONS = ['left', 'disconnected', 'kicked', 'removed', 'reconnected', 'moved'] as const
export type LeaveReason = (typeof LEAVE_REASONS)[number]

/** One line of the log. */
export interface MeetingLogEntry {
  id: string
  /** ISO time. */
  at: string
  level: 'debug' | 'info' | 'warn' | 'error'
  event: MeetingLogEvent
  /** Who did it (a name), when someone did. */
  actor: string | null
  /** Whom it happened to (a name): who joined, left, was muted or had their share stopped. */
  subject: string | null
  /**
   * What some events carry: `left` its LeaveReason, `captionsOn` the spoken language, `breakoutOpened` and
   * `breakoutMoved` the breakout room's name.
   */
  detail: string | null
}

/** How many of the latest lines a host gets on opening the log. */
export const MEETING_LOG_HISTORY = 300

export const meetingLogClientEvents = {
  /**
   * Ours: a host or co-host reads the log so far, of the main room and its breakouts, oldest first (the latest
   * MEETING_LOG_HISTORY); each new line then comes as meetingLog while they are in the meeting.
   */
  'meetingLog:get': { answer: answers<MeetingLogEntry[]>() },
} satisfies Record<string, ClientEventDefinition>

export interface MeetingLogServerEvents {
  /** A new line of the log, to the room's hosts and co-hosts. */
  meetingLog: (entry: MeetingLogEntry) => void
}
