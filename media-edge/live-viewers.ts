// Reads a live stream's viewer count from the streaming service (viewer-count.ts) while the stream
// is live, and tells everyone in the meeting when it changes (room.viewerCountUpdated). The count
// exists only while the stream goes out: a pause or a stop takes it away (null), as does the
// service refusing to say. Reads are chained (the next is set once one answers), so a slow service
// never has two in flight; the timers are the edge's Clock, so tests fire them by hand.
import type { Clock } from './clock'
import type { Meeting } from './meeting'
import { VIEWER_POLL_MS, type ViewerCountProvider } from './viewer-count'

interface Poll {
  count: number | null
  timer: unknown
}

export class LiveViewers {
  /** By meeting id, while its stream is live and has a channel to read. */
  private readonly polls = new Map<string, Poll>()

  constructor(private readonly deps: { provider: ViewerCountProvider | null; clock: Clock; pollMs?: number }) {}

  /** The meeting's count now, or null (none is known): what a late joiner is given. */
  count(meeting: Meeting): number | null {
    return this.polls.get(meeting.id)?.count ?? null
  }

  /** The stream went live (again): read the channel's count now, then every VIEWER_POLL_MS. */
  start(meeting: Meeting, channel: string | null) {
    const { provider, clock } = this.deps
    if (!provider || !channel || this.polls.has(meeting.id)) return
    const poll: Poll = { count: null, timer: null }
    this.polls.set(meeting.id, poll)
    const read = async () => {
      const count = await provider.viewers(channel)
      if (this.polls.get(meeting.id) !== poll) return
      if (count !== poll.count) {
        poll.count = count
        meeting.toAll('room.viewerCountUpdated', { viewerCount: count })
      }
      poll.timer = clock.setTimeout(() => void read(), this.deps.pollMs ?? VIEWER_POLL_MS)
    }
    void read()
  }

  /** Not live any more (paused, stopped, cut off): no more reads, and a count shown goes away. */
  stop(meeting: Meeting) {
    const poll = this.polls.get(meeting.id)
    if (!poll) return
    this.polls.delete(meeting.id)
    if (poll.timer !== null) this.deps.clock.clearTimeout(poll.timer)
    if (poll.count !== null && !meeting.closed) meeting.toAll('room.viewerCountUpdated', { viewerCount: null })
  }
}
