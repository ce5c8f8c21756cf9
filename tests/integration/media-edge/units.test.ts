// The edge's small rules on their own: its environment, TURN credentials, the ICE restart limits,
// the kicked-user memory, the event rate buckets and who counts as connected.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseEnv as parseWebEnv } from '#app/lib/platform/env.server'
import { parseEdgeEnv } from '#edge/env'
import { IceRestartLimitError, IceRestartLimiter } from '#edge/ice-restart'
import { memoryKickedPeers } from '#edge/kicked-peers'
import { EVENT_RATES, RateBuckets } from '#edge/rate-buckets'
import { EdgePeer, connectedPeers } from '#edge/peer'
import { iceServersFor, turnCredentials } from '#edge/turn'
import { ALL_CONTROLS } from './harness'

describe('the edge environment', () => {
  it('needs nothing in development and verifies what a development web app signs', () => {
    const env = parseEdgeEnv({ NODE_ENV: 'development' })
    expect(env).toMatchObject({
      EDGE_PORT: 3001,
      EDGE_PUBLIC_URL: 'http://localhost:3001',
      DATABASE_URL: 'sqlite:data/hearth.sqlite',
      RTC_MIN_PORT: 40000,
      RTC_MAX_PORT: 49999,
      RTC_LISTEN_IP: '127.0.0.1',
      CONSUMERS_PER_WORKER: 500,
      PUBLIC_URL: 'http://localhost:3000',
    })
    expect(env.MEDIA_WORKERS).toBeGreaterThanOrEqual(1)
    expect(env.EDGE_SECRET).toBe(parseWebEnv({ NODE_ENV: 'development' }).EDGE_SECRET)
  })

  it('defaults to production and requires EDGE_SECRET unless NODE_ENV=development is set', () => {
    for (const source of [{}, { NODE_ENV: 'test' }, { NODE_ENV: 'production' }]) {
      expect(() => parseEdgeEnv(source), JSON.stringify(source)).toThrow(
        'EDGE_SECRET: is required unless NODE_ENV=development',
      )
    }
    const env = parseEdgeEnv({ EDGE_SECRET: 'x'.repeat(32) })
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      isProduction: true,
      isDevelopment: false,
      EDGE_SECRET: 'x'.repeat(32),
    })
  })

  it('fails fast, listing every problem', () => {
    const problems = () =>
      parseEdgeEnv({
        NODE_ENV: 'development',
        RTC_MIN_PORT: '50000',
        RTC_MAX_PORT: '40000',
        RTC_LISTEN_IP: 'nowhere',
        TURN_URLS: 'turn:turn.example:3478',
        MEDIA_WORKERS: '0',
      })
    expect(problems).toThrow(/RTC_LISTEN_IP: must be an IPv4 or IPv6 address/)
    expect(problems).toThrow(/MEDIA_WORKERS/)
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', RTC_MIN_PORT: '50000', RTC_MAX_PORT: '40000' })).toThrow(
      /RTC_MIN_PORT, RTC_MAX_PORT/,
    )
    // The media ports must leave ffmpeg's loopback range (loopback-ports.ts) alone.
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', RTC_MIN_PORT: '19000', RTC_MAX_PORT: '21000' })).toThrow(
      /RTC_MIN_PORT, RTC_MAX_PORT: must not overlap 10000-19999/,
    )
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', TURN_URLS: 'turn:turn.example:3478' })).toThrow(
      /TURN_URLS, TURN_SECRET: set both or neither/,
    )
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', LIVE_VIEWERS_TOKEN: 'a-token' })).toThrow(
      /LIVE_VIEWERS_CLIENT_ID, LIVE_VIEWERS_TOKEN: set both or neither/,
    )
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', LIVE_VIEWERS_API_URL: 'not a url' })).toThrow(
      /LIVE_VIEWERS_API_URL/,
    )
    expect(() =>
      parseEdgeEnv({ NODE_ENV: 'development', TURN_URLS: 'http://x', TURN_SECRET: 'a-secret-of-some-length' }),
    ).toThrow(/must start with turn:/)
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/)
  })

  it('reads the live viewer count from Twitch only when both of its credentials are set', () => {
    const unset = parseEdgeEnv({ NODE_ENV: 'development' })
    expect(unset.LIVE_VIEWERS_API_URL).toBe('https://api.twitch.tv')
    expect([unset.LIVE_VIEWERS_CLIENT_ID, unset.LIVE_VIEWERS_TOKEN]).toEqual([undefined, undefined])
    expect(
      parseEdgeEnv({ NODE_ENV: 'development', LIVE_VIEWERS_CLIENT_ID: 'id', LIVE_VIEWERS_TOKEN: 'token' }),
    ).toMatchObject({ LIVE_VIEWERS_CLIENT_ID: 'id', LIVE_VIEWERS_TOKEN: 'token' })
  })

  it('renews the registry entry every second and lets it expire after three, unless told otherwise', () => {
    expect(parseEdgeEnv({ NODE_ENV: 'development' })).toMatchObject({ EDGE_HEARTBEAT_MS: 1000, EDGE_EXPIRY_MS: 3000 })
    expect(parseEdgeEnv({ NODE_ENV: 'development', EDGE_HEARTBEAT_MS: '2000', EDGE_EXPIRY_MS: '6000' })).toMatchObject({
      EDGE_HEARTBEAT_MS: 2000,
      EDGE_EXPIRY_MS: 6000,
    })
    // One late heartbeat must not expire a live edge.
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', EDGE_HEARTBEAT_MS: '2000' })).toThrow(
      /EDGE_EXPIRY_MS, EDGE_HEARTBEAT_MS: the expiry must be at least twice the heartbeat/,
    )
    expect(() => parseEdgeEnv({ NODE_ENV: 'development', EDGE_HEARTBEAT_MS: '10' })).toThrow(/EDGE_HEARTBEAT_MS/)
  })

  it("reads the media store from the web app's S3_* variables, by the same rules", () => {
    const S3 = {
      NODE_ENV: 'development',
      S3_BUCKET: 'hearth-media',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod',
    }
    expect(parseEdgeEnv({ NODE_ENV: 'development' }).storage).toEqual({ kind: 'disk', directory: 'data/media' })
    expect(parseEdgeEnv(S3).storage).toEqual(parseWebEnv(S3).storage)
    expect(parseEdgeEnv(S3).storage).toMatchObject({ kind: 's3', forcePathStyle: true, prefix: 'prod' })
    const problems = () => parseEdgeEnv({ NODE_ENV: 'development', S3_ACCESS_KEY_ID: 'id', S3_ENDPOINT: 'nope' })
    expect(problems).toThrow(/S3_BUCKET: is required with S3_ENDPOINT, S3_ACCESS_KEY_ID/)
    expect(problems).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/)
    expect(problems).toThrow(/S3_ENDPOINT: /)
  })

  it('reads TURN servers as a list', () => {
    const env = parseEdgeEnv({
      NODE_ENV: 'development',
      TURN_URLS: 'turn:a.example:3478?transport=udp, turns:a.example:443',
      TURN_SECRET: 'a-secret-of-some-length',
    })
    expect(env.turnUrls).toEqual(['turn:a.example:3478?transport=udp', 'turns:a.example:443'])
  })
})

describe('TURN credentials (coturn shared secret)', () => {
  it('are "<expiry>:<user>" signed with HMAC-SHA1 in base64', () => {
    const now = Date.UTC(2030, 0, 1)
    const { username, credential } = turnCredentials('s3cret', 'user-1', now, 3600)
    expect(username).toBe(`${now / 1000 + 3600}:user-1`)
    expect(credential).toBe(createHmac('sha1', 's3cret').update(username).digest('base64'))
  })

  it('are handed out only when TURN is configured', () => {
    expect(iceServersFor('u', { urls: [] })).toEqual([])
    const [server] = iceServersFor('u', { urls: ['turn:t.example:3478'], secret: 's3cret' })
    expect(server).toMatchObject({ urls: ['turn:t.example:3478'], username: expect.stringMatching(/^\d+:u$/) })
  })
})

describe('ICE restarts', () => {
  it('wait for their turn (one per 1000 ms) and stop after 10', async () => {
    let clock = 0
    const waits: number[] = []
    const limiter = new IceRestartLimiter(
      1000,
      10,
      () => clock,
      async (ms) => {
        waits.push(ms)
        clock += ms
      },
    )
    const times: number[] = []
    const restarts = Array.from({ length: 10 }, () => limiter.run(async () => times.push(clock)))
    await Promise.all(restarts)
    expect(times).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000])
    await expect(limiter.run(async () => 'eleventh')).rejects.toBeInstanceOf(IceRestartLimitError)
  })

  it('do not wait when the last one is long past', async () => {
    let clock = 0
    const limiter = new IceRestartLimiter(
      1000,
      10,
      () => clock,
      async () => {
        throw new Error('should not wait')
      },
    )
    await limiter.run(async () => undefined)
    clock = 5000
    await limiter.run(async () => undefined)
    expect(limiter.restarts).toBe(2)
  })
})

describe('kicked peers in memory', () => {
  it('refuse the user for the meeting they were kicked from, whatever pass they bring, for the rest of it', async () => {
    let clock = 0
    const kicked = memoryKickedPeers(() => clock)
    await kicked.add('meeting-1', 'user-1')
    clock = 3 * 3600 * 1000
    expect(await kicked.has('meeting-1', 'user-1')).toBe(true)
    expect(await kicked.has('meeting-1', 'user-2')).toBe(false)
    expect(await kicked.has('meeting-2', 'user-1')).toBe(false)
  })

  it("refuse a guest by the browser's guest id, like a member", async () => {
    const kicked = memoryKickedPeers()
    await kicked.add('meeting-1', 'guest:browser-1')
    expect(await kicked.has('meeting-1', 'guest:browser-1')).toBe(true)
    expect(await kicked.has('meeting-1', 'guest:browser-2')).toBe(false)
  })
})

describe('rate buckets', () => {
  it('let a burst through, refuse what follows, and refill at the rate', () => {
    let clock = 0
    const buckets = new RateBuckets({ 'chat:send': { burst: 3, perSecond: 2 } }, () => clock)
    expect([1, 2, 3, 4].map(() => buckets.take('chat:send'))).toEqual([true, true, true, false])
    clock = 400
    expect(buckets.take('chat:send')).toBe(false)
    clock = 600
    expect(buckets.take('chat:send')).toBe(true)
    expect(buckets.take('chat:send')).toBe(false)
    // Never more than the burst, however long the quiet.
    clock = 60_000
    expect([1, 2, 3, 4].map(() => buckets.take('chat:send'))).toEqual([true, true, true, false])
  })

  it('keep one bucket per event, and leave unlisted events alone', () => {
    const buckets = new RateBuckets(
      { 'chat:send': { burst: 1, perSecond: 1 }, updateMyPeer: { burst: 1, perSecond: 1 } },
      () => 0,
    )
    expect(buckets.take('chat:send')).toBe(true)
    expect(buckets.take('chat:send')).toBe(false)
    expect(buckets.take('updateMyPeer')).toBe(true)
    expect(Array.from({ length: 100 }, () => buckets.take('sfuEnter')).every(Boolean)).toBe(true)
  })

  it('default to rates a normal client stays under: a join, its transports and a few lines of chat', () => {
    const buckets = new RateBuckets(EVENT_RATES, () => 0)
    const join = [
      'meetingRoom:join',
      'prepare',
      'createWebRtcTransport',
      'createWebRtcTransport',
      'connectWebRtcTransport',
      'connectWebRtcTransport',
      'enter',
      'produce',
      'produce',
      'produce',
    ]
    expect(join.every((event) => buckets.take(event))).toBe(true)
    expect(Array.from({ length: 5 }, () => buckets.take('chat:send')).every(Boolean)).toBe(true)
  })
})

describe('connected peers', () => {
  it('exclude live, recorder and component peers', () => {
    const claims = {
      userId: 'u',
      name: 'U',
      avatar: null,
      roomId: 'r',
      brandId: 'b',
      isHost: false,
      isCoHost: false,
      permissions: [],
      locked: false,
      waitingRoom: false,
      controls: ALL_CONTROLS,
    }
    class Component extends EdgePeer {
      override readonly component = true
    }
    const person = new EdgePeer('p1', 's1', 'user page', claims)
    const bots = [
      new EdgePeer('p2', '', '', claims, 'recorder'),
      new EdgePeer('p3', '', '', claims, 'live'),
      new Component('p4', 's4', 't4', claims),
    ]
    expect(connectedPeers([person, ...bots])).toEqual([person])
    expect(bots.map((bot) => bot.toPeer())).toMatchObject([{ isRecorder: true }, { isLive: true }, { component: true }])
  })
})
