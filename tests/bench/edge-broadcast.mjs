// Socket.IO broadcast latency across two media edges sharing Redis: two edge processes on the real
// edge's Redis adapter wiring (media-edge/redis-adapter.ts), 1,000 client sockets split evenly
// between them and all in one channel, and broadcasts from edge A timestamped when emitted. Half
// the sockets hear them from A directly, half through Redis and edge B. Figures are printed, not
// asserted. About half a minute; needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
//
//   node tests/bench/edge-broadcast.mjs
//
// Each role is a process of its own, as in production: the two edges, and the clients in a few
// groups (one process with every socket would measure its own event loop). Times come from the
// machine's monotonic clock (process.hrtime), which every process on one Linux machine shares.
// BENCH_CLIENT_GROUPS (default 4) sets how many client processes share the 1,000 sockets.
// The clients speak Socket.IO's wire protocol over `ws` and time a broadcast when its frame arrives;
// BENCH_CLIENT=socket.io-client uses the browser's library instead, which adds its decoding per socket.
//
// The last line is `BENCH_JSON {...}` with every number.
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { heading, ms, table, verdict } from './report.mjs'

const SOCKETS = 1_000
const CLIENT_GROUPS = Number(process.env.BENCH_CLIENT_GROUPS ?? 4)
const CLIENT = process.env.BENCH_CLIENT ?? 'wire'
const WARMUP_BROADCASTS = 5
const BROADCASTS = 200
const PAUSE_BETWEEN_MS = 50
const DELIVERY_TIMEOUT_MS = 5_000
const RUN_DEADLINE_MS = 170_000
const TARGET_P99_MS = 15
const CHANNEL = 'room:bench'
const EVENT = 'notification'
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

const here = fileURLToPath(import.meta.url)
const now = () => process.hrtime.bigint()

// ---------------------------------------------------------------------------------------------
// Edge process: a Socket.IO server on the Redis adapter; every socket joins the bench channel.

async function runEdge(key) {
  const { tsImport } = await import('tsx/esm/api')
  const { attachRedisAdapter } = await tsImport('../../media-edge/redis-adapter.ts', import.meta.url)
  const { Server } = await import('socket.io')
  const http = createServer()
  const io = new Server(http, { transports: ['websocket'] })
  const adapter = await attachRedisAdapter(io, REDIS_URL, { key, onError: (error) => console.error(`edge: redis: ${error.message}`) })
  io.on('connection', (socket) => socket.join(CHANNEL))
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve))
  process.on('message', async (message) => {
    if (message.broadcast !== undefined) {
      io.to(CHANNEL).emit(EVENT, { type: 'bench', data: { i: message.broadcast, sentAt: String(now()) } })
    } else if (message.stop) {
      await io.close()
      await adapter.close()
      process.exit(0)
    }
  })
  process.send({ port: http.address().port })
}

// ---------------------------------------------------------------------------------------------
// Client process: its share of the sockets; reports each broadcast's latencies once every socket has it.

/**
 * One socket speaking Socket.IO's wire protocol (Engine.IO 4 over a WebSocket) directly, timestamped
 * when the frame arrives. With every process on one machine, socket.io-client's own decoding in
 * 1,000 sockets would be most of what is measured; BENCH_CLIENT=socket.io-client measures that way.
 */
async function wireSocket(url, onEvent) {
  const { WebSocket } = await import('ws')
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`)
  return new Promise((resolve, reject) => {
    socket.on('error', reject)
    socket.on('message', (frame) => {
      const at = now()
      const text = frame.toString()
      if (text === '2') socket.send('3') // Engine.IO ping → pong
      else if (text[0] === '0') socket.send('40') // Engine.IO open → connect to the main namespace
      else if (text.startsWith('40')) resolve(socket) // namespace connected
      else if (text.startsWith('42')) onEvent(JSON.parse(text.slice(2))[1], at) // [event, payload]
      else if (text.startsWith('44')) reject(new Error(`connect refused: ${text.slice(2)}`))
    })
  })
}

async function libraryClientSocket(url, onEvent) {
  const { io } = await import('socket.io-client')
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
  socket.on(EVENT, (payload) => onEvent(payload, now()))
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

async function runClients(urls, count) {
  const connect = CLIENT === 'socket.io-client' ? libraryClientSocket : wireSocket
  const received = new Map()
  const sockets = []
  for (let n = 0; n < count; n++) {
    const edge = n % urls.length
    const onEvent = ({ data }, at) => {
      let entry = received.get(data.i)
      if (!entry) received.set(data.i, (entry = { latencies: [], edges: [] }))
      entry.latencies.push(Number(at - BigInt(data.sentAt)) / 1e6)
      entry.edges.push(edge)
      if (entry.latencies.length === count) {
        process.send({ i: data.i, ...entry })
        received.delete(data.i)
      }
    }
    sockets.push(connect(urls[edge], onEvent))
  }
  await Promise.all(sockets)
  process.on('message', (message) => {
    if (message.stop) process.exit(0)
  })
  process.send({ ready: true })
}

// ---------------------------------------------------------------------------------------------
// Coordinator

function start(args) {
  const child = fork(here, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const first = new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`${args[0]} process exited (${code}) before it was ready`)))
  })
  return { child, first }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b)
  return { samples: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? null }
}

/** The reason to skip, or null when Redis answers. */
async function redisMissing() {
  const { Redis } = await import('ioredis')
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  let cause = null
  redis.on('error', (error) => (cause = error))
  try {
    await redis.connect()
    await redis.ping()
    return null
  } catch (error) {
    return `Redis is not reachable at ${REDIS_URL} (${(cause ?? error).message}); set REDIS_URL`
  } finally {
    redis.disconnect()
  }
}

export async function measureEdgeBroadcast() {
  const skipped = await redisMissing()
  if (skipped) return { skipped }
  const key = `bench-${randomUUID()}`
  const children = []
  try {
    const edges = [start(['--edge', key]), start(['--edge', key])]
    children.push(...edges.map((edge) => edge.child))
    const urls = (await Promise.all(edges.map((edge) => edge.first))).map(({ port }) => `http://127.0.0.1:${port}`)

    const perGroup = SOCKETS / CLIENT_GROUPS
    const groups = Array.from({ length: CLIENT_GROUPS }, () => start(['--clients', String(perGroup), ...urls]))
    children.push(...groups.map((group) => group.child))
    await Promise.all(groups.map((group) => group.first))

    const reports = new Map()
    const waiters = new Map()
    for (const { child } of groups) {
      child.on('message', (report) => {
        const list = reports.get(report.i) ?? []
        list.push(report)
        reports.set(report.i, list)
        if (list.length === CLIENT_GROUPS) waiters.get(report.i)?.()
      })
    }
    const broadcast = (i) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`broadcast ${i} did not reach every socket within ${DELIVERY_TIMEOUT_MS} ms`)), DELIVERY_TIMEOUT_MS)
        waiters.set(i, () => {
          clearTimeout(timer)
          resolve(reports.get(i))
        })
        edges[0].child.send({ broadcast: i })
      })

    const direct = []
    const viaRedis = []
    const slowest = []
    for (let i = 0; i < WARMUP_BROADCASTS + BROADCASTS; i++) {
      const groupReports = await broadcast(i)
      if (i >= WARMUP_BROADCASTS) {
        let max = 0
        for (const report of groupReports) {
          report.latencies.forEach((latency, n) => (report.edges[n] === 0 ? direct : viaRedis).push(latency))
          max = Math.max(max, ...report.latencies)
        }
        slowest.push(max)
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_MS))
    }
    return {
      config: { sockets: SOCKETS, client: CLIENT, clientGroups: CLIENT_GROUPS, broadcasts: BROADCASTS, warmup: WARMUP_BROADCASTS, redis: REDIS_URL.replace(/\/\/[^@]*@/, '//') },
      all: summary([...direct, ...viaRedis]),
      sameEdge: summary(direct),
      otherEdge: summary(viaRedis),
      lastSocketPerBroadcast: summary(slowest),
    }
  } finally {
    for (const child of children) {
      if (child.connected) child.send({ stop: true })
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  }
}

export function printEdgeBroadcast(result) {
  if (result.skipped) {
    heading('Socket.IO broadcast across two edges with Redis')
    console.log(`Skipped: ${result.skipped}`)
    return
  }
  heading(`Socket.IO broadcast across two edges with Redis (${result.config.sockets} sockets, ${result.config.broadcasts} broadcasts from edge A)`)
  console.log(`Target: p99 <= ${TARGET_P99_MS} ms\n`)
  const row = (label, s) => [label, s.samples, ms(s.p50Ms), ms(s.p99Ms), ms(s.maxMs), verdict(s.p99Ms !== null && s.p99Ms <= TARGET_P99_MS)]
  console.log(
    table(
      ['deliveries', 'samples', 'p50 ms', 'p99 ms', 'max ms', `p99 <= ${TARGET_P99_MS} ms`],
      [
        row('every socket', result.all),
        row('sockets on edge A (direct)', result.sameEdge),
        row('sockets on edge B (via Redis)', result.otherEdge),
        row('last socket of each broadcast', result.lastSocketPerBroadcast),
      ],
    ),
  )
  const arrival = result.config.client === 'socket.io-client' ? "socket.io-client's event handler" : 'the frame reaching the client'
  console.log(`(latency = emit on edge A to ${arrival}; clients run in ${result.config.clientGroups} processes on the same machine)`)
}

const role = process.argv[2]
// A child whose coordinator is gone (finished, failed, killed) has nothing left to do.
if (role) process.on('disconnect', () => process.exit(0))
if (role === '--edge') {
  runEdge(process.argv[3]).catch((error) => {
    console.error(`edge: ${error.stack ?? error}`)
    process.exit(1)
  })
} else if (role === '--clients') {
  runClients(process.argv.slice(4), Number(process.argv[3])).catch((error) => {
    console.error(`clients: ${error.stack ?? error}`)
    process.exit(1)
  })
} else if (process.argv[1] === here) {
  setTimeout(() => {
    console.error(`edge-broadcast: run exceeded ${RUN_DEADLINE_MS / 1000} s`)
    process.exit(1)
  }, RUN_DEADLINE_MS).unref()
  console.log(`Machine: ${availableParallelism()} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' / ')}`)
  if (loadavg()[0] >= availableParallelism() / 2) console.log('WARNING: the machine is busy; these figures will read high and vary between runs.')
  const started = Date.now()
  measureEdgeBroadcast()
    .then((result) => {
      printEdgeBroadcast(result)
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`\nDone in ${seconds} s.`)
      console.log(`BENCH_JSON ${JSON.stringify({ ...result, targets: { p99Ms: TARGET_P99_MS }, machine: { cpus: availableParallelism(), loadAverage: loadavg() }, durationSeconds: seconds })}`)
    })
    .catch((error) => {
      console.error(`\nBenchmark failed: ${error.stack ?? error}`)
      process.exitCode = 1
    })
}
