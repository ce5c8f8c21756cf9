// The meeting's view of the event: the slot engine's state as the edge last sent
// it, the talk timer, the late-joiner message and the talk timer's one-person toasts. Its own small
// reducer, apart from the meeting's, since nothing else in the meeting depends on it. Pure: times
// come in with the actions (the client's clock when a state arrived), so the views count down
// from what the edge said was left, whatever the two clocks read.
import type { EventState, TalkTimerState } from '#edge/contract/event-slots'

export type TalkNotice = { kind: 'encouragement' | 'enforcement'; message: string | null; id: number }

export interface EventSlotsState {
  event: EventState | null
  /** The client's clock (ms) when `event` arrived. */
  receivedAt: number
  talkTimer: TalkTimerState | null
  /** I joined while the event was under way: the late-joiner message shows until dismissed. */
  lateJoiner: boolean
  notice: TalkNotice | null
}

export type EventSlotsAction =
  | { type: 'joined'; event: EventState | null; talkTimer: TalkTimerState | null; at: number }
  | { type: 'updated'; event: EventState; at: number }
  | { type: 'talkTimer'; talkTimer: TalkTimerState }
  | { type: 'lateJoinerDismissed' }
  | { type: 'notice'; notice: TalkNotice }
  | { type: 'noticeEnded'; id: number }

export const initialEventSlots: EventSlotsState = {
  event: null,
  receivedAt: 0,
  talkTimer: null,
  lateJoiner: false,
  notice: null,
}

export function eventSlotsReducer(state: EventSlotsState, action: EventSlotsAction): EventSlotsState {
  switch (action.type) {
    case 'joined':
      return {
        ...state,
        event: action.event,
        receivedAt: action.at,
        talkTimer: action.talkTimer,
        lateJoiner: action.event?.started === true,
      }
    case 'updated':
      // The message is about the event I came into: it goes when that event stops.
      return {
        ...state,
        event: action.event,
        receivedAt: action.at,
        lateJoiner: state.lateJoiner && action.event.started,
      }
    case 'talkTimer':
      return { ...state, talkTimer: action.talkTimer }
    case 'lateJoinerDismissed':
      return { ...state, lateJoiner: false }
    case 'notice':
      return { ...state, notice: action.notice }
    case 'noticeEnded':
      return state.notice?.id === action.id ? { ...state, notice: null } : state
  }
}

/** What is left at `now` of the slot and of the countdown, counted down from when the state arrived. */
export function timeLeft(
  event: EventState,
  receivedAt: number,
  now: number,
): { slotMs: number | null; countdownMs: number | null } {
  const passed = event.paused ? 0 : Math.max(0, now - receivedAt)
  return {
    slotMs: event.remainingMs === null ? null : Math.max(0, event.remainingMs - (event.countdown ? 0 : passed)),
    countdownMs: event.countdown ? Math.max(0, event.countdown.remainingMs - passed) : null,
  }
}

/** m:ss (h:mm:ss past an hour), rounded up so a countdown shows 5, 4 … 1, never 0 while it runs. */
export function clock(ms: number) {
  const total = Math.ceil(ms / 1000)
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60]
  const pad = (value: number) => String(value).padStart(2, '0')
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`
}

/** Starting before the event's scheduled start warns that participants may miss minutes. */
export function startsEarly(startsAt: string | null, now: number) {
  return startsAt ? Date.parse(startsAt) > now : false
}
