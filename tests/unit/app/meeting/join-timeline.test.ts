import { afterEach, describe, expect, it } from 'vitest'
import { markFirstMedia, markJoin, startJoinTimeline } from '#app/meeting/join-timeline'

/** An RTCStatsReport as a receiver gives it: a Map of stats by id. */
const report = (packetsReceived: number, framesDecoded: number) =>
  new Map([['in', { type: 'inbound-rtp', kind: 'video', packetsReceived, framesDecoded }]]) as unknown as RTCStatsReport

/** A remote track's muted flag and unmute event, as the browser's MediaStreamTrack has them. */
class RemoteTrack extends EventTarget {
  constructor(public muted: boolean) {
    super()
  }
  unmute() {
    this.muted = false
    this.dispatchEvent(new Event('unmute'))
  }
}

const marks = () => performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('join:'))
const names = () => marks().map((mark) => mark.name)
const settle = () => new Promise((resolve) => setTimeout(resolve, 60))

afterEach(() => performance.clearMarks())

describe('the join timeline', () => {
  it('starts afresh at each device check', () => {
    markJoin('click')
    startJoinTimeline()
    expect(names()).toEqual(['join:deviceCheck'])
    markJoin('consumerResumed', { peerId: 'p1', source: 'webcam' })
    expect((marks().at(-1) as PerformanceMark).detail).toEqual({ peerId: 'p1', source: 'webcam' })
  })

  it('marks a remote camera’s first packet when its track unmutes, then its first decoded frame, reading stats only from there', async () => {
    const track = new RemoteTrack(true)
    let reads = 0
    const decoded = [report(5, 0), report(9, 1)]
    markFirstMedia(
      track as unknown as MediaStreamTrack,
      async () => decoded[Math.min(reads++, 1)]!,
      () => true,
      { peerId: 'p1', source: 'webcam' },
    )
    await settle()
    expect(reads).toBe(0)
    expect(names()).toEqual([])
    track.unmute()
    expect(names()).toEqual(['join:firstPacket'])
    await expect.poll(names).toEqual(['join:firstPacket', 'join:firstFrameDecoded'])
    expect(reads).toBe(2)
  })

  it('reads the stats from the start for a track the browser does not mute, and stops when nothing is wanted', async () => {
    markFirstMedia(
      new RemoteTrack(false) as unknown as MediaStreamTrack,
      async () => report(3, 2),
      () => true,
      {},
    )
    await expect.poll(names).toEqual(['join:firstPacket', 'join:firstFrameDecoded'])
    performance.clearMarks()
    let reads = 0
    markFirstMedia(
      new RemoteTrack(false) as unknown as MediaStreamTrack,
      async () => (reads++, report(0, 0)),
      () => false,
      {},
    )
    await settle()
    expect(reads).toBe(0)
    expect(names()).toEqual([])
  })
})
