// Meetings across several media edges. The spec runs a cluster of its own next to the suite's
// server: one seeded SQLite file, one Redis database, two media edges and two web servers, all
// sharing both (ports from E2E_PORT + 50). People who open the room on different web servers meet
// on one edge; when that edge is stopped mid-meeting (SIGTERM: it drains) or crashes (SIGKILL), their
// pages reload, re-enter by themselves on a live edge and decode each other's video again. The
// failover test prints how long that took (`FAILOVER sigterm=…ms sigkill=…ms`). The cluster's ports
// are fixed, so repeat a test with one worker: `--workers=1 --repeat-each=20 -g failover`.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emitter } from '@socket.io/redis-emitter'
import { Redis } from 'ioredis'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { Room } from '#models/index'
import { channels } from '../../media-edge/contract/protocol'
import { Cluster, type ServiceSpec } from './cluster'
import { DEMO, MEDIA_LAUNCH_OPTIONS, collectErrors, signInWithSession, t, bindModels } from './support'

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
const WEB_PORTS = [E2E_PORT + 50, E2E_PORT + 51] as const
const EDGE_PORTS = [E2E_PORT + 52, E2E_PORT + 53] as const
const webUrl = (index: number) => `http://localhost:${WEB_PORTS[index]}`
const edgeUrl = (index: number) => `http://localhost:${EDGE_PORTS[index]}`
// 200 media ports per edge, below the default range (40000-49999, the suite's own edge) and below
// Linux's ephemeral ports (32768 and up), moving with E2E_PORT.
const RTC_BASE = 20_000 + (E2E_PORT % 50) * 400
// A Redis database of this run's own: the edge registry, the room assignments and the sign-in rate
// limits cannot meet another run's. (Pub/sub spans databases, but the edges only publish to their
// meetings' channels, named by this database's room ids.)
const REDIS_DB = Number(process.env.E2E_REDIS_DB ?? 1 + (E2E_PORT % 15))
const REDIS_URL = `redis://127.0.0.1:6379/${REDIS_DB}`

const HUB = `/${DEMO.slug}/hub`
const ANNOUNCEMENTS = `/${DEMO.slug}/announcements`
const [OWNER, ADMIN, MIA, NOAH] = DEMO.accounts

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

// The cluster's database and logs; Cluster.close() removes the directory.
const directory = join(tmpdir(), `hearth-e2e-edges-${process.pid}`)
const database = join(directory, 'hearth.sqlite')
let cluster: Cluster | null = null
let redis: Redis | null = null

function commonEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: `sqlite:${database}`,
    REDIS_URL,
    LOG_LEVEL: 'warn',
  }
  // With Redis the web servers learn every edge from the registry: nothing names one by port.
  for (const name of ['PORT', 'EDGE_PORT', 'EDGE_PUBLIC_URL']) delete env[name]
  return env
}

function edgeSpec(index: number): ServiceSpec {
  const min = RTC_BASE + index * 200
  return {
    name: `edge-${index + 1}`,
    // tsx as a loader in the edge's own process, not the tsx command: the command relays SIGTERM to
    // its child and SIGKILLs it when the child does not confirm within 30 ms (a busy machine), which
    // would skip the very drain this spec is about.
    args: ['--import', 'tsx', 'media-edge/main.ts'],
    env: {
      ...commonEnv(),
      EDGE_PORT: String(EDGE_PORTS[index]),
      EDGE_PUBLIC_URL: edgeUrl(index),
      PUBLIC_URL: webUrl(0),
      MEDIA_WORKERS: '1',
      RTC_MIN_PORT: String(min),
      RTC_MAX_PORT: String(min + 199),
    },
    readyUrl: `http://127.0.0.1:${EDGE_PORTS[index]}/healthz`,
  }
}

function webSpec(index: number): ServiceSpec {
  return {
    name: `web-${index + 1}`,
    args: ['server.js'],
    env: {
      ...commonEnv(),
      PORT: String(WEB_PORTS[index]),
      PUBLIC_URL: webUrl(index),
      // People sign in by a session row (signInWithSession), whose cookie this secret signs.
      SESSION_SECRET: process.env.E2E_SESSION_SECRET,
      OAUTH_PROVIDERS: '',
      // Every page here comes from 127.0.0.1: a run repeating the failover test (--repeat-each)
      // takes more passes than one address may have in 10 minutes.
      EDGE_PASSES_PER_ADDRESS_PER_10_MIN: '10000',
    },
    readyUrl: `${webUrl(index)}/healthz`,
  }
}

/** Deletes this run's keys (never another database's): the registry, assignments, rate limits. */
async function clearRedis(client: Redis) {
  for (const pattern of ['hearth:*', 'rl:*']) {
    let cursor = '0'
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
      cursor = next
      if (keys.length) await client.del(...keys)
    } while (cursor !== '0')
  }
}

/** Edge keys left in this database: a killed run's expire within EDGE_EXPIRY_MS (3 s); a live run's do not. */
async function waitForNoEdges(client: Redis) {
  const deadline = Date.now() + 20_000
  while ((await client.keys('hearth:edge:*')).length > 0) {
    if (Date.now() > deadline) {
      throw new Error(
        `Redis database ${REDIS_DB} has live media edges of another run; pick another with E2E_REDIS_DB (1-15).`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The edge's /healthz: how many meetings it hosts right now. */
async function edgeHealth(index: number): Promise<{ status: string; meetings: number }> {
  const response = await fetch(`http://127.0.0.1:${EDGE_PORTS[index]}/healthz`)
  return (await response.json()) as { status: string; meetings: number }
}

// ---------------------------------------------------------------------------------------------
// People: one browser context each, signed in by a session row in the cluster's database (the
// cookie is localhost's, so it also works on the other web server).

type Person = {
  name: string
  context: BrowserContext
  page: Page
  errors: string[]
  /** host:port of every meeting socket the page opened, in order. */
  sockets: string[]
}

/** The pages' console warnings and errors, attached to a failed test. */
const consoleLog: string[] = []

async function person(
  browser: Browser,
  account: { name: string; emailAddress: string },
  web: number,
  room: string,
): Promise<Person> {
  const context = await browser.newContext({ baseURL: webUrl(web), viewport: { width: 1280, height: 720 } })
  // Every peer connection the page makes, kept where remoteView can read its stats (a reload starts afresh).
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection
    const kept: RTCPeerConnection[] = []
    Object.assign(window, { hearthPeerConnections: kept })
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args)
        kept.push(this)
      }
    }
  })
  const page = await context.newPage()
  const errors = collectErrors(page)
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type()))
      consoleLog.push(`${new Date().toISOString()} ${account.name} ${message.type()}: ${message.text()}`)
  })
  const sockets: string[] = []
  page.on('websocket', (socket) => {
    const url = new URL(socket.url())
    if (url.pathname.startsWith('/socket.io/')) sockets.push(url.host)
  })
  await signInWithSession(context, account.emailAddress, { baseURL: webUrl(web) })
  await page.goto(room)
  return { name: account.name, context, page, errors, sockets }
}

async function joinMeeting(page: Page) {
  await page.getByRole('button', { name: t('en', 'meeting:home.join'), exact: true }).click()
  // The fake camera opens in Chromium's own time: seconds when other media specs share the cores.
  await expect(page.getByLabel(t('en', 'meeting:mirror.preview'))).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: t('en', 'meeting:mirror.join') }).click()
  await expect(inMeeting(page)).toBeVisible({ timeout: 30_000 })
}

const inMeeting = (page: Page) => page.getByRole('toolbar', { name: t('en', 'meeting:controls.toolbar') })

/** The index of the edge every one of them is connected to now; fails if they are not on one. */
function sharedEdge(people: Person[]): number {
  const hosts = people.map((one) => one.sockets.at(-1))
  expect(
    new Set(hosts).size,
    `meeting sockets: ${people.map((one, i) => `${one.name} → ${hosts[i]}`).join(', ')}`,
  ).toBe(1)
  const index = EDGE_PORTS.findIndex((_, i) => new URL(edgeUrl(i)).host === hosts[0])
  expect(index, `${hosts[0]} is not one of this cluster's edges`).toBeGreaterThanOrEqual(0)
  return index
}

/** What reached one remote camera's track, from its inbound RTP stats: no RTP at all, RTP but no
 *  decoded frame (the key frame never came), or frames; with the key frame requests the page sent. */
type InboundVideo = {
  rtp: 'none' | 'no-frames' | 'frames'
  packetsReceived: number
  framesDecoded: number
  keyFramesDecoded: number
  pliCount: number
  firCount: number
}

/** What the page shows of the others: their tiles (by peer id), the frames of each remote camera and what its track received. */
function remoteView(
  page: Page,
): Promise<{ tiles: string[]; frames: Record<string, number>; inbound: Record<string, InboundVideo | 'no stats'> }> {
  return page.evaluate(async () => {
    const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-peer-id][data-source="webcam"]')]
    const byTrack = new Map<string, Record<string, number>>()
    const connections =
      (window as unknown as { hearthPeerConnections?: RTCPeerConnection[] }).hearthPeerConnections ?? []
    for (const connection of connections) {
      if (connection.connectionState === 'closed') continue
      const report = await connection.getStats().catch(() => null)
      report?.forEach((stat: Record<string, unknown>) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'video' && typeof stat.trackIdentifier === 'string')
          byTrack.set(stat.trackIdentifier, stat as Record<string, number>)
      })
    }
    const inbound = (video: HTMLVideoElement) => {
      const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0]
      const stat = track && byTrack.get(track.id)
      if (!stat) return 'no stats' as const
      const [packetsReceived, framesDecoded] = [stat.packetsReceived ?? 0, stat.framesDecoded ?? 0]
      return {
        rtp:
          packetsReceived === 0
            ? ('none' as const)
            : framesDecoded === 0
              ? ('no-frames' as const)
              : ('frames' as const),
        packetsReceived,
        framesDecoded,
        keyFramesDecoded: stat.keyFramesDecoded ?? 0,
        pliCount: stat.pliCount ?? 0,
        firCount: stat.firCount ?? 0,
      }
    }
    return {
      tiles: [...document.querySelectorAll<HTMLElement>('.meeting-tile[data-peer-id]')].map(
        (tile) => tile.dataset.peerId!,
      ),
      frames: Object.fromEntries(
        videos.map((video) => [video.dataset.peerId!, video.getVideoPlaybackQuality().totalVideoFrames]),
      ),
      inbound: Object.fromEntries(videos.map((video) => [video.dataset.peerId!, inbound(video)])),
    }
  })
}

/** The person's page decodes `count` remote cameras, and every one of them keeps decoding. */
async function expectVideoFlowing({ name, page }: Person, count: number, timeout: number) {
  // A failure names what the page showed last: which tile had no video, or a video with no frames,
  // and for each remote camera whether its track got no RTP, RTP but no key frame, or frames.
  let last: Awaited<ReturnType<typeof remoteView>> | null = null
  await expect
    .poll(
      async () => {
        last = await remoteView(page)
        return Object.values(last.frames).filter((frames) => frames > 0).length
      },
      { timeout, message: `${name} decodes ${count} remote cameras` },
    )
    .toBe(count)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nwhat ${name}'s page showed last: ${JSON.stringify(last)}`)
    })
  const before = (await remoteView(page)).frames
  await expect
    .poll(
      async () => {
        last = await remoteView(page)
        const now = last.frames
        return Object.entries(before).every(([peerId, frames]) => (now[peerId] ?? 0) > frames)
      },
      { timeout: 15_000, message: `every remote camera ${name} decodes keeps decoding` },
    )
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nwhat ${name}'s page showed last: ${JSON.stringify(last)}`)
    })
}

/**
 * Milliseconds from `since` until this person's page, reloaded since it was marked
 * (hearthBeforeRestart), decodes `count` remote cameras: when they see the others again.
 */
async function backWithCameras(
  { name, page }: Person,
  count: number,
  since: number,
  timeoutMs: number,
): Promise<number> {
  for (;;) {
    const seen = await page
      .evaluate((count) => {
        if ('hearthBeforeRestart' in window) return false
        const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-peer-id][data-source="webcam"]')]
        return videos.filter((video) => video.getVideoPlaybackQuality().totalVideoFrames > 0).length >= count
      }, count)
      // The page is navigating (its reload): not back yet.
      .catch(() => false)
    if (seen) return Date.now() - since
    if (Date.now() - since > timeoutMs) {
      const last = await remoteView(page).catch(() => null)
      throw new Error(
        `${name} did not decode ${count} remote cameras again within ${timeoutMs} ms; the page showed last: ${JSON.stringify(last)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test.describe('meetings across media edges', () => {
  // One cluster on fixed ports: these tests run one after the other in one worker.
  test.describe.configure({ mode: 'default', timeout: 180_000 })

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000)
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 })
    await waitForNoEdges(redis)
    await clearRedis(redis)
    cluster = new Cluster(directory)
    cluster.runToEnd(['node_modules/.bin/tsx', 'scripts/seed.ts'], { ...commonEnv(), LOG_LEVEL: 'error' })
    // This worker's models on the cluster's database (the session rows, the hub) until afterAll.
    bindModels(database)
    // Edges first (the web servers then find them registered), two of each at once.
    await Promise.all([cluster.start(edgeSpec(0)), cluster.start(edgeSpec(1))])
    await Promise.all([cluster.start(webSpec(0)), cluster.start(webSpec(1))])
  })

  test.afterEach(async ({}, testInfo) => {
    const pages = consoleLog.splice(0)
    if (!cluster || testInfo.status === testInfo.expectedStatus) return
    await testInfo.attach('pages-console.txt', { body: pages.join('\n') })
    for (const name of cluster.names)
      await testInfo.attach(`${name}.log`, { path: cluster.logPath(name) }).catch(() => undefined)
  })

  test.afterAll(async () => {
    bindModels()
    await cluster?.close()
    cluster = null
    if (redis) {
      await clearRedis(redis).catch(() => undefined)
      await redis.quit()
      redis = null
    }
  })

  test('with Redis and two edges, people on two different web servers meet on one edge', async ({ browser }) => {
    const owner = await person(browser, OWNER, 0, HUB)
    const mia = await person(browser, MIA, 1, HUB)
    const people = [owner, mia]
    try {
      // Two live edges to choose from, and two web servers, each asked which edge hosts the room.
      expect(await redis!.keys('hearth:edge:*')).toHaveLength(2)
      expect(new URL(owner.page.url()).port).toBe(String(WEB_PORTS[0]))
      expect(new URL(mia.page.url()).port).toBe(String(WEB_PORTS[1]))
      for (const { page } of people) await joinMeeting(page)

      // Both pages hold a socket to the same edge, which hosts the meeting; the other hosts none.
      const hosting = sharedEdge(people)
      expect((await edgeHealth(hosting)).meetings).toBe(1)
      expect((await edgeHealth(1 - hosting)).meetings).toBe(0)

      // Each decodes the other's camera, and keeps decoding.
      for (const one of people) await expectVideoFlowing(one, 1, 30_000)
      for (const { errors } of people) expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      for (const { context } of people) await context.close()
    }
  })

  test("failover: the meeting's edge stopped (SIGTERM), then crashing (SIGKILL): everyone moves to a live edge and decodes the others again", async ({
    browser,
  }, testInfo) => {
    const people = [
      await person(browser, ADMIN, 0, ANNOUNCEMENTS),
      await person(browser, NOAH, 1, ANNOUNCEMENTS),
      await person(browser, OWNER, 0, ANNOUNCEMENTS),
    ]
    try {
      for (const { page } of people) await joinMeeting(page)
      let hosting = sharedEdge(people)
      for (const one of people) await expectVideoFlowing(one, 2, 30_000)

      // The meeting's edge goes twice, so the second time it is the edge restarted after the first:
      // stopped (SIGTERM: it drains, hands its rooms back and tells its clients to move), then
      // crashing (SIGKILL to it and its workers: nothing is handed back, its sockets just close).
      // While it is down, the other edge is the only place to go.
      const figures: Record<'sigterm' | 'sigkill', number> = { sigterm: 0, sigkill: 0 }
      for (const how of ['sigterm', 'sigkill'] as const) {
        // A mark that only the page as it is now carries: a reload drops it.
        for (const { page } of people) await page.evaluate(() => Object.assign(window, { hearthBeforeRestart: true }))
        const socketsBefore = people.map(({ sockets }) => sockets.length)
        const gone = edgeSpec(hosting).name

        const stoppedAt = Date.now()
        if (how === 'sigterm') expect(await cluster!.stop(gone), 'the drained edge exits cleanly').toBe(0)
        else await cluster!.kill(gone)

        // The failover time: from the signal until every one of them, on a reloaded page, decodes
        // both others' cameras again.
        const back = await Promise.all(people.map((one) => backWithCameras(one, 2, stoppedAt, 60_000)))
        figures[how] = Math.max(...back)
        const timing = `${how}: edge ${hosting + 1} gone; back with both cameras: ${people.map((one, i) => `${one.name} ${back[i]} ms`).join(', ')}`
        console.log(timing)
        testInfo.annotations.push({ type: 'timing', description: timing })

        // In the meeting on the live edge, through new sockets, and every camera keeps flowing.
        for (const { page } of people) await expect(inMeeting(page)).toBeVisible()
        people.forEach(({ sockets }, i) => expect(sockets.length).toBeGreaterThan(socketsBefore[i]!))
        const moved = sharedEdge(people)
        expect(moved).toBe(1 - hosting)
        expect((await edgeHealth(moved)).meetings).toBe(1)
        for (const one of people) await expectVideoFlowing(one, 2, 30_000)

        // The edge gone is no longer in the registry (a crashed one's key is dropped or expires),
        // and it starts again, as a deploy or a supervisor would restart it.
        await expect
          .poll(async () => (await redis!.keys('hearth:edge:*')).length, {
            timeout: 20_000,
            message: 'the gone edge left the registry',
          })
          .toBe(1)
        await cluster!.start(edgeSpec(hosting))
        hosting = moved
      }
      // A line to grep from the run's output (figures are printed, not asserted).
      console.log(`FAILOVER sigterm=${figures.sigterm}ms sigkill=${figures.sigkill}ms`)
      testInfo.annotations.push({
        type: 'failover',
        description: `sigterm=${figures.sigterm}ms sigkill=${figures.sigkill}ms`,
      })
    } finally {
      for (const { context } of people) await context.close()
    }
  })

  test("a room's new link moves the page of someone at its device check to the new address, where they join", async ({
    browser,
  }) => {
    const noah = await person(browser, NOAH, 0, HUB)
    const hub = await Room.findOne({ where: { slug: 'hub' }, rejectOnEmpty: true })
    const moved = `/${DEMO.slug}/hub-moved`
    try {
      await noah.page.getByRole('button', { name: t('en', 'meeting:home.join'), exact: true }).click()
      await expect(noah.page.getByLabel(t('en', 'meeting:mirror.preview'))).toBeVisible({ timeout: 30_000 })
      await hub.update({ slug: 'hub-moved' })
      // What publishRoomMoved (app/lib/rooms/edge-publisher.server.ts) sends the room's pages, through this run's
      // Redis; again until it arrives, since the page joins the room's channel a moment after its camera shows.
      const emitter = new Emitter(redis!)
      await expect
        .poll(
          () => {
            emitter.to(channels.room(hub.id)).emit('room.updated', { roomId: hub.id, url: moved })
            return new URL(noah.page.url()).pathname
          },
          { timeout: 15_000 },
        )
        .toBe(moved)
      // The room at its new address; joining from there works.
      await joinMeeting(noah.page)
      expect(noah.errors).toEqual([])
    } finally {
      await hub.update({ slug: 'hub' })
      await noah.context.close()
    }
  })

  test('a room change the web app publishes reaches the open meeting, which reads the room again', async ({
    browser,
  }) => {
    const mia = await person(browser, MIA, 1, HUB)
    const hub = await Room.findOne({ where: { slug: 'hub' }, rejectOnEmpty: true })
    const { name } = hub
    try {
      await joinMeeting(mia.page)
      await mia.page.evaluate(() => Object.assign(window, { hearthBeforeUpdate: true }))
      const renamed = `${name} (renamed)`
      await hub.update({ name: renamed })
      // What publishRoomUpdated (app/lib/rooms/edge-publisher.server.ts) sends, through this run's Redis.
      new Emitter(redis!).to(channels.room(hub.id)).emit('room.updated', { roomId: hub.id })
      await expect(mia.page.getByRole('heading', { level: 1, name: renamed })).toBeAttached({ timeout: 15_000 })
      // Read again in place: still in the meeting, on the same page.
      await expect(inMeeting(mia.page)).toBeVisible()
      expect(await mia.page.evaluate(() => 'hearthBeforeUpdate' in window)).toBe(true)
    } finally {
      await hub.update({ name })
      await mia.context.close()
    }
  })
})
