// The edge's Prometheus metrics, read from its meetings and workers when scraped (nothing is counted
// on the media path): served on METRICS_PORT by server.ts, listed in docs/operations.md#metrics.
import { lookup } from 'node:dns/promises'
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import type { Edge } from './edge'
import type { EdgeIo } from './socket-types'
import type { WorkerPool } from './worker-pool'

export interface EdgeMetricsSources {
  edge: () => Edge | null
  pool: WorkerPool
  io: () => EdgeIo | null
  /** TURN_URLS: a transport whose remote address is one of these servers' is relayed. */
  turnUrls: readonly string[]
  /** Node's own metrics (CPU, memory, event loop); off in tests, where many edges share a process. */
  processMetrics?: boolean
}

/** How long resolved TURN addresses are trusted before they are looked up again. */
const TURN_LOOKUP_MS = 5 * 60_000

export function edgeMetrics(sources: EdgeMetricsSources): Registry {
  const registry = new Registry()
  const registers = [registry]
  if (sources.processMetrics) collectDefaultMetrics({ register: registry })
  const turnAddresses = turnAddressesOf(sources.turnUrls)
  // The main meetings and their breakout rooms (meetings of their own, kept by edge.breakouts).
  const meetings = () => {
    const edge = sources.edge()
    if (!edge) return []
    return [...edge.meetings.values()].flatMap((main) => [main, ...edge.breakouts.breakoutsOf(main)])
  }
  const peers = () => meetings().flatMap((meeting) => [...meeting.peers.values()])
  const transports = () => peers().flatMap((peer) => [...peer.transports.values()].map(({ transport }) => transport))

  new Gauge({
    name: 'hearth_edge_draining',
    help: '1 while the edge drains (stopping: its meetings move to another edge)',
    registers,
    collect() {
      this.set(sources.edge()?.draining ? 1 : 0)
    },
  })
  new Gauge({
    name: 'hearth_edge_meetings',
    help: 'Meetings live on this edge (breakout rooms count as meetings)',
    registers,
    collect() {
      this.set(meetings().length)
    },
  })
  new Gauge({
    name: 'hearth_edge_sockets',
    help: 'Signalling connections open (people in meetings, waiting rooms and lobbies)',
    registers,
    collect() {
      this.set(sources.io()?.engine.clientsCount ?? 0)
    },
  })
  new Gauge({
    name: 'hearth_edge_peers',
    help: 'People in meetings on this edge',
    registers,
    collect() {
      this.set(peers().length)
    },
  })
  new Gauge({
    name: 'hearth_edge_producers',
    help: 'Media sent to the edge, by kind (audio, video)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const producers = peers().flatMap((peer) => [...peer.producers.values()])
      for (const kind of ['audio', 'video'] as const)
        this.set({ kind }, producers.filter((producer) => producer.kind === kind).length)
    },
  })
  new Gauge({
    name: 'hearth_edge_consumers',
    help: 'Media the edge sends to people',
    registers,
    collect() {
      this.set(peers().reduce((sum, peer) => sum + peer.consumers.size, 0))
    },
  })
  new Gauge({
    name: 'hearth_edge_transports',
    help: 'WebRTC transports, by path: relay (through a TURN server of TURN_URLS), direct, or not connected yet',
    labelNames: ['path'] as const,
    registers,
    async collect() {
      const relays = await turnAddresses()
      const counts = { relay: 0, direct: 0, connecting: 0 }
      for (const transport of transports()) {
        const remote = transport.iceSelectedTuple?.remoteIp
        counts[!remote ? 'connecting' : relays.has(remote) ? 'relay' : 'direct'] += 1
      }
      for (const [path, count] of Object.entries(counts)) this.set({ path }, count)
    },
  })
  new Gauge({
    name: 'hearth_edge_bitrate_bits_per_second',
    help: "Media bitrate over all WebRTC transports, by direction: in (people's media) and out (what they receive)",
    labelNames: ['direction'] as const,
    registers,
    async collect() {
      let [received, sent] = [0, 0]
      for (const stats of await Promise.all(transports().map((transport) => transport.getStats().catch(() => []))))
        for (const stat of stats) {
          received += stat.recvBitrate
          sent += stat.sendBitrate
        }
      this.set({ direction: 'in' }, received)
      this.set({ direction: 'out' }, sent)
    },
  })
  new Gauge({
    name: 'hearth_edge_worker_cpu_seconds',
    help: 'CPU time (user + system) each mediasoup worker has used since it started: a counter, read it with rate()',
    labelNames: ['worker'] as const,
    registers,
    async collect() {
      for (const { worker, slot } of sources.pool.workers) {
        const usage = await worker.getResourceUsage().catch(() => null)
        if (usage) this.set({ worker: String(slot) }, (usage.ru_utime + usage.ru_stime) / 1000)
      }
    },
  })
  new Gauge({
    name: 'hearth_edge_worker_max_rss_bytes',
    help: 'The most memory each mediasoup worker has held at once',
    labelNames: ['worker'] as const,
    registers,
    async collect() {
      for (const { worker, slot } of sources.pool.workers) {
        const usage = await worker.getResourceUsage().catch(() => null)
        if (usage) this.set({ worker: String(slot) }, usage.ru_maxrss * 1024)
      }
    },
  })
  new Gauge({
    name: 'hearth_edge_worker_consumers',
    help: 'Consumers each worker carries (new receivers spill to another worker past CONSUMERS_PER_WORKER)',
    labelNames: ['worker'] as const,
    registers,
    collect() {
      for (const { slot, consumers } of sources.pool.workers) this.set({ worker: String(slot) }, consumers)
    },
  })
  return registry
}

/** The TURN servers' IP addresses, looked up at most every TURN_LOOKUP_MS. */
function turnAddressesOf(turnUrls: readonly string[]) {
  const hosts = [
    ...new Set(
      turnUrls
        .filter((url) => /^turns?:/.test(url))
        .map((url) => /^turns?:(\[[^\]]+\]|[^:?]+)/.exec(url)?.[1]?.replace(/^\[|\]$/g, ''))
        .filter((host): host is string => Boolean(host)),
    ),
  ]
  let cached: { at: number; addresses: Set<string> } | null = null
  return async () => {
    if (cached && Date.now() - cached.at < TURN_LOOKUP_MS) return cached.addresses
    const found = await Promise.all(hosts.map((host) => lookup(host, { all: true }).catch(() => [])))
    cached = { at: Date.now(), addresses: new Set(found.flat().map(({ address }) => address)) }
    return cached.addresses
  }
}
