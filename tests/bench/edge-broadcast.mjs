// Socket.IO broadcast latency across two media edges sharing Redis: two edge processes on the real
// edge's Redis adapter wiring (media-edge/redis-adapter.ts), 1,000 client sockets split evenly
// between them and all in one channel, and two kinds of broadcast, 200 of each:
//   - edge: io.to(channel).emit on edge A, as a peer's event broadcast by its edge; half the sockets
//     hear it from A directly, half through Redis and edge B;
//   - emitter: the web app's publisher (app/lib/rooms/edge-publisher.server.ts, Socket.IO's Redis emitter),
//     which every edge hears through Redis.
// Figures are printed, not asserted. One to two minutes; needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
//
//   node tests/bench/edge-broadcast.mjs
//
// Each role is a process of its own, as in production: the two edges, the emitter, and the clients
// in a few groups (one process with every socket would measure its own event loop). Times come
// from the machine's monotonic clock (process.hrtime), which every process on one Linux machine
// shares. BENCH_CLIENT_GROUPS (default 4) sets how many client processes share the sockets.
// The clients speak Socket.IO's wire protocol over `ws` and time a broadcast when its frame arrives;
// BENCH_CLIENT=socket.io-client uses the browser's library instead, which adds its decoding per socket.
//
// Where the time goes: every process here shares the machine's two cores, and the 1,000 client
// sockets are 1,000 frames to read per broadcast, work that real browsers do on their own machines.
// So the bench also reports
//   - when each edge started a broadcast (the emit, or the message from Redis) and handed its last
//     frame to the kernel (engine.io writes a writable socket's frame synchronously), and the CPU
//     time that loop took; the last row, last frame written to last frame read, is the clients'
//     own receive time;
//   - ten probe sockets, connected last (so each edge writes to them last) from a process that has
//     nothing else to read;
//   - the CPU time each process spent per broadcast (user and kernel), which the machine's load
//     bends far less than the latencies do;
//   - "the edges alone": a quarter as many broadcasts again while the clients read nothing (their
//     frames wait in the kernel), so no receiver takes turns with the edges on the cores.
//
// BENCH_EDGE_OPTIONS='{"perMessageDeflate":{"threshold":1024}}' (JSON) adds Socket.IO server options
// on both edges, to try one. BENCH_BROADCASTS (default 200) and BENCH_SOURCES (default edge,emitter)
// shorten a run; BENCH_PROFILE_DIR=dir has every process write a CPU profile there (node --cpu-prof).
//
// The last line is `BENCH_JSON {...}` with every number.
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { heading, ms, table, verdict } from './report.mjs'

const SOCKETS = 1_000
const PROBE_SOCKETS = 10
const CLIENT_GROUPS = Number(process.env.BENCH_CLIENT_GROUPS ?? 4)
const CLIENT = process.env.BENCH_CLIENT ?? 'wire'
const SOURCES = (process.env.BENCH_SOURCES ?? 'edge,emitter').split(',')
const EDGE_OPTIONS = JSON.parse(process.env.BENCH_EDGE_OPTIONS || '{}')
const WARMUP_BROADCASTS = 5
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 200)
const EDGES_ALONE_BROADCASTS = Math.ceil(BROADCASTS / 4)
const PAUSE_BETWEEN_MS = 50
const DELIVERY_TIMEOUT_MS = 5_000
const RUN_DEADLINE_MS = 170_000
const TARGET_P99_MS = 15
// The user channel the web app's notifyUser publishes to (media-edge/contract/protocol.ts's channels.user).
const BENCH_USER = 'bench'
const CHANNEL = `user:${BENCH_USER}`
const EVENT = 'notification'
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
const SOURCE_LABELS = { edge: 'io.to(channel).emit on edge A', emitter: "the web app's Redis emitter" }

const here = fileURLToPath(import.meta.url)
const now = () => process.hrtime.bigint()
const msSince = (from, to) => Number(to - from) / 1e6

// ---------------------------------------------------------------------------------------------
// Edge process: a Socket.IO server on the Redis adapter; every socket joins the bench channel.

/**
 * Reports, for each bench broadcast, when this edge started delivering it (the emit here, or the
 * message from Redis) and when it had handed the last socket's frame to the kernel, both in ms
 * after the sender's timestamp. The in-memory adapter's broadcast is what both paths end in (the
 * Redis adapter calls it after publishing, and for each message it receives).
 */
async function timeBroadcasts() {
  const adapterModule = await import('socket.io-adapter')
  const { Adapter } = adapterModule.Adapter ? adapterModule : adapterModule.default
  const deliver = Adapter.prototype.broadcast
  Adapter.prototype.broadcast = function (packet, opts) {
    const start = now()
    const cpu = process.cpuUsage()
    deliver.call(this, packet, opts)
    const end = now()
    const { user, system } = process.cpuUsage(cpu)
    const bench = packet.data?.[1]?.type === 'bench' ? packet.data[1].data : null
    if (bench) {
      const sentAt = BigInt(bench.sentAt)
      process.send({
        written: bench.i,
        startMs: msSince(sentAt, start),
        endMs: msSince(sentAt, end),
        cpuMs: (user + system) / 1000,
      })
    }
  }
}

async function runEdge(key) {
  const { tsImport } = await import('tsx/esm/api')
  const { attachRedisAdapter } = await tsImport('../../media-edge/redis-adapter.ts', import.meta.url)
  const { Server } = await import('socket.io')
  await timeBroadcasts()
  const http = createServer()
  const io = new Server(http, { transports: ['websocket'], ...EDGE_OPTIONS })
  const adapter = await attachRedisAdapter(io, REDIS_URL, {
    key,
    onError: (error) => console.error(`edge: redis: ${error.message}`),
  })
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
// Emitter process: the web app's publisher, as a page action calls it.

async function runEmitter(key) {
  const { tsImport } = await import('tsx/esm/api')
  const { createEdgePublisher } = await tsImport('../../app/lib/rooms/edge-publisher.server.ts', import.meta.url)
  const { Redis } = await import('ioredis')
  const redis = new Redis(REDIS_URL)
  await redis.ping()
  const publisher = createEdgePublisher(redis, { key })
  process.on('message', (message) => {
    if (message.broadcast !== undefined)
      publisher.notifyUser(BENCH_USER, { type: 'bench', data: { i: message.broadcast, sentAt: String(now()) } })
    else if (message.stop) redis.quit().finally(() => process.exit(0))
  })
  process.send({ ready: true })
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
      if (text === '2')
        socket.send('3') // Engine.IO ping → pong
      else if (text[0] === '0')
        socket.send('40') // Engine.IO open → connect to the main namespace
      else if (text.startsWith('40'))
        resolve(socket) // namespace connected
      else if (text.startsWith('42'))
        onEvent(JSON.parse(text.slice(2))[1], at) // [event, payload]
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

async function runClients(urls, count, first) {
  const connect = CLIENT === 'socket.io-client' ? libraryClientSocket : wireSocket
  const received = new Map()
  const sockets = []
  for (let n = 0; n < count; n++) {
    // Sockets alternate between the edges over the whole bench, so a group of 10 splits 5 / 5.
    const edge = (first + n) % urls.length
    const onEvent = ({ data }, at) => {
      let entry = received.get(data.i)
      if (!entry) received.set(data.i, (entry = { latencies: [], edges: [] }))
      entry.latencies.push(msSince(BigInt(data.sentAt), at))
      entry.edges.push(edge)
      if (entry.latencies.length === count) {
        process.send({ i: data.i, ...entry })
        received.delete(data.i)
      }
    }
    sockets.push(connect(urls[edge], onEvent))
  }
  const connected = await Promise.all(sockets)
  process.on('message', (message) => {
    if (message.stop) process.exit(0)
    // Stop (and later start) reading the sockets: the frames wait in the kernel, and the edges
    // write without these processes waking for each one.
    if (message.reading !== undefined) {
      for (const socket of connected) {
        if (message.reading) socket._socket.resume()
        else socket._socket.pause()
      }
      process.send({ reading: message.reading })
    }
  })
  process.send({ ready: true })
}

// ---------------------------------------------------------------------------------------------
// Coordinator

function start(args, env) {
  // BENCH_PROFILE_DIR: each process writes a CPU profile (node --cpu-prof) there when it stops.
  const execArgv = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : []
  const child = fork(here, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv,
    ...(env ? { env: { ...process.env, ...env } } : {}),
  })
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

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? null,
  }
}

/** The reason to skip, or null when Redis answers. */
async function redisMissing() {
  const { Redis } = await import('ioredis')
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
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

/** Splits n into parts that differ by at most one. */
function split(n, parts) {
  return Array.from({ length: parts }, (_, k) => Math.floor(n / parts) + (k < n % parts ? 1 : 0))
}

/** The CPU time (ms, in user code and in the kernel) each child has used so far. */
function cpuTimes(children) {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          const listener = (message) => {
            if (!message.cpu) return
            child.off('message', listener)
            resolve({ user: message.cpu.user / 1000, system: message.cpu.system / 1000 })
          }
          child.on('message', listener)
          child.send({ cpu: true })
        }),
    ),
  )
}

/** When the edges started and finished writing, for broadcasts that the clients did not read. */
function edgeFigures(broadcasts) {
  const written = broadcasts.map(({ edges }) => edges)
  return {
    edgeAStarts: summary(written.map(([a]) => a.startMs)),
    edgeBStarts: summary(written.map(([, b]) => b.startMs)),
    edgeAWritten: summary(written.map(([a]) => a.endMs)),
    edgeBWritten: summary(written.map(([, b]) => b.endMs)),
    edgeACpu: summary(written.map(([a]) => a.cpuMs)),
    edgeBCpu: summary(written.map(([, b]) => b.cpuMs)),
    lastFrameWritten: summary(written.map((edges) => Math.max(...edges.map(({ endMs }) => endMs)))),
  }
}

/** The figures of one source's broadcasts (each: the sockets' latencies, the edges' write times). */
function figures(broadcasts) {
  const socket = { all: [], edgeA: [], edgeB: [], probes: [] }
  const last = []
  const edgeStart = [[], []]
  const edgeWritten = [[], []]
  const edgeCpu = [[], []]
  const lastWritten = []
  const clientsReceive = []
  for (const { groups, probe, edges } of broadcasts) {
    let slowest = 0
    for (const report of [...groups, probe]) {
      report.latencies.forEach((latency, n) => {
        socket.all.push(latency)
        ;(report.edges[n] === 0 ? socket.edgeA : socket.edgeB).push(latency)
        if (report === probe) socket.probes.push(latency)
        slowest = Math.max(slowest, latency)
      })
    }
    last.push(slowest)
    edges.forEach(({ startMs, endMs, cpuMs }, edge) => {
      edgeStart[edge].push(startMs)
      edgeWritten[edge].push(endMs)
      edgeCpu[edge].push(cpuMs)
    })
    const written = Math.max(...edges.map(({ endMs }) => endMs))
    lastWritten.push(written)
    clientsReceive.push(slowest - written)
  }
  return {
    everySocket: summary(socket.all),
    edgeASockets: summary(socket.edgeA),
    edgeBSockets: summary(socket.edgeB),
    lastSocketPerBroadcast: summary(last),
    probeSockets: summary(socket.probes),
    edgeAStarts: summary(edgeStart[0]),
    edgeBStarts: summary(edgeStart[1]),
    edgeAWritten: summary(edgeWritten[0]),
    edgeBWritten: summary(edgeWritten[1]),
    edgeACpu: summary(edgeCpu[0]),
    edgeBCpu: summary(edgeCpu[1]),
    lastFrameWritten: summary(lastWritten),
    clientsReceiveLastSocket: summary(clientsReceive),
  }
}

export async function measureEdgeBroadcast() {
  const skipped = await redisMissing()
  if (skipped) return { skipped }
  const key = `bench-${randomUUID()}`
  const children = []
  try {
    const edges = [start(['--edge', key]), start(['--edge', key])]
    // The web app's modules read their environment at import; a test environment keeps its logger quiet.
    const emitter = start(['--emitter', key], {
      NODE_ENV: 'test',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
      EDGE_SECRET: 'bench-edge-secret-0123456789abcdef0123456789',
      REDIS_URL,
    })
    children.push(...edges.map((edge) => edge.child), emitter.child)
    const urls = (await Promise.all(edges.map((edge) => edge.first))).map(({ port }) => `http://127.0.0.1:${port}`)
    await emitter.first

    // The groups connect first, the probes last: each edge's channel lists its sockets in the order they joined.
    const groupSizes = split(SOCKETS - PROBE_SOCKETS, CLIENT_GROUPS)
    let first = 0
    const groups = groupSizes.map((size) => {
      const group = start(['--clients', String(size), String(first), ...urls])
      first += size
      return group
    })
    children.push(...groups.map((group) => group.child))
    await Promise.all(groups.map((group) => group.first))
    const probe = start(['--clients', String(PROBE_SOCKETS), String(first), ...urls])
    children.push(probe.child)
    await probe.first

    const pending = new Map()
    const arrived = (i, update) => {
      const entry = pending.get(i)
      if (!entry) return
      update(entry)
      const heard = entry.groups.length === groups.length && entry.probe
      if ((heard || !entry.clientsReading) && entry.edges.every(Boolean)) entry.done()
    }
    for (const { child } of groups)
      child.on('message', (report) => arrived(report.i, (entry) => entry.groups.push(report)))
    probe.child.on('message', (report) => arrived(report.i, (entry) => (entry.probe = report)))
    edges.forEach(({ child }, edge) =>
      child.on('message', (report) => {
        if (report.written !== undefined) arrived(report.written, (entry) => (entry.edges[edge] = report))
      }),
    )
    const broadcast = (i, sender, clientsReading = true) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`broadcast ${i} did not reach every socket within ${DELIVERY_TIMEOUT_MS} ms`)),
          DELIVERY_TIMEOUT_MS,
        )
        const entry = { groups: [], probe: null, edges: [null, null], clientsReading }
        entry.done = () => {
          clearTimeout(timer)
          pending.delete(i)
          resolve(entry)
        }
        pending.set(i, entry)
        sender.send({ broadcast: i })
      })

    const senders = { edge: edges[0].child, emitter: emitter.child }
    const sources = {}
    let i = 0
    const roles = [edges[0].child, edges[1].child, emitter.child, ...groups.map((group) => group.child), probe.child]
    for (const source of SOURCES) {
      const done = []
      let cpuBefore = null
      for (let n = 0; n < WARMUP_BROADCASTS + BROADCASTS; n++) {
        if (n === WARMUP_BROADCASTS) cpuBefore = await cpuTimes(roles)
        const entry = await broadcast(i++, senders[source])
        if (n >= WARMUP_BROADCASTS) done.push(entry)
        await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_MS))
      }
      const perBroadcast = (await cpuTimes(roles)).map((after, k) => ({
        user: (after.user - cpuBefore[k].user) / BROADCASTS,
        system: (after.system - cpuBefore[k].system) / BROADCASTS,
      }))
      const total = ({ user, system }) => user + system
      const clients = perBroadcast
        .slice(3)
        .reduce((sum, { user, system }) => ({ user: sum.user + user, system: sum.system + system }), {
          user: 0,
          system: 0,
        })

      // The same broadcasts with the clients not reading: the edges' own time on this machine, without
      // a thousand receivers (whose CPU real browsers bring with them) taking turns on its cores.
      const setReading = (reading) =>
        Promise.all(
          [...groups, probe].map(
            ({ child }) =>
              new Promise((resolve) => {
                const listener = (message) => {
                  if (message.reading !== reading) return
                  child.off('message', listener)
                  resolve()
                }
                child.on('message', listener)
                child.send({ reading })
              }),
          ),
        )
      const alone = []
      if (CLIENT === 'wire') {
        await setReading(false)
        for (let n = 0; n < EDGES_ALONE_BROADCASTS; n++) {
          alone.push(await broadcast(i++, senders[source], false))
          await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_MS))
        }
        await setReading(true)
        // Let the clients read what waited, so it does not weigh on the next source.
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
      sources[source] = {
        ...figures(done),
        edgesAlone: alone.length ? edgeFigures(alone) : null,
        // Everything each process did while its broadcasts ran (pings and pauses included), per
        // broadcast; the kernel's part (systemMs) is mostly the loopback TCP of the sockets.
        cpuPerBroadcast: {
          edgeAMs: total(perBroadcast[0]),
          edgeBMs: total(perBroadcast[1]),
          emitterMs: total(perBroadcast[2]),
          clientsMs: total(clients),
          clientPerSocketUs: (total(clients) * 1000) / SOCKETS,
          systemMs: { edgeA: perBroadcast[0].system, edgeB: perBroadcast[1].system, clients: clients.system },
        },
      }
    }
    return {
      config: {
        sockets: SOCKETS,
        probeSockets: PROBE_SOCKETS,
        client: CLIENT,
        clientGroups: CLIENT_GROUPS,
        broadcasts: BROADCASTS,
        warmup: WARMUP_BROADCASTS,
        edgeOptions: EDGE_OPTIONS,
        redis: REDIS_URL.replace(/\/\/[^@]*@/, '//'),
      },
      sources,
    }
  } finally {
    for (const child of children) {
      if (child.connected) child.send({ stop: true })
    }
    await new Promise((resolve) => setTimeout(resolve, process.env.BENCH_PROFILE_DIR ? 3_000 : 300))
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  }
}

export function printEdgeBroadcast(result) {
  if (result.skipped) {
    heading('Socket.IO broadcast across two edges with Redis')
    console.log(`Skipped: ${result.skipped}`)
    return
  }
  const { config } = result
  const arrival =
    config.client === 'socket.io-client' ? "socket.io-client's event handler" : 'the frame reaching the client'
  for (const [source, f] of Object.entries(result.sources)) {
    heading(
      `Socket.IO broadcast to ${config.sockets} sockets on two edges with Redis: ${config.broadcasts} broadcasts by ${SOURCE_LABELS[source]}`,
    )
    console.log(`Target: p99 <= ${TARGET_P99_MS} ms from the send to ${arrival}, on every socket\n`)
    const headers = ['send to ...', 'samples', 'p50 ms', 'p99 ms', 'max ms', `p99 <= ${TARGET_P99_MS} ms`]
    const row = (label, s, judged = true) => [
      label,
      s.samples,
      ms(s.p50Ms),
      ms(s.p99Ms),
      ms(s.maxMs),
      judged ? verdict(s.p99Ms !== null && s.p99Ms <= TARGET_P99_MS) : '',
    ]
    /** Each edge's part of a broadcast: in the main table, and again for the edges alone. */
    const edgeRows = (e) => [
      row('edge A starts delivering', e.edgeAStarts, false),
      row('edge B starts delivering', e.edgeBStarts, false),
      row("edge A's last frame written", e.edgeAWritten, false),
      row("edge B's last frame written", e.edgeBWritten, false),
      row("edge A's CPU time for it", e.edgeACpu, false),
      row("edge B's CPU time for it", e.edgeBCpu, false),
      row('last frame written (both edges)', e.lastFrameWritten),
    ]
    const { cpuPerBroadcast: cpu } = f
    const cpuLine =
      `CPU time per broadcast: edge A ${ms(cpu.edgeAMs)} ms, edge B ${ms(cpu.edgeBMs)} ms, emitter ${ms(cpu.emitterMs)} ms,` +
      ` clients ${ms(cpu.clientsMs)} ms (${cpu.clientPerSocketUs.toFixed(1)} µs a socket);` +
      ` in the kernel: edge A ${ms(cpu.systemMs.edgeA)}, edge B ${ms(cpu.systemMs.edgeB)}, clients ${ms(cpu.systemMs.clients)} ms`
    console.log(
      table(headers, [
        row('every socket', f.everySocket),
        row('  sockets on edge A', f.edgeASockets),
        row('  sockets on edge B', f.edgeBSockets),
        row('  last socket of each broadcast', f.lastSocketPerBroadcast),
        row(`  the ${config.probeSockets} probe sockets (written last)`, f.probeSockets),
        ...edgeRows(f),
        row('clients: last frame written to last read', f.clientsReceiveLastSocket, false),
      ]),
    )
    console.log(cpuLine)
    if (f.edgesAlone) {
      const a = f.edgesAlone
      console.log(
        `\nThe edges alone: ${a.lastFrameWritten.samples} more broadcasts while the clients read nothing (their frames wait in the kernel)\n`,
      )
      console.log(table(headers, edgeRows(a)))
    }
  }
  console.log(
    `\n(${config.clientGroups} client processes of ~${Math.round((config.sockets - config.probeSockets) / config.clientGroups)} sockets and one of ${config.probeSockets} probes share this machine's cores with the edges;` +
      ` "written" is the frame handed to the kernel, the edges' whole part; the last row is the clients' own receive time)`,
  )
}

const role = process.argv[2]
// A child whose coordinator is gone (finished, failed, killed) has nothing left to do.
if (role) process.on('disconnect', () => process.exit(0))
// The CPU time each process has used so far, the figure that the machine's load does not bend.
if (role) process.on('message', (message) => message.cpu && process.send({ cpu: process.cpuUsage() }))
const fail = (name) => (error) => {
  console.error(`${name}: ${error.stack ?? error}`)
  process.exit(1)
}
if (role === '--edge') {
  runEdge(process.argv[3]).catch(fail('edge'))
} else if (role === '--emitter') {
  runEmitter(process.argv[3]).catch(fail('emitter'))
} else if (role === '--clients') {
  runClients(process.argv.slice(5), Number(process.argv[3]), Number(process.argv[4])).catch(fail('clients'))
} else if (process.argv[1] === here) {
  setTimeout(() => {
    console.error(`edge-broadcast: run exceeded ${RUN_DEADLINE_MS / 1000} s`)
    process.exit(1)
  }, RUN_DEADLINE_MS).unref()
  console.log(
    `Machine: ${availableParallelism()} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  )
  if (loadavg()[0] >= availableParallelism() / 2)
    console.log('WARNING: the machine is busy; these figures will read high and vary between runs.')
  const started = Date.now()
  measureEdgeBroadcast()
    .then((result) => {
      printEdgeBroadcast(result)
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`\nDone in ${seconds} s.`)
      console.log(
        `BENCH_JSON ${JSON.stringify({ ...result, targets: { p99Ms: TARGET_P99_MS }, machine: { cpus: availableParallelism(), loadAverage: loadavg() }, durationSeconds: seconds })}`,
      )
    })
    .catch((error) => {
      console.error(`\nBenchmark failed: ${error.stack ?? error}`)
      process.exitCode = 1
    })
}
