// The talk timer (peerTimerDistributionMap, encouragement and inactive speakers, the
// event editor's "Talking timer"): while an event runs, how long each person has held the floor.
// The floor is the active speaker observer's dominant speaker, who keeps it through a silence
// until someone else speaks: that is what the meeting shows as speaking, so it is what is counted.
// A turn is one stretch as the speaker. Past the per-turn limit the speaker is told (enforcement)
// and, when the event says so, muted; past half of a slot, the quiet ones (no turn yet) are
// encouraged to speak, once each. Pure: the time comes in, the decisions go out through `out`.
import type { TalkTimerState } from './contract/event-slots'
import { ENCOURAGEMENT_AFTER_PROGRESS } from './contract/event-slots'

/** The event's talking timer settings (events: timer*). */
export interface TalkTimerSettings {
  /** Per turn; 0 means no limit. */
  limitMs: number
  muteOnExpiry: boolean
  enforcement: boolean
  enforcementMessage: string | null
  encouragement: boolean
  encouragementMessage: string | null
}

export const NO_TALK_TIMER: TalkTimerSettings = {
  limitMs: 0,
  muteOnExpiry: false,
  enforcement: false,
  enforcementMessage: null,
  encouragement: false,
  encouragementMessage: null,
}

export interface TalkTimerOutput {
  /** Speak up: once per person per event. */
  encourage(userId: string, message: string | null): void
  /**
   * The turn ran out: tell the speaker the event's message (enforcement: null when the event does not
   * enforce the turn's length; its message null for the default text) and mute them when it says so.
   */
  expire(userId: string, enforcement: { message: string | null } | null, mute: boolean): void
}

export class TalkTimer {
  private readonly spoken = new Map<string, number>()
  private readonly turns = new Map<string, number>()
  private readonly encouraged = new Set<string>()
  private speaker: string | null = null
  /** When the current speaker's uncounted time began (null: not counting). */
  private since: number | null = null
  private turnMs = 0
  private turnExpired = false
  /** Whether the current speaker's turn is in `turns` yet (a turn counts once the clock runs). */
  private turnCounted = false
  private counting = false

  constructor(
    private settings: TalkTimerSettings,
    private readonly out: TalkTimerOutput,
  ) {}

  configure(settings: TalkTimerSettings) {
    this.settings = settings
  }

  /** Counting runs while the event plays; a pause stops the clock, not the turn. */
  setCounting(counting: boolean, now: number) {
    this.accrue(now)
    this.counting = counting
    this.since = counting && this.speaker ? now : null
    if (counting) this.countTurn()
  }

  /** A new active speaker (null: nobody) starts a new turn. */
  setSpeaker(userId: string | null, now: number) {
    this.accrue(now)
    if (userId === this.speaker) return
    this.speaker = userId
    this.turnMs = 0
    this.turnExpired = false
    this.turnCounted = false
    this.since = userId && this.counting ? now : null
    if (this.counting) this.countTurn()
  }

  /**
   * Called every second while the event runs: the speaker's turn against the limit, and, once the
   * slot is more than half through, encouragement to each present person who has not spoken yet.
   */
  tick(now: number, slotProgress: number | null, presentUserIds: string[]) {
    if (!this.counting) return
    this.accrue(now)
    const { limitMs, enforcement, muteOnExpiry } = this.settings
    if (this.speaker && limitMs > 0 && !this.turnExpired && this.turnMs >= limitMs && (enforcement || muteOnExpiry)) {
      this.turnExpired = true
      this.out.expire(this.speaker, enforcement ? { message: this.settings.enforcementMessage } : null, muteOnExpiry)
    }
    if (!this.settings.encouragement || slotProgress === null || slotProgress <= ENCOURAGEMENT_AFTER_PROGRESS) return
    for (const userId of this.inactive(presentUserIds)) {
      if (this.encouraged.has(userId)) continue
      this.encouraged.add(userId)
      this.out.encourage(userId, this.settings.encouragementMessage)
    }
  }

  /** Everyone's time, and the present people with zero turns (inactive speakers). */
  view(now: number, presentUserIds: string[], watchingUserIds: string[] = []): TalkTimerState {
    this.accrue(now)
    return {
      distribution: Object.fromEntries(this.spoken),
      inactiveUserIds: this.inactive(presentUserIds),
      watchingUserIds,
      limitMs: this.settings.limitMs,
    }
  }

  /** The distribution map as stored on the meeting room. */
  distribution(now: number): Record<string, number> {
    this.accrue(now)
    return Object.fromEntries(this.spoken)
  }

  private countTurn() {
    if (!this.speaker || this.turnCounted) return
    this.turnCounted = true
    this.turns.set(this.speaker, (this.turns.get(this.speaker) ?? 0) + 1)
  }

  private inactive(presentUserIds: string[]) {
    return [...new Set(presentUserIds)].filter((userId) => !this.turns.get(userId))
  }

  private accrue(now: number) {
    if (!this.speaker || this.since === null) return
    const delta = Math.max(0, now - this.since)
    this.spoken.set(this.speaker, (this.spoken.get(this.speaker) ?? 0) + delta)
    this.turnMs += delta
    this.since = now
  }
}
