// A remote camera whose first key frame was lost (sent before this browser's transport was up, or
// while the edge had no simulcast layer to forward) stays black: every later frame is a delta frame
// until someone asks for a key frame. So after resuming a video consumer the session looks for a
// decoded frame and, while there is none, asks the edge again (resumeConsumer requests a key frame),
// a bounded number of times.
export const FIRST_FRAME_CHECK_MS = 3000
export const FIRST_FRAME_RETRIES = 3

/** A count of the inbound video stream in one receiver's stats (0 when it has none yet). */
export function inboundVideo(report: RTCStatsReport | null, count: 'framesDecoded' | 'packetsReceived'): number {
  let total = 0
  report?.forEach((stat: { type?: string; kind?: string } & Partial<Record<typeof count, number>>) => {
    if (stat.type === 'inbound-rtp' && stat.kind === 'video') total += stat[count] ?? 0
  })
  return total
}

export const framesDecoded = (report: RTCStatsReport | null) => inboundVideo(report, 'framesDecoded')

export interface FirstFrameWatch {
  /** The receiver's stats (mediasoup-client's consumer.getStats()). */
  stats: () => Promise<RTCStatsReport>
  /** False once nothing is expected any more: the consumer closed, or it or its producer paused. */
  expecting: () => boolean
  /** Asks the edge for a key frame again. */
  askAgain: () => Promise<unknown>
  /** Told when the retries are spent without a frame. */
  gaveUp: () => void
  wait?: (ms: number) => Promise<void>
}

/** Resolves true once a frame is decoded, false when no frame is expected or the retries are spent. */
export async function watchFirstFrame({
  stats,
  expecting,
  askAgain,
  gaveUp,
  wait = sleep,
}: FirstFrameWatch): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    await wait(FIRST_FRAME_CHECK_MS)
    if (!expecting()) return false
    if (framesDecoded(await stats().catch(() => null)) > 0) return true
    if (attempt === FIRST_FRAME_RETRIES) {
      gaveUp()
      return false
    }
    await askAgain().catch(() => undefined)
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
