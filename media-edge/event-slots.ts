// The event slot engine: a scripted event's slots played one after the other. The edge owns the
// clock, so everyone (late joiners too) sees the same slot and the same time left. One phase clock
// runs at a time: the slot itself, then a 5 s countdown to the next slot or to the end. Pure apart
// from the clock, which is passed in so tests can use fake timers.
import { realClock, type Clock } from './clock'
import { EdgeError } from './edge-error'
import { EDGE_ERRORS } from './contract/protocol'
import { EVENT_COUNTDOWN_MS, type EventSlotView, type EventState } from './contract/event-slots'

/** A slot as the event editor stores it (event_slots). */
export interface SlotPlan {
  name: string
  minutes: number
  seconds: number
}

/**
 * Minutes × 60 + seconds, in ms. When a flag is set the slot is shortened to twice the
 * minutes read as seconds: the rehearsal flag turns a 10-minute slot into 20 s (its seconds are
 * dropped, so a slot of seconds only becomes untimed), to walk through an event's running order.
 */
export function slotDurationMs(slot: { minutes: number; seconds: number }, rehearsal: boolean) {
  return rehearsal ? slot.minutes * 2 * 1000 : (slot.minutes * 60 + slot.seconds) * 1000
}

type Phase = 'slot' | 'next' | 'end'

export class EventSlotEngine {
  private slots: EventSlotView[] = []
  private startsAt: string | null = null
  private rehearsal = false
  private started = false
  private paused = false
  private slotIndex: number | null = null
  private phase: Phase = 'slot'
  /** The phase's time played before `playingSince` (pauses and seeks add up here). */
  private playedMs = 0
  private playingSince: number | null = null
  private timer: unknown = null

  constructor(
    /** Everyone hears each change (event.updated). */
    private readonly changed: (state: EventState) => void,
    /** The event ended (on its own or by the host). */
    private readonly ended: () => void = () => undefined,
    private readonly timers: Clock = realClock,
  ) {}

  get isStarted() {
    return this.started
  }

  get hasSlots() {
    return this.slots.length > 0
  }

  /** The running order the host starts (read from the database at start). */
  load(slots: SlotPlan[], startsAt: Date | null, rehearsal: boolean) {
    if (slots.length === 0) throw new EdgeError(EDGE_ERRORS.eventNoSlots)
    this.slots = slots.map((slot) => ({ name: slot.name, durationMs: slotDurationMs(slot, rehearsal) }))
    this.startsAt = startsAt?.toISOString() ?? null
    this.rehearsal = rehearsal
  }

  /** The first slot, playing. */
  start() {
    this.setSlot(0)
  }

  /** Setting a slot marks the event started and plays it at once (next cancels the timer). */
  setSlot(index: number) {
    if (!Number.isInteger(index) || index < 0 || index >= this.slots.length)
      throw new EdgeError(EDGE_ERRORS.eventNoSuchSlot)
    this.started = true
    this.paused = false
    this.slotIndex = index
    this.enter('slot')
  }

  /** To a position of the current slot (back from a countdown too), keeping paused as it was. */
  seek(positionMs: number) {
    const duration = this.requireStarted().durationMs
    this.phase = 'slot'
    this.playedMs = duration > 0 ? Math.min(Math.max(0, positionMs), duration) : Math.max(0, positionMs)
    this.playingSince = this.paused ? null : this.timers.now()
    this.schedule()
    this.emit()
  }

  /** Resume clears the paused flag; the phase goes on from where it stopped. */
  play() {
    this.requireStarted()
    if (!this.paused) return
    this.paused = false
    this.playingSince = this.timers.now()
    this.schedule()
    this.emit()
  }

  pause() {
    this.requireStarted()
    if (this.paused) return
    this.playedMs = this.elapsed()
    this.playingSince = null
    this.paused = true
    this.cancelTimer()
    this.emit()
  }

  /** The event ends after the 5 s countdown everyone sees, or at once when forced. */
  end(force: boolean) {
    this.requireStarted()
    if (force) return this.stop()
    this.paused = false
    this.enter('end')
  }

  /** Stopping clears the event, its context and slot; the running order stays for a restart. */
  stop() {
    this.cancelTimer()
    const wasStarted = this.started
    this.started = false
    this.paused = false
    this.slotIndex = null
    this.phase = 'slot'
    this.playedMs = 0
    this.playingSince = null
    this.emit()
    if (wasStarted) this.ended()
  }

  /** Reset clears everything, the running order included. */
  reset() {
    this.slots = []
    this.startsAt = null
    this.rehearsal = false
    this.stop()
  }

  /** How far the current slot is (0 to 1), while it plays; null when untimed or between slots. */
  slotProgress(): number | null {
    const slot = this.currentSlot()
    if (!slot || this.phase !== 'slot' || slot.durationMs <= 0) return null
    return Math.min(1, this.elapsed() / slot.durationMs)
  }

  get isPaused() {
    return this.paused
  }

  view(): EventState {
    const slot = this.currentSlot()
    const countdown =
      this.phase === 'slot' ? null : { kind: this.phase, remainingMs: Math.max(0, EVENT_COUNTDOWN_MS - this.elapsed()) }
    return {
      started: this.started,
      paused: this.paused,
      rehearsal: this.rehearsal,
      slots: this.slots.map((each) => ({ ...each })),
      slotIndex: this.slotIndex,
      remainingMs:
        slot && slot.durationMs > 0
          ? this.phase === 'slot'
            ? Math.max(0, slot.durationMs - this.elapsed())
            : 0
          : null,
      countdown,
      startsAt: this.startsAt,
    }
  }

  /** The timers go with the meeting. */
  close() {
    this.cancelTimer()
  }

  private currentSlot() {
    return this.slotIndex === null ? null : (this.slots[this.slotIndex] ?? null)
  }

  private requireStarted() {
    const slot = this.currentSlot()
    if (!this.started || !slot) throw new EdgeError(EDGE_ERRORS.eventNotStarted)
    return slot
  }

  private elapsed() {
    return this.playedMs + (this.playingSince === null ? 0 : this.timers.now() - this.playingSince)
  }

  private enter(phase: Phase) {
    this.phase = phase
    this.playedMs = 0
    this.playingSince = this.paused ? null : this.timers.now()
    this.schedule()
    this.emit()
  }

  /** One timer: the end of the running phase. An untimed slot waits for the host. */
  private schedule() {
    this.cancelTimer()
    if (this.paused || !this.started) return
    const length = this.phase === 'slot' ? (this.currentSlot()?.durationMs ?? 0) : EVENT_COUNTDOWN_MS
    if (length <= 0) return
    this.timer = this.timers.setTimeout(() => this.phaseOver(), Math.max(0, length - this.elapsed()))
  }

  /** After the slot time the event plays on: a countdown, then the next slot, or the end after the last. */
  private phaseOver() {
    this.timer = null
    if (this.phase === 'slot') return this.enter(this.slotIndex! + 1 < this.slots.length ? 'next' : 'end')
    if (this.phase === 'next') return this.setSlot(this.slotIndex! + 1)
    this.stop()
  }

  private cancelTimer() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
  }

  private emit() {
    this.changed(this.view())
  }
}
