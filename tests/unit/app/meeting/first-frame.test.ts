import { describe, expect, it } from 'vitest'
import { FIRST_FRAME_RETRIES, framesDecoded, watchFirstFrame } from '#app/meeting/first-frame'

/** An RTCStatsReport as a receiver gives it: a Map of stats by id. */
const report = (...stats: Record<string, unknown>[]) =>
  new Map(stats.map((stat, i) => [String(i), stat])) as unknown as RTCStatsReport
const inbound = (framesDecoded: number) =>
  report({ type: 'transport' }, { type: 'inbound-rtp', kind: 'video', framesDecoded, packetsReceived: 40 })

function watch(reports: RTCStatsReport[], expecting = () => true) {
  const asked: number[] = []
  let gaveUp = false
  let check = 0
  const done = watchFirstFrame({
    stats: async () => reports[Math.min(check++, reports.length - 1)]!,
    expecting,
    askAgain: async () => asked.push(check),
    gaveUp: () => (gaveUp = true),
    wait: async () => undefined,
  })
  return done.then((decoded) => ({ decoded, asked: asked.length, gaveUp }))
}

describe('first frame of a remote camera', () => {
  it('counts only inbound video frames', () => {
    expect(framesDecoded(null)).toBe(0)
    expect(framesDecoded(report({ type: 'inbound-rtp', kind: 'audio', framesDecoded: 9 }))).toBe(0)
    expect(framesDecoded(inbound(12))).toBe(12)
  })

  it('asks nothing more once a frame is decoded', async () => {
    expect(await watch([inbound(3)])).toEqual({ decoded: true, asked: 0, gaveUp: false })
  })

  it('asks the edge again while RTP comes but no frame decodes, and stops when one does', async () => {
    expect(await watch([inbound(0), inbound(0), inbound(5)])).toEqual({ decoded: true, asked: 2, gaveUp: false })
  })

  it('gives up after a bounded number of retries', async () => {
    expect(await watch([inbound(0)])).toEqual({ decoded: false, asked: FIRST_FRAME_RETRIES, gaveUp: true })
  })

  it('does not ask for a consumer that is closed or paused', async () => {
    expect(await watch([inbound(0)], () => false)).toEqual({ decoded: false, asked: 0, gaveUp: false })
  })
})
