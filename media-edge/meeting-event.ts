// A meeting's event: the slot engine (event-slots.ts) and the talk timer (talk-timer.ts) of one
// meeting, and what they say to its people. Made on the first event request; the host and co-hosts
// drive it (Edge.hostEvent checks the right), everyone hears event.updated and talkTimer:updated.
import { EdgeError } from './edge-error'
import type { Clock } from './clock'
import { EventSlotEngine } from './event-slots'
import type { EventRecords } from './event-records'
import type { Logger } from './logger'
import type { Meeting } from './meeting'
import { connectedPeers } from './peer'
import { NO_TALK_TIMER, TalkTimer, type TalkTimerOutput } from './talk-timer'
import { EDGE_ERRORS, type EdgeClaims } from './contract/protocol'
import { EVENT_TICK_MS, type EventState, type TalkTimerState } from './contract/event-slots'

/** The distribution reaches everyone every few ticks (and at once when the speaker changes). */
const TALK_BROADCAST_TICKS = 5

export interface MeetingEventDeps {
  records: EventRecords
  timers: Clock
  logger: Logger
}

export class MeetingEvent {
  private readonly engine: EventSlotEngine
  private talk: TalkTimer
  private ticker: unknown = null
  private ticks = 0
  private lateJoinerWindowMs: number | null = null
  private scheduledStart: number | null = null
  /** When the host started the event (cleared when it stops). */
  private startedAt: number | null = null
  /** Who was in the meeting once the event ran: a reconnection is never a late join. */
  private readonly admitted = new Set<string>()
  /** Who stepped out of the event (leaveEvent): they watch, the talk timer leaves them be. */
  private readonly watching = new Set<string>()

  constructor(
    private readonly meeting: Meeting,
    private readonly deps: MeetingEventDeps,
  ) {
    this.engine = new EventSlotEngine(
      (state) => this.changed(state),
      () => void this.saveDistribution(),
      deps.timers,
    )
    this.talk = this.newTalkTimer()
  }

  /** Reads the event's running order and timer (edited up to now) and plays the first slot. */
  async start(rehearsal: boolean): Promise<EventState> {
    await this.load(rehearsal)
    this.engine.start()
    return this.engine.view()
  }

  /** Setting a slot marks the event started, so it needs the running order too. */
  async changeSlot(slotIndex: number): Promise<EventState> {
    if (!this.engine.hasSlots) await this.load(false)
    this.engine.setSlot(slotIndex)
    return this.engine.view()
  }

  /** A control of the running order (seek, play, pause, end): everyone hears it, the caller gets the new state. */
  control(run: (engine: EventSlotEngine) => void): EventState {
    run(this.engine)
    return this.engine.view()
  }

  /** Reset clears everything: the running order and everyone's talk time. */
  reset(): EventState {
    this.talk = this.newTalkTimer()
    this.admitted.clear()
    this.watching.clear()
    this.engine.reset()
    return this.engine.view()
  }

  /** joinEvent / leaveEvent: my own part in the event (everyone takes part until they step out). */
  takePart(userId: string, part: boolean): TalkTimerState {
    if (part) this.watching.delete(userId)
    else this.watching.add(userId)
    this.sendTalk()
    return this.talkView()
  }

  view(): EventState {
    return this.engine.view()
  }

  talkView(): TalkTimerState {
    return this.talk.view(this.deps.timers.now(), this.presentUserIds(), [...this.watching])
  }

  /** The meeting's active speaker changed (meeting.ts). */
  speakerChanged(userId: string | null) {
    this.talk.setSpeaker(userId, this.deps.timers.now())
    if (this.engine.isStarted) this.sendTalk()
  }

  /**
   * The late-joiner window (events.lateJoinerWindowMinutes, "how long after the start latecomers
   * may still join"): while the event runs, someone who was not in it yet may join only within the
   * window after its start, the later of the scheduled start and the host's start (an event started
   * late is not closed before people had their minutes). Hosts and co-hosts always come in.
   */
  admit(claims: EdgeClaims) {
    const now = this.deps.timers.now()
    if (
      this.startedAt !== null &&
      this.lateJoinerWindowMs !== null &&
      !claims.isHost &&
      !claims.isCoHost &&
      !this.admitted.has(claims.userId)
    ) {
      const start = Math.max(this.startedAt, this.scheduledStart ?? 0)
      if (now - start > this.lateJoinerWindowMs) throw new EdgeError(EDGE_ERRORS.lateJoinerWindowClosed)
    }
    if (this.startedAt !== null) this.admitted.add(claims.userId)
  }

  close() {
    this.stopTicker()
    this.engine.close()
    if (this.startedAt !== null) void this.saveDistribution()
  }

  private async load(rehearsal: boolean) {
    const plan = await this.deps.records.eventPlan(this.meeting.roomId)
    if (!plan) throw new EdgeError(EDGE_ERRORS.eventNoSlots)
    this.engine.load(plan.slots, plan.startsAt, rehearsal)
    this.talk.configure(plan.talkTimer)
    this.lateJoinerWindowMs = plan.lateJoinerWindowMinutes === null ? null : plan.lateJoinerWindowMinutes * 60_000
    this.scheduledStart = plan.startsAt?.getTime() ?? null
  }

  private changed(state: EventState) {
    const now = this.deps.timers.now()
    if (state.started && this.startedAt === null) {
      this.startedAt = now
      for (const peer of this.meeting.peers.values()) this.admitted.add(peer.userId)
      this.startTicker()
    }
    if (!state.started && this.startedAt !== null) {
      this.startedAt = null
      this.stopTicker()
    }
    // The talk clock runs while the event plays (the current speaker's turn counts from now).
    this.talk.setCounting(state.started && !state.paused, now)
    this.meeting.toAll('event.updated', state)
    this.sendTalk()
  }

  private newTalkTimer() {
    const out: TalkTimerOutput = {
      encourage: (userId, message) => {
        for (const peer of this.peersOf(userId))
          this.meeting.toPeer(peer, 'talkTimer:peerEncouragement', { kind: 'encouragement', message })
      },
      expire: (userId, enforcement, mute) => {
        for (const peer of this.peersOf(userId)) {
          if (enforcement)
            this.meeting.toPeer(peer, 'talkTimer:peerEncouragement', {
              kind: 'enforcement',
              message: enforcement.message,
            })
          // The host's mute path: the microphone paused on the server, everyone sees it.
          if (mute)
            this.meeting
              .muteAudio(peer)
              .catch((error: unknown) =>
                this.deps.logger.warn({ err: error, peerId: peer.id }, 'talk timer could not mute'),
              )
        }
      },
    }
    return new TalkTimer(NO_TALK_TIMER, out)
  }

  private startTicker() {
    this.stopTicker()
    this.ticker = this.deps.timers.setTimeout(() => this.tick(), EVENT_TICK_MS)
  }

  private stopTicker() {
    if (this.ticker !== null) this.deps.timers.clearTimeout(this.ticker)
    this.ticker = null
  }

  private tick() {
    this.ticker = null
    this.talk.tick(this.deps.timers.now(), this.engine.slotProgress(), this.presentUserIds())
    this.ticks += 1
    if (this.ticks % TALK_BROADCAST_TICKS === 0) this.sendTalk()
    this.startTicker()
  }

  private sendTalk() {
    this.meeting.toAll('talkTimer:updated', this.talkView())
  }

  /** The people in the meeting now taking part (entered, not the edge's bots, not watching). */
  private presentUserIds() {
    return connectedPeers(this.meeting.peers.values())
      .filter((peer) => peer.visible && !this.watching.has(peer.userId))
      .map((peer) => peer.userId)
  }

  private peersOf(userId: string) {
    return [...this.meeting.peers.values()].filter((peer) => peer.userId === userId)
  }

  private async saveDistribution() {
    try {
      await this.deps.records.saveDistribution(this.meeting.id, this.talk.distribution(this.deps.timers.now()))
    } catch (error) {
      this.deps.logger.error(
        { err: error, meetingRoomId: this.meeting.id },
        'could not save the talk-time distribution',
      )
    }
  }
}
