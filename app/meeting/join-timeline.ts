// The join's steps as User Timing marks (`join:<step>`), so the join bench
// (tests/bench/meeting-join.mjs) and the browser's performance panel show where the time between
// opening the device check, clicking "Join meeting" and the first remote picture goes. A mark costs
// microseconds; the only extra work is a few stats reads per remote camera before its first frame.
import { framesDecoded, inboundVideo } from './first-frame'

export const JOIN_STEPS = [
  /** The device check opened (the clock of the steps before the click). */
  'deviceCheck',
  'socketConnected',
  /** The edge pass in hand (the page's own, or a fresh one when it had grown old). */
  'passReady',
  'joinAnswered',
  'deviceLoaded',
  /** Both transports created on the edge and in the browser. */
  'transportsCreated',
  /** A transport's ICE and DTLS are up (detail: direction). */
  'transportConnected',
  /** "Join meeting" clicked. */
  'click',
  /** The edge answered enter: I am visible to the others. */
  'entered',
  /** A producer exists on the edge (detail: source). */
  'produced',
  /** A remote stream's consumer exists in the browser (detail: peerId, source). */
  'consumeAnswered',
  /** A remote stream is resumed on the edge, which asks its sender for a key frame (detail: peerId, source). */
  'consumerResumed',
  /** The first RTP packet of a remote camera arrived (detail: peerId, source). */
  'firstPacket',
  /** The first frame of a remote camera was decoded (detail: peerId, source). */
  'firstFrameDecoded',
] as const
export type JoinStep = (typeof JOIN_STEPS)[number]
export type JoinDetail = Record<string, string>

const PREFIX = 'join:'

export function markJoin(step: JoinStep, detail?: JoinDetail) {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return
  performance.mark(`${PREFIX}${step}`, detail ? { detail } : undefined)
}

/** A new device check starts a new timeline (a page can leave and join again). */
export function startJoinTimeline() {
  if (typeof performance === 'undefined' || typeof performance.clearMarks !== 'function') return
  for (const step of JOIN_STEPS) performance.clearMarks(`${PREFIX}${step}`)
  markJoin('deviceCheck')
}

/** How often a remote camera's stats are read between its first packet and its first frame, and for how long at most. */
const DECODE_POLL_MS = 20
const POLL_LIMIT_MS = 15_000

/**
 * Marks the first RTP packet and the first decoded frame of a resumed remote camera. A remote track
 * is muted until its first packets arrive, so the packet needs no polling (where the browser keeps
 * the track unmuted, the stats are read from the start instead); the stats are read only from there
 * to the first frame, a few reads, so the watch costs the page next to nothing.
 */
export function markFirstMedia(
  track: MediaStreamTrack,
  stats: () => Promise<RTCStatsReport>,
  stillWanted: () => boolean,
  detail: JoinDetail,
) {
  const started = performance.now()
  let packetSeen = false
  const poll = async () => {
    if (!stillWanted() || performance.now() - started > POLL_LIMIT_MS) return
    const report = await stats().catch(() => null)
    if (!packetSeen && inboundVideo(report, 'packetsReceived') > 0) {
      packetSeen = true
      markJoin('firstPacket', detail)
    }
    if (framesDecoded(report) > 0) {
      if (!packetSeen) markJoin('firstPacket', detail)
      markJoin('firstFrameDecoded', detail)
      return
    }
    setTimeout(() => void poll(), DECODE_POLL_MS)
  }
  if (!track.muted) {
    void poll()
    return
  }
  track.addEventListener(
    'unmute',
    () => {
      packetSeen = true
      markJoin('firstPacket', detail)
      void poll()
    },
    { once: true },
  )
}
