// The media edge's environment, parsed once at start-up with zod; a bad value stops the process
// with every problem listed. Defaults run one edge next to the web app with nothing configured.
import { existsSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { isIP } from 'node:net'
import { z } from 'zod'
import { DEFAULT_DATABASE_URL, isDatabaseUrl } from '#models/db'
import { S3_ENV, storageProblems, storageSettings } from '#models/storage-from-env'
import { DEV_EDGE_SECRET } from './contract/token'
import { parseAllowList } from './egress'
import { FFMPEG_PORTS } from './loopback-ports'

/** An empty variable (`REDIS_URL=`) means unset, as it does in a shell. */
const optional = <T extends z.ZodTypeAny>(type: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), type.optional())
const port = () => z.coerce.number().int().min(1).max(65535)
const ip = () => z.string().refine((value) => isIP(value) !== 0, 'must be an IPv4 or IPv6 address')

const schema = z
  .object({
    // Unset means production, as for the web app: development is something a developer asks for.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    EDGE_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    // The address the signalling port listens on, as for the web app: unset, every interface; 127.0.0.1 behind a
    // proxy on the same host. The media ports are RTC_LISTEN_IP's.
    LISTEN_HOST: optional(z.string().min(1)),
    EDGE_PUBLIC_URL: optional(z.string().url()),
    EDGE_SECRET: optional(z.string().min(32)),
    // The web app's address: the only cross-origin page allowed to open the socket in production.
    PUBLIC_URL: optional(z.string().url()),
    DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL).refine(isDatabaseUrl, 'must start with sqlite: or mysql://'),
    REDIS_URL: optional(z.string().url()),
    MEDIA_WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
    RTC_MIN_PORT: port().default(40000),
    RTC_MAX_PORT: port().default(49999),
    RTC_LISTEN_IP: ip().default('127.0.0.1'),
    // The address browsers reach the media ports at when the edge is behind NAT (an IP or a host name).
    RTC_ANNOUNCED_IP: optional(z.string().min(1)),
    // Comma-separated turn:/turns:/stun: URLs; with TURN_SECRET, clients get coturn shared-secret credentials.
    TURN_URLS: optional(z.string()),
    TURN_SECRET: optional(z.string().min(16)),
    // Past this many consumers on a worker, new receivers are placed on a router on another worker.
    CONSUMERS_PER_WORKER: z.coerce.number().int().min(1).default(500),
    // With REDIS_URL: how often the edge renews its registry entry (and its rooms), and how long an
    // entry outlives the last renewal. When an edge crashes, its meetings can move once the entry
    // is gone, so the expiry bounds a crash's failover when nothing sooner tells the web app
    // (media-edge/shared/room-assignment.ts says why these defaults).
    EDGE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    EDGE_EXPIRY_MS: z.coerce.number().int().min(300).max(300_000).default(3000),
    // Captions: a Deepgram-protocol streaming speech service; without a key captions are off.
    SPEECH_API_URL: z.string().url().default('wss://api.deepgram.com/v1/listen'),
    SPEECH_API_KEY: optional(z.string().min(1)),
    // The live stream's viewer count: Twitch's Helix API with an app's client id and
    // access token; without both no count is read or shown (an RTMP push gets none back).
    LIVE_VIEWERS_API_URL: z.string().url().default('https://api.twitch.tv'),
    LIVE_VIEWERS_CLIENT_ID: optional(z.string().min(1)),
    LIVE_VIEWERS_TOKEN: optional(z.string().min(1)),
    // Where live streams may go (docs/security.md): unset, any public address, never the edge's own network; set
    // (comma-separated host names or IPs), only those hosts, which may then be private (an ingest server on the LAN).
    LIVE_ALLOWED_HOSTS: optional(z.string()),
    // Captions, recording and live streaming run Debian's ffmpeg (on PATH by default; scripts/ensure-deps.mjs
    // installs it). Recordings (and ffmpeg's SDPs) are written in RECORDING_DIR, then moved into the media
    // library's store, which must be the web app's MEDIA_DIR (the same disk or share).
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    RECORDING_DIR: optional(z.string().min(1)),
    MEDIA_DIR: z.string().min(1).default('data/media'),
    // With S3_BUCKET the library's store is that bucket instead: give the edge the web app's S3_* values
    // (read by the same rules, models/storage-from-env.ts).
    ...S3_ENV,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Prometheus metrics (metrics.ts) on a port of their own, unset: none; loopback unless the scraper is elsewhere.
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    METRICS_HOST: z.string().default('127.0.0.1'),
  })
  .transform((env) => ({
    ...env,
    EDGE_SECRET: env.EDGE_SECRET ?? DEV_EDGE_SECRET,
    EDGE_PUBLIC_URL: (env.EDGE_PUBLIC_URL ?? `http://localhost:${env.EDGE_PORT}`).replace(/\/$/, ''),
    /** False when EDGE_PUBLIC_URL is derived from the port (port 0 then means the port actually bound). */
    publicUrlSet: env.EDGE_PUBLIC_URL !== undefined,
    PUBLIC_URL: (env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
    RECORDING_DIR: env.RECORDING_DIR ?? join(tmpdir(), 'hearth-recordings'),
    liveAllowedHosts: parseAllowList(env.LIVE_ALLOWED_HOSTS),
    turnUrls: (env.TURN_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    /** The media library's store, where recordings go: S3 with S3_BUCKET, MEDIA_DIR otherwise. */
    storage: storageSettings(env),
    isProduction: env.NODE_ENV === 'production',
    /** Only an explicit NODE_ENV=development accepts the development secret and any localhost page. */
    isDevelopment: env.NODE_ENV === 'development',
  }))

export type EdgeEnv = z.infer<typeof schema>

/** Parses an environment (process.env by default); throws one error listing every problem. */
export function parseEdgeEnv(source: Record<string, string | undefined> = process.env): EdgeEnv {
  const result = schema.safeParse(source)
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  // Fail closed: an unset or `test` NODE_ENV in a deployed edge must not accept passes signed with
  // the public development secret.
  if (source.NODE_ENV !== 'development' && !source.EDGE_SECRET)
    problems.push('EDGE_SECRET: is required unless NODE_ENV=development')
  problems.push(...storageProblems(source))
  if (result.success) {
    const env = result.data
    if (env.RTC_MIN_PORT > env.RTC_MAX_PORT)
      problems.push('RTC_MIN_PORT, RTC_MAX_PORT: the minimum must not exceed the maximum')
    if (env.RTC_MIN_PORT <= FFMPEG_PORTS.max && env.RTC_MAX_PORT >= FFMPEG_PORTS.min)
      problems.push(
        `RTC_MIN_PORT, RTC_MAX_PORT: must not overlap ${FFMPEG_PORTS.min}-${FFMPEG_PORTS.max}, ffmpeg's loopback ports`,
      )
    // One late renewal (a GC pause, a slow Redis) must not expire the entry.
    if (env.EDGE_EXPIRY_MS < 2 * env.EDGE_HEARTBEAT_MS)
      problems.push('EDGE_EXPIRY_MS, EDGE_HEARTBEAT_MS: the expiry must be at least twice the heartbeat')
    if (Boolean(env.TURN_SECRET) !== env.turnUrls.length > 0)
      problems.push('TURN_URLS, TURN_SECRET: set both or neither')
    if (Boolean(env.LIVE_VIEWERS_CLIENT_ID) !== Boolean(env.LIVE_VIEWERS_TOKEN))
      problems.push('LIVE_VIEWERS_CLIENT_ID, LIVE_VIEWERS_TOKEN: set both or neither')
    for (const host of env.liveAllowedHosts)
      if (!isIP(host) && !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host))
        problems.push(`LIVE_ALLOWED_HOSTS: "${host}" must be a host name or an IP address (no scheme or port)`)
    for (const url of env.turnUrls)
      if (!/^(turns?|stun):/.test(url)) problems.push(`TURN_URLS: "${url}" must start with turn:, turns: or stun:`)
  }
  if (problems.length || !result.success)
    throw new Error(`Invalid media edge environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
  return result.data
}

/** A .env file in the working directory fills in what the real environment does not set (as for the web app). */
export function loadDotEnv() {
  if (existsSync('.env')) process.loadEnvFile('.env')
}
