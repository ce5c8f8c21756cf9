// Caps on live streams (docs/security.md): one anonymous client held 4,000 server-sent-event streams open on a
// public hub's feed. The feed, messages and notifications streams are now counted per client address,
// per signed-in person and per process (app/lib/http/stream-caps.server.ts), answered 429 with a
// Retry-After past a cap, and each ends after STREAM_TIMES.maxLifeMs; its slot is given back when it
// ends, however it ends (the browser leaving, its end of life, the server shutting down).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { publicAccessDefaults } from '#models/brand-config'
import { env } from '#app/lib/platform/env.server'

const feedLive = await import('#app/routes/$brand.feed.live')
const messagesLive = await import('#app/routes/$brand.messages.live')
const notificationsLive = await import('#app/routes/$brand.notifications.live')
const { endLiveStreams } = await import('#app/lib/http/event-stream.server')
const { STREAM_TIMES } = await import('#app/lib/http/stream-caps.server')
const { grantRole, makeCommunity, makeUser } = await import('#tests/support/factories')
const { routeArgs } = await import('#tests/support/route-args')
const { signedInCookie } = await import('#tests/support/session')
type Brand = import('#models/index').Brand
type User = import('#models/index').User

let brand: Brand
let member: User

beforeAll(async () => {
  // A hub the admins made public: its feed is open to anyone, signed in or not.
  ;({ brand } = await makeCommunity({ brand: { publicAccess: { ...publicAccessDefaults(), hub: true } } }))
  member = await makeUser()
  await grantRole(member, brand)
})

/** Every stream a test opened, closed after it as a browser closing the tab would: no test inherits another's slots. */
const opened: AbortController[] = []
const defaults = {
  address: env.LIVE_STREAMS_PER_ADDRESS,
  user: env.LIVE_STREAMS_PER_USER,
  process: env.LIVE_STREAMS_PER_PROCESS,
}
afterEach(() => {
  for (const controller of opened.splice(0)) controller.abort()
  env.LIVE_STREAMS_PER_ADDRESS = defaults.address
  env.LIVE_STREAMS_PER_USER = defaults.user
  env.LIVE_STREAMS_PER_PROCESS = defaults.process
  vi.useRealTimers()
})

type Kind = 'feed' | 'messages' | 'notifications'
const loaders = { feed: feedLive.loader, messages: messagesLive.loader, notifications: notificationsLive.loader }

/** Opens one live stream of `kind` as a client at `address` (signed in as `user`, if given); `stop` is the browser leaving. */
async function open(kind: Kind, address: string, user: User | null = null, community: Brand = brand) {
  const controller = new AbortController()
  opened.push(controller)
  const headers: Record<string, string> = user ? { Cookie: await signedInCookie(user.id) } : {}
  const path =
    kind === 'feed'
      ? `/${community.slug}/feed/live?room=${community.topLevelRoomId}`
      : `/${community.slug}/${kind}/live`
  const args = routeArgs(path, { brand: community.slug }, { headers, signal: controller.signal })
  args.context.clientAddress = address
  const response = await loaders[kind](args)
  return { response, stop: () => controller.abort() }
}

/** Opens `count` streams that must all be accepted. */
async function fill(count: number, next: (index: number) => Promise<{ response: Response }>) {
  for (let index = 0; index < count; index++) expect((await next(index)).response.status).toBe(200)
}

/** Reads a stream as the browser would: what it has said so far, and whether it ends (the server closes it) within `ms` of real time. */
function watch(response: Response) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return true
      text += decoder.decode(value, { stream: true })
    }
  })()
  return {
    text: () => text,
    endsWithin: (ms = 2_000) =>
      Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]),
  }
}

describe('caps on live streams', () => {
  it('answers a client address past its cap 429 with a Retry-After and a short text in the community’s language; another address still gets one', async () => {
    await fill(env.LIVE_STREAMS_PER_ADDRESS, () => open('feed', '198.51.100.7'))
    const { response } = await open('feed', '198.51.100.7')
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(STREAM_TIMES.refusalRetrySeconds))
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe(
      `Too many live updates are open from here. Close some tabs, or try again in ${STREAM_TIMES.refusalRetrySeconds} seconds.`,
    )
    // Signed in or not, the address's cap holds: a member's stream from there is refused too.
    expect((await open('notifications', '198.51.100.7', member)).response.status).toBe(429)
    expect((await open('feed', '198.51.100.8')).response.status).toBe(200)

    const { brand: spanish } = await makeCommunity({
      brand: { communityLanguage: 'es', publicAccess: { ...publicAccessDefaults(), hub: true } },
    })
    expect(await (await open('feed', '198.51.100.7', null, spanish)).response.text()).toMatch(
      /^Hay demasiadas actualizaciones en directo/,
    )
  })

  it('counts an IPv6 client by its /64, and an IPv4 address written as IPv6 as itself', async () => {
    env.LIVE_STREAMS_PER_ADDRESS = 2
    await fill(2, (index) => open('feed', ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe'][index]!))
    expect((await open('feed', '2001:0db8:0001:0002::abcd')).response.status).toBe(429)
    expect((await open('feed', '2001:db8:1:3::1')).response.status).toBe(200)
    await fill(2, () => open('feed', '203.0.113.9'))
    expect((await open('feed', '::ffff:203.0.113.9')).response.status).toBe(429)
  })

  it('caps a signed-in person’s streams, whatever addresses and routes they come from', async () => {
    const kinds: Kind[] = ['notifications', 'messages', 'feed']
    await fill(env.LIVE_STREAMS_PER_USER, (index) => open(kinds[index % 3]!, `192.0.2.${index + 1}`, member))
    const { response } = await open('messages', '192.0.2.200', member)
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(String(STREAM_TIMES.refusalRetrySeconds))
    // Someone else, and a guest, from that same address are not held to the member's cap.
    const other = await makeUser()
    await grantRole(other, brand)
    expect((await open('messages', '192.0.2.200', other)).response.status).toBe(200)
    expect((await open('feed', '192.0.2.200')).response.status).toBe(200)
  })

  it('caps the streams of the whole process, across addresses and people', async () => {
    env.LIVE_STREAMS_PER_PROCESS = 6
    await fill(5, (index) => open('feed', `10.1.0.${index + 1}`))
    expect((await open('notifications', '10.1.0.99', member)).response.status).toBe(200)
    expect((await open('feed', '10.1.0.100')).response.status).toBe(429)
    expect((await open('messages', '10.1.0.101', member)).response.status).toBe(429)
  })

  it('gives a slot back when the browser leaves (an aborted request, or a reader that cancels the body)', async () => {
    const streams: { response: Response; stop: () => void }[] = []
    await fill(env.LIVE_STREAMS_PER_ADDRESS, async () => {
      const stream = await open('feed', '198.51.100.20')
      streams.push(stream)
      return stream
    })
    expect((await open('feed', '198.51.100.20')).response.status).toBe(429)
    streams[0]!.stop()
    expect((await open('feed', '198.51.100.20')).response.status).toBe(200)
    expect((await open('feed', '198.51.100.20')).response.status).toBe(429)
    await streams[1]!.response.body!.cancel()
    expect((await open('feed', '198.51.100.20')).response.status).toBe(200)
  })

  it('ends a stream after its maximum life, with a retry hint for the browser to reopen it, and gives its slot back', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    })
    env.LIVE_STREAMS_PER_USER = 1
    const { response } = await open('notifications', '198.51.100.30', member)
    const stream = watch(response)
    await vi.waitFor(() => expect(stream.text()).toContain(`retry: ${STREAM_TIMES.reconnectMs}\n`))
    expect((await open('notifications', '198.51.100.31', member)).response.status).toBe(429)
    // Being quiet or not makes no difference before its time (keep-alives go out meanwhile).
    vi.advanceTimersByTime(STREAM_TIMES.maxLifeMs * 0.9 - 1_000)
    expect(await stream.endsWithin(200)).toBe(false)
    vi.advanceTimersByTime(STREAM_TIMES.maxLifeMs * 0.1 + 1_000)
    expect(await stream.endsWithin()).toBe(true)
    expect((await open('notifications', '198.51.100.31', member)).response.status).toBe(200)
  })

  it('ends every open stream when the server shuts down, and gives their slots back', async () => {
    env.LIVE_STREAMS_PER_ADDRESS = 2
    const first = await open('feed', '198.51.100.40')
    const second = await open('notifications', '198.51.100.40', member)
    expect((await open('feed', '198.51.100.40')).response.status).toBe(429)
    endLiveStreams()
    expect(await watch(first.response).endsWithin()).toBe(true)
    expect(await watch(second.response).endsWithin()).toBe(true)
    expect((await open('feed', '198.51.100.40')).response.status).toBe(200)
  })
})
