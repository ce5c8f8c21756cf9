import { createSocket } from 'node:dgram'
import { describe, expect, it } from 'vitest'
import { FFMPEG_PORTS, freePortPair } from '#edge/loopback-ports'

describe("ffmpeg's loopback ports", () => {
  it('are free pairs from their own range, RTP even and RTCP next, never handed out twice at once', async () => {
    const pairs = await Promise.all(Array.from({ length: 40 }, () => freePortPair()))
    for (const { port, rtcpPort } of pairs) {
      expect(port % 2).toBe(0)
      expect(rtcpPort).toBe(port + 1)
      expect(port).toBeGreaterThanOrEqual(FFMPEG_PORTS.min)
      expect(rtcpPort).toBeLessThanOrEqual(FFMPEG_PORTS.max)
    }
    expect(new Set(pairs.map(({ port }) => port)).size).toBe(pairs.length)
    // Each can be bound: ffmpeg will.
    for (const { port, rtcpPort } of pairs.slice(0, 5))
      for (const each of [port, rtcpPort]) {
        const socket = createSocket('udp4')
        await new Promise<void>((resolve, reject) => {
          socket.once('error', reject)
          socket.bind(each, '127.0.0.1', resolve)
        })
        await new Promise<void>((resolve) => socket.close(() => resolve()))
      }
  })
})
