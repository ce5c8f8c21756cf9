// startEdge: the worker pool, the meetings and the Socket.IO server on one HTTP port, with
// GET /healthz. `npm run edge` (main.ts) runs it from the environment; tests run it in-process
// on port 0.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import type { Registry } from 'prom-client'
import type { Sequelize } from 'sequelize'
import { Server } from 'socket.io'
import { openDatabase } from '#models/index'
import { EdgeRegistry } from './shared/room-assignment'
import { attachRedisAdapter } from './redis-adapter'
import { Edge, type RoomClaims } from './edge'
import type { EdgeEnv } from './env'
import { memoryKickedPeers, redisKickedPeers } from './kicked-peers'
import { createLogger, type Logger } from './logger'
import { realClock, type Clock } from './clock'
import { Lobby } from './lobby'
import { MeetingRecords } from './meeting-records'
import { EventRecords } from './event-records'
import { CALL_RING_MS } from './contract/calls'
import { EDGE_KEYS, channels, type EdgeKeys } from './contract/protocol'
import type { EventRates } from './rate-buckets'
import { mediaStorageFrom } from '#models/storage-from-env'
import { LiveStreamer } from './live-streamer'
import { LiveViewers } from './live-viewers'
import { twitchViewers } from './twitch-viewers'
import { Recorder } from './recorder'
import { attachSignalling } from './signalling'
import { deepgramSpeech } from './deepgram-speech'
import type { EdgeIo } from './socket-types'
import { WorkerPool } from './worker-pool'
import { edgeMetrics } from './metrics'

export interface EdgeOptions {
  env: EdgeEnv
  /** A database already open (tests); otherwise the edge opens DATABASE_URL and closes it on close(). */
  sequelize?: Sequelize
  logger?: Logger
  /** Redis key prefix (tests share one Redis). */
  keys?: EdgeKeys
  /** This edge's id in the registry; random by default. */
  edgeId?: string
  /** The sockets' event rates; rate-buckets.ts's EVENT_RATES by default (tests try other limits). */
  eventRates?: EventRates
  /** The edge's clock and timers (clock.ts); the real ones by default, tests run their own. */
  clock?: Clock
  /** How long a waiting-room call rings before it is missed (CALL_RING_MS). */
  callRingMs?: number
  /**
   * With REDIS_URL: puts the Socket.IO server on a shared adapter and returns what to call on
   * close. Defaults to the Redis adapter (media-edge/redis-adapter.ts); without REDIS_URL the
   * in-memory adapter stays.
   */
  attachAdapter?: (io: EdgeIo, redis: Redis) => Promise<(() => Promise<void>) | void> | (() => Promise<void>) | void
}

export interface RunningEdge {
  /** Where this process listens (http://127.0.0.1:port): what tests connect to. */
  url: string
  port: number
  /** What browsers are told to use (EDGE_PUBLIC_URL). */
  publicUrl: string
  edgeId: string
  io: EdgeIo
  edge: Edge
  pool: WorkerPool
  /** Hands the rooms back, tells every client to move (`edge:move`), then closes everything. */
  drain(): Promise<void>
  close(): Promise<void>
}

export async function startEdge(options: EdgeOptions): Promise<RunningEdge> {
  const { env } = options
  const logger = options.logger ?? createLogger(env.LOG_LEVEL)
  const ownDatabase = !options.sequelize
  const sequelize = options.sequelize ?? openDatabase(env.DATABASE_URL)
  const edgeId = options.edgeId ?? randomBytes(8).toString('hex')
  const keys = options.keys ?? EDGE_KEYS

  let edge: Edge | null = null
  const pool = await WorkerPool.start({
    count: env.MEDIA_WORKERS,
    consumerBudget: env.CONSUMERS_PER_WORKER,
    logger,
    // The meetings on a dead worker are evacuated by their routers' workerclose (Meeting.watch).
  })

  // Listen first (port 0 in tests: the public URL needs the bound port); Socket.IO attaches once
  // Redis, the registry and the adapter are ready, and until then its path answers 503.
  const http = createServer((request, response) => health(request, response, () => edge, pool))
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(env.EDGE_PORT, env.LISTEN_HOST, () => resolve())
  })
  const port = (http.address() as AddressInfo).port
  const publicUrl = env.EDGE_PORT === 0 && !env.publicUrlSet ? `http://localhost:${port}` : env.EDGE_PUBLIC_URL

  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 }) : null
  redis?.on('error', (error) => logger.error({ err: error }, 'redis error'))
  if (redis) await redis.connect()
  let registry: EdgeRegistry | null = null
  if (redis) {
    registry = new EdgeRegistry({
      redis,
      edgeId,
      publicUrl,
      keys,
      heartbeatMs: env.EDGE_HEARTBEAT_MS,
      ttlMs: env.EDGE_EXPIRY_MS,
      onRoomLost: (roomId) => {
        const meeting = edge?.meetings.get(roomId)
        if (meeting) void edge?.evacuate(meeting, 'another edge took the room')
      },
      onError: (error) => logger.error({ err: error }, 'edge heartbeat failed'),
    })
    await registry.start()
  }

  const io: EdgeIo = new Server(http, {
    cors: { origin: allowedOrigin(env), credentials: true },
    // Offers and RTP capabilities are a few kilobytes; nothing a client sends needs more.
    maxHttpBufferSize: 256 * 1024,
    // Engine.IO's default, kept on purpose: with permessage-deflate negotiated, a broadcast is
    // framed again for every socket (even below the compression threshold) instead of once, which
    // cost each edge about 4x the CPU per broadcast to 500 sockets (tests/bench/edge-broadcast.mjs
    // with BENCH_EDGE_OPTIONS='{"perMessageDeflate":{"threshold":1024}}'). Signalling messages are small.
    perMessageDeflate: false,
  })
  // Several edges: broadcasts (and the web app's emitter) reach sockets on every edge.
  const attachAdapter =
    options.attachAdapter ??
    (async (server: EdgeIo, client: Redis) =>
      (
        await attachRedisAdapter(server, client, {
          onError: (error) => logger.error({ err: error }, 'socket.io redis adapter'),
        })
      ).close)
  const detachAdapter = redis ? await attachAdapter(io, redis) : undefined

  const clock = options.clock ?? realClock
  const lobby = new Lobby({ io, logger, ringMs: options.callRingMs ?? CALL_RING_MS, clock })
  edge = new Edge({
    env: { ...env, EDGE_PUBLIC_URL: publicUrl },
    io,
    pool,
    // Each new log line to the room's hosts and co-hosts, wherever they are (a breakout, another edge).
    records: new MeetingRecords(logger, publicUrl, env.PUBLIC_URL, (roomId, entry) =>
      io.to(channels.roomHosts(roomId)).emit('meetingLog', entry),
    ),
    events: new EventRecords(),
    clock,
    kicked: redis ? redisKickedPeers(redis, keys) : memoryKickedPeers(),
    lobby,
    registry: registry satisfies RoomClaims | null,
    recorder: new Recorder({
      ffmpegPath: env.FFMPEG_PATH,
      workDir: env.RECORDING_DIR,
      storage: mediaStorageFrom(env.storage),
      logger,
      clock,
    }),
    // Only its SDP goes into the work directory: the stream itself goes out over RTMP.
    // The viewer count is read from the streaming service's API when one is configured (twitch-viewers.ts).
    liveStreamer: new LiveStreamer(
      { ffmpegPath: env.FFMPEG_PATH, workDir: env.RECORDING_DIR, logger, clock, allowedHosts: env.liveAllowedHosts },
      new LiveViewers({
        provider:
          env.LIVE_VIEWERS_CLIENT_ID && env.LIVE_VIEWERS_TOKEN
            ? twitchViewers({
                url: env.LIVE_VIEWERS_API_URL,
                clientId: env.LIVE_VIEWERS_CLIENT_ID,
                token: env.LIVE_VIEWERS_TOKEN,
                logger,
              })
            : null,
        clock,
      }),
    ),
    logger,
    listenInfos: (['udp', 'tcp'] as const).map((protocol) => ({
      protocol,
      ip: env.RTC_LISTEN_IP,
      ...(env.RTC_ANNOUNCED_IP ? { announcedAddress: env.RTC_ANNOUNCED_IP } : {}),
      portRange: { min: env.RTC_MIN_PORT, max: env.RTC_MAX_PORT },
    })),
    speech: env.SPEECH_API_KEY ? deepgramSpeech({ url: env.SPEECH_API_URL, apiKey: env.SPEECH_API_KEY }) : null,
  })
  attachSignalling(io, edge, { secret: env.EDGE_SECRET, logger, eventRates: options.eventRates })
  const metrics = env.METRICS_PORT
    ? await serveMetrics(
        edgeMetrics({ edge: () => edge, pool, io: () => io, turnUrls: env.turnUrls, processMetrics: true }),
        { port: env.METRICS_PORT, host: env.METRICS_HOST },
        logger,
      )
    : null
  logger.info({ port, publicUrl, edgeId, workers: env.MEDIA_WORKERS, redis: Boolean(redis) }, 'media edge listening')

  let closing: Promise<void> | null = null
  const close = () =>
    (closing ??= (async () => {
      // No new sockets or joins from here on; then the rooms go back and the edge leaves the
      // registry before any client is told to move, so the page it reloads is given a live edge
      // (told first, it could be handed this one again while the release is on its way).
      edge.draining = true
      await registry?.stop().catch((error: unknown) => logger.error({ err: error }, 'could not release the rooms'))
      await edge.drain()
      lobby.close()
      metrics?.close()
      await new Promise<void>((resolve) => io.close(() => resolve()))
      if (typeof detachAdapter === 'function') await detachAdapter()
      await pool.close()
      await redis?.quit().catch(() => undefined)
      if (ownDatabase) await sequelize.close()
    })())

  return { url: `http://127.0.0.1:${port}`, port, publicUrl, edgeId, io, edge, pool, drain: close, close }
}

/** GET /metrics on a port of its own, for the operator's scraper only. */
async function serveMetrics(registry: Registry, address: { port: number; host: string }, logger: Logger) {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end()
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics failed')
        response.writeHead(500).end()
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => resolve())
  })
  logger.info(address, 'edge metrics listening')
  return server
}

/** The web app's origin; in development also any localhost page (a dev web app on another port). */
function allowedOrigin(env: EdgeEnv) {
  const allowed = new URL(env.PUBLIC_URL).origin
  return (origin: string | undefined, callback: (error: Error | null, allow?: boolean) => void) => {
    if (!origin || origin === allowed) return callback(null, true)
    const local = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin)
    callback(null, env.isDevelopment && local)
  }
}

function health(request: IncomingMessage, response: ServerResponse, edge: () => Edge | null, pool: WorkerPool) {
  // Socket.IO answers its own path once attached; before that (start-up) clients retry.
  if (request.url?.startsWith('/socket.io/')) {
    response.writeHead(503, { 'retry-after': '1' }).end()
    return
  }
  if (request.method !== 'GET' || request.url?.split('?')[0] !== '/healthz') {
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }))
    return
  }
  const current = edge()
  const ok = current !== null && !current.draining && pool.workers.every((entry) => !entry.worker.closed)
  response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(
    JSON.stringify({
      status: ok ? 'ok' : current?.draining ? 'draining' : 'unavailable',
      workers: pool.workers.length,
      meetings: current?.meetings.size ?? 0,
      consumers: pool.workers.reduce((sum, entry) => sum + entry.consumers, 0),
    }),
  )
}
