// The edge's Prometheus metrics, read from a real edge with real mediasoup transports and producers.
import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { edgeMetrics } from '#edge/metrics'
import type { RunningEdge } from '#edge/server'
import { MIC_RTP, closeSockets, createRoom, joinMeeting, next, ok, setUpMedia, startTestEdge } from './harness'

let edge: RunningEdge
let metricsPort: number

/** A port free right now, for the edge's METRICS_PORT (which takes no 0). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  metricsPort = await freePort()
  edge = await startTestEdge({ METRICS_PORT: String(metricsPort) })
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

/** One sample of the exposition text, by name and labels. */
function valueOf(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
  return line === undefined ? Number.NaN : Number(line.split(' ').at(-1))
}

describe('edge metrics', () => {
  it('count meetings, people, their media and transports, and the workers, when scraped', async () => {
    const registry = edgeMetrics({ edge: () => edge.edge, pool: edge.pool, io: () => edge.io, turnUrls: [] })
    const { id: roomId } = await createRoom()
    const alice = await joinMeeting(edge, roomId)
    const bob = await joinMeeting(edge, roomId)
    const media = await setUpMedia(alice.socket)
    await setUpMedia(bob.socket)
    await ok(bob.socket, 'enter')
    await ok(bob.socket, 'sfuEnter')
    const consumed = next(bob.socket, 'newConsumer')
    await ok(alice.socket, 'produce', {
      transportId: media.send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    await consumed

    const text = await registry.metrics()
    expect(valueOf(text, 'hearth_edge_meetings')).toBe(1)
    expect(valueOf(text, 'hearth_edge_peers')).toBe(2)
    expect(valueOf(text, 'hearth_edge_sockets')).toBe(2)
    expect(valueOf(text, 'hearth_edge_producers', 'kind="audio"')).toBe(1)
    expect(valueOf(text, 'hearth_edge_producers', 'kind="video"')).toBe(0)
    expect(valueOf(text, 'hearth_edge_consumers')).toBe(1)
    // No browser completes ICE here: the four transports are not connected yet.
    expect(valueOf(text, 'hearth_edge_transports', 'path="connecting"')).toBe(4)
    expect(valueOf(text, 'hearth_edge_transports', 'path="relay"')).toBe(0)
    expect(valueOf(text, 'hearth_edge_bitrate_bits_per_second', 'direction="in"')).toBe(0)
    expect(valueOf(text, 'hearth_edge_worker_cpu_seconds', 'worker="0"')).toBeGreaterThan(0)
    expect(valueOf(text, 'hearth_edge_worker_max_rss_bytes', 'worker="0"')).toBeGreaterThan(1_000_000)
    expect(valueOf(text, 'hearth_edge_worker_consumers', 'worker="0"')).toBe(1)
    expect(valueOf(text, 'hearth_edge_draining')).toBe(0)
  })

  it('are served on METRICS_PORT, with Node’s own, and nothing else there', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await response.text()
    expect(valueOf(text, 'hearth_edge_meetings')).toBeGreaterThanOrEqual(0)
    expect(text).toContain('process_resident_memory_bytes')
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404)
  })
})
