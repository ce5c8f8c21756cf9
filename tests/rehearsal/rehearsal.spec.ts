// The production rehearsal: the whole set that install.ts installed, started the way the server runs it (two web
// processes and two media edges from their systemd units, nginx with TLS from the local CA, coturn, Prometheus; the
// machine's MariaDB and Redis; the bucket on s3rver), then used from the outside the way people use it. Each test
// prints its figures on a line starting with REHEARSAL.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { Sequelize } from 'sequelize'
import { User, openDatabase } from '#models/index'
import { DEMO_ACCOUNTS, DEMO_BRAND_SLUG, seedDemo } from '#models/seed'
import { PATHS, WEB_METRICS_FIRST_PORT } from '../../deploy/render.mjs'
import { Cluster } from '../e2e/cluster'
import { relayOnly, remoteFrames, selectedCandidateTypes } from '../e2e/relay'
import { SESSION_COOKIE, sessionRowCookie } from '../e2e/session-row'
import { t } from '../e2e/text'
import { solidImage } from '../support/images'
import { startLoad } from './load'
import {
  DOMAIN,
  EDGES,
  PROMETHEUS,
  PUBLIC_IP,
  WEB_PORTS,
  debianService,
  installedEnv,
  listening,
  unitService,
} from './machine'

const ORIGIN = `https://${DOMAIN}`
const ROOM = `/${DEMO_BRAND_SLUG}/announcements`
const [OWNER, ADMIN, MIA, NOAH] = DEMO_ACCOUNTS
const env = installedEnv()
const directory = mkdtempSync(join(tmpdir(), 'hearth-rehearsal-'))
let cluster: Cluster
let sequelize: Sequelize

const webService = (port: number) =>
  unitService('hearth-web', String(port), { readyUrl: `http://127.0.0.1:${port}/readyz` })
const edgeService = (edge: (typeof EDGES)[number]) =>
  unitService('hearth-edge', String(edge.index), { readyUrl: `http://127.0.0.1:${edge.port}/healthz` })

/** The account, and a Cookie header pair signing a browser in as it (a session row, as signing in would leave it). */
async function sessionCookie(emailAddress: string) {
  const user = await User.findOne({ where: { emailAddress }, rejectOnEmpty: true })
  return { user, pair: `${SESSION_COOKIE}=${await sessionRowCookie(user.id, env.SESSION_SECRET!)}` }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  sequelize = openDatabase(env.DATABASE_URL!)
  await seedDemo()
  cluster = new Cluster(directory)
  const started = performance.now()
  const turn = debianService('coturn', 'turnserver', ['/usr/bin/turnserver', '-c', PATHS.turnConfig, '--pidfile='], {
    ready: listening(3478),
  })
  await cluster.start(turn)
  await Promise.all(EDGES.map((edge) => cluster.start(edgeService(edge), 120_000)))
  await Promise.all(WEB_PORTS.map((port) => cluster.start(webService(port), 120_000)))
  // nginx's master as root (it binds 80 and 443), its workers as www-data (/etc/nginx/nginx.conf).
  const nginx = debianService('nginx', null, ['/usr/sbin/nginx', '-g', 'daemon off; master_process on;'], {
    ready: listening(443),
  })
  await cluster.start(nginx)
  const storage = join(directory, 'prometheus')
  const prometheus = debianService(
    'prometheus',
    'prometheus',
    [
      '/usr/bin/prometheus',
      `--config.file=${PATHS.current}/deploy/prometheus/hearth.yml`,
      `--storage.tsdb.path=${storage}`,
      `--web.listen-address=${new URL(PROMETHEUS).host}`,
    ],
    { readyUrl: `${PROMETHEUS}/-/ready` },
  )
  // Its data under the run's directory, which the prometheus user may enter.
  chmodSync(directory, 0o755)
  mkdirSync(storage)
  chownSync(storage, prometheus.uid!, prometheus.gid!)
  await cluster.start(prometheus)
  console.log(
    `REHEARSAL started coturn, 2 edges, 2 web processes, nginx, Prometheus in ${Math.round(performance.now() - started)} ms`,
  )
})

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return
  for (const name of cluster.names)
    await testInfo.attach(`${name}.log`, { path: cluster.logPath(name) }).catch(() => undefined)
})

test.afterAll(async () => {
  await cluster?.close()
  await sequelize?.close()
})

// ── The meeting ─────────────────────────────────────────────────────────────────────────────────────────────────

type Person = { name: string; context: BrowserContext; page: Page; errors: string[]; edgeHosts: string[] }
let people: Person[] = []

/** Someone on a network that lets only relayed media through, signed in, on the room's page. */
async function relayedPerson(browser: Browser, account: (typeof DEMO_ACCOUNTS)[number]): Promise<Person> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 720 } })
  await context.addInitScript(relayOnly)
  const { user } = await sessionCookie(account.emailAddress)
  const value = await sessionRowCookie(user.id, env.SESSION_SECRET!)
  await context.addCookies([
    { name: SESSION_COOKIE, value, url: ORIGIN, httpOnly: true, secure: true, sameSite: 'Lax' },
  ])
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const edgeHosts: string[] = []
  page.on('websocket', (socket) => {
    const url = new URL(socket.url())
    if (url.pathname.startsWith('/socket.io/')) edgeHosts.push(url.host)
  })
  await page.goto(ROOM)
  return { name: account.name, context, page, errors, edgeHosts }
}

const inMeeting = (page: Page) => page.getByRole('toolbar', { name: t('en', 'meeting:controls.toolbar') })

/** Milliseconds from `since` until the page, reloaded since it was marked, decodes two remote cameras. */
async function backWithCameras(page: Page, since: number) {
  for (;;) {
    const seen = await page
      .evaluate(() => {
        if ('hearthBeforeMove' in window) return false
        const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-peer-id][data-source="webcam"]')]
        return videos.filter((video) => video.getVideoPlaybackQuality().totalVideoFrames > 0).length >= 2
      })
      .catch(() => false)
    if (seen) return Date.now() - since
    if (Date.now() - since > 60_000) throw new Error('not back with both cameras within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Where the time went on a page, in milliseconds since `since`: its reload began, it loaded, and the first of each
 * join step (join-timeline.ts), in order.
 */
async function pageTimeline(page: Page, since: number): Promise<Record<string, number>> {
  const { origin, loaded, marks } = await page.evaluate(() => ({
    origin: performance.timeOrigin,
    loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd,
    marks: performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('join:'))
      .map((mark) => [mark.name.slice('join:'.length), mark.startTime] as const),
  }))
  const steps: Record<string, number> = {}
  for (const [name, time] of [['reload', 0], ['loaded', loaded ?? 0], ...marks] as const)
    steps[name] ??= Math.round(origin + time - since)
  return steps
}

/** Each sees the other two's cameras play, over send and receive transports whose paths both go through coturn. */
async function expectRelayedMeeting() {
  for (const { page, errors } of people) {
    await expect
      .poll(async () => (await remoteFrames(page)).filter((frames) => frames > 0).length, { timeout: 45_000 })
      .toBe(2)
    const before = await remoteFrames(page)
    await expect
      .poll(async () => (await remoteFrames(page)).every((frames, i) => frames > before[i]! + 10), { timeout: 20_000 })
      .toBe(true)
    await expect.poll(() => selectedCandidateTypes(page), { timeout: 20_000 }).toEqual(['relay', 'relay'])
    expect(errors).toEqual([])
  }
}

test('three people on networks that allow only relayed media meet over HTTPS, every path through coturn', async ({
  browser,
}) => {
  const started = Date.now()
  people = [
    await relayedPerson(browser, ADMIN!),
    await relayedPerson(browser, NOAH!),
    await relayedPerson(browser, OWNER!),
  ]
  for (const { page } of people) {
    await page.getByRole('button', { name: t('en', 'meeting:home.join'), exact: true }).click()
    await page.getByRole('button', { name: t('en', 'meeting:mirror.join') }).click()
    await expect(inMeeting(page)).toBeVisible({ timeout: 30_000 })
  }
  await expectRelayedMeeting()
  // One edge, reached through nginx by its own name.
  const hosts = new Set(people.map(({ edgeHosts }) => edgeHosts.at(-1)))
  expect(hosts.size).toBe(1)
  expect(EDGES.map((edge) => edge.host)).toContain([...hosts][0])
  console.log(
    `REHEARSAL relay meeting: 3 people on ${[...hosts][0]}, 6 transports all relayed, both cameras decoding ${Date.now() - started} ms after the first page opened`,
  )
})

test("an edge stopped by its unit's signal moves its meeting to the other edge within 5 s", async () => {
  const host = people[0]!.edgeHosts.at(-1)!
  const edge = EDGES.find((one) => one.host === host)!
  for (const { page } of people) await page.evaluate(() => Object.assign(window, { hearthBeforeMove: true }))

  const stoppedAt = Date.now()
  // KillMode=mixed: SIGTERM to the edge's own process, which drains; TimeoutStopSec=30s.
  const stopping = cluster.stop(`hearth-edge@${edge.index}`, 30_000)
  const back = await Promise.all(people.map(({ page }) => backWithCameras(page, stoppedAt)))
  expect(await stopping, 'the drained edge exits cleanly').toBe(0)
  // Moved: everyone in the meeting again, on the other edge (the edge answered their enter); then the cameras play.
  const timelines = await Promise.all(people.map(({ page }) => pageTimeline(page, stoppedAt)))
  const entered = timelines.map((steps) => steps.entered!)
  const slowest = Object.entries(timelines[back.indexOf(Math.max(...back))]!)
  console.log(
    `REHEARSAL drain: edge ${edge.index} stopped; everyone in the meeting on the other edge after ${Math.max(...entered)} ms (${entered.join(', ')}), decoding both cameras after ${Math.max(...back)} ms (${back.join(', ')}); the slowest page, ms after the signal: ${slowest.map(([step, ms]) => `${step} ${ms}`).join(', ')}`,
  )

  for (const { page, edgeHosts } of people) {
    await expect(inMeeting(page)).toBeVisible()
    expect(edgeHosts.at(-1)).not.toBe(host)
  }
  await expectRelayedMeeting()
  expect(Math.max(...entered)).toBeLessThanOrEqual(5_000)

  await cluster.start(edgeService(edge), 120_000)
  for (const { context } of people) await context.close()
})

// ── Files ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** A request straight to one web process, as nginx passes it on. */
function toWebProcess(port: number, path: string, init: RequestInit & { cookie: string }) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { host: DOMAIN, 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7', cookie: init.cookie },
  })
}

test('a picture uploaded through one web process is served by the other, from the bucket', async () => {
  const { user, pair } = await sessionCookie(NOAH!.emailAddress)
  const form = new FormData()
  form.set('intent', 'avatar')
  form.set('avatar', new Blob([new Uint8Array(await solidImage('png', 400, 400))], { type: 'image/png' }), 'noah.png')
  const saved = await toWebProcess(WEB_PORTS[0], '/me/settings', { method: 'POST', body: form, cookie: pair })
  expect(saved.status).toBe(302)

  await user.reload()
  const url = user.avatar!
  const [first, second] = await Promise.all(WEB_PORTS.map((port) => toWebProcess(port, url, { cookie: pair })))
  expect([first!.status, second!.status]).toEqual([200, 200])
  const bytes = Buffer.from(await second!.arrayBuffer())
  expect(bytes.equals(Buffer.from(await first!.arrayBuffer()))).toBe(true)

  // In the bucket, not on the disk of either process.
  const s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  })
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET }))
  // The store's key is the file's name without its extension.
  const name = url
    .split('/')
    .pop()!
    .replace(/\.\w+$/, '')
  expect(listed.Contents?.map((object) => object.Key)).toContainEqual(expect.stringContaining(name))
  expect(readdirSync(PATHS.uploads, { recursive: true }).map(String)).not.toContainEqual(expect.stringContaining(name))
  console.log(
    `REHEARSAL files: ${url} (${bytes.length} bytes) written by web ${WEB_PORTS[0]}, served alike by web ${WEB_PORTS[1]}, kept in bucket ${env.S3_BUCKET}`,
  )
})

// ── Web processes ───────────────────────────────────────────────────────────────────────────────────────────────

/** Live streams open on the web processes, as their metrics count them (hearth_live_streams_open). */
async function openLiveStreams() {
  const counts = await Promise.all(
    WEB_PORTS.map(async (_, i) => {
      const metrics = await (await fetch(`http://127.0.0.1:${WEB_METRICS_FIRST_PORT + i}/metrics`)).text()
      return Number(/^hearth_live_streams_open (\d+)$/m.exec(metrics)?.[1])
    }),
  )
  return counts.reduce((sum, count) => sum + count, 0)
}

/** MariaDB's count of connections that ended without a goodbye (the client vanished). */
async function abortedClients() {
  const [rows] = await sequelize.query("SHOW GLOBAL STATUS LIKE 'Aborted_clients'")
  return Number((rows as { Value: string }[])[0]!.Value)
}

test('a rolling restart of both web processes under load loses no request', async () => {
  // The load's 20 streams are one person's whole allowance (LIVE_STREAMS_PER_USER): someone nobody else signs in as.
  // They come from this machine's address, as the meeting's pages did: whatever of those pages' streams the web
  // processes have not yet seen end (each ends within 10 minutes anyway) must leave them room under its cap.
  const leftOpen = await openLiveStreams()
  expect(leftOpen + 20).toBeLessThanOrEqual(Number(env.LIVE_STREAMS_PER_ADDRESS || 100))
  const { pair } = await sessionCookie(MIA!.emailAddress)
  const load = startLoad({
    origin: ORIGIN,
    cookie: pair,
    pages: [
      `/${DEMO_BRAND_SLUG}`,
      `/${DEMO_BRAND_SLUG}/groups`,
      `/${DEMO_BRAND_SLUG}/events`,
      `/${DEMO_BRAND_SLUG}/members`,
    ],
    pagers: 8,
    stream: `/${DEMO_BRAND_SLUG}/notifications/live`,
    streams: 20,
  })
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const abortedBefore = await abortedClients()
  const steps: string[] = []
  // As the installer restarts them: one at a time, each answering again before the next.
  for (const port of WEB_PORTS) {
    const stopping = performance.now()
    expect(await cluster.stop(`hearth-web@${port}`, 90_000), `web ${port} exits cleanly`).toBe(0)
    const stopped = performance.now()
    await cluster.start(webService(port), 120_000)
    steps.push(
      `web ${port} stopped in ${Math.round(stopped - stopping)} ms, ready again in ${Math.round(performance.now() - stopped)} ms`,
    )
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const report = await load.stop()
  console.log(
    `REHEARSAL rolling restart: ${steps.join('; ')}. ${report.requests} page requests, ${report.errors.length} errors, p50 ${report.p50} ms, p99 ${report.p99} ms, max ${report.max} ms; ${report.streamsOpened} live streams opened (20 at a time; ${leftOpen} of the closed meeting pages' still open at the start)`,
  )
  expect(report.errors).toEqual([])
  expect(report.requests).toBeGreaterThan(100)
  // Each stopping process closed its database connections, none cut off (connections.server.ts).
  expect(await abortedClients()).toBe(abortedBefore)
  // Both processes' streams ended and were opened again on the other.
  expect(report.streamsOpened).toBeGreaterThan(20)
})

// ── Metrics ─────────────────────────────────────────────────────────────────────────────────────────────────────

test('Prometheus scrapes every web process and edge', async () => {
  type Target = { labels: { job: string; instance: string }; health: string; lastError: string }
  const targets = async () => {
    const answer = (await (await fetch(`${PROMETHEUS}/api/v1/targets?state=active`)).json()) as {
      data: { activeTargets: Target[] }
    }
    return answer.data.activeTargets
  }
  // The first scrape of a target comes within one scrape interval (15 s) of its discovery.
  await expect
    .poll(
      async () => (await targets()).map(({ labels, health }) => `${labels.job} ${labels.instance} ${health}`).sort(),
      {
        timeout: 60_000,
        intervals: [1_000],
      },
    )
    .toEqual([
      'hearth-edge 127.0.0.1:9201 up',
      'hearth-edge 127.0.0.1:9202 up',
      'hearth-web 127.0.0.1:9101 up',
      'hearth-web 127.0.0.1:9102 up',
    ])
  // And what it scraped answers queries: the processes up, by job.
  const query = new URL('/api/v1/query', PROMETHEUS)
  query.searchParams.set('query', 'sum by (job) (up)')
  const up = (await (await fetch(query)).json()) as {
    data: { result: { metric: { job: string }; value: [number, string] }[] }
  }
  const byJob = Object.fromEntries(up.data.result.map(({ metric, value }) => [metric.job, Number(value[1])]))
  expect(byJob).toEqual({ 'hearth-web': 2, 'hearth-edge': 2 })
  console.log(
    `REHEARSAL metrics: Prometheus scrapes ${Object.entries(byJob)
      .map(([job, count]) => `${count} ${job}`)
      .join(' and ')}, all up`,
  )
})

// ── What faces the network ──────────────────────────────────────────────────────────────────────────────────────

test('from outside, only nginx and coturn answer: the processes and their metrics listen on loopback', async () => {
  const ports = {
    nginx: [80, 443],
    coturn: [3478, 5349],
    web: [...WEB_PORTS],
    edge: EDGES.map((edge) => edge.port),
    metrics: [9101, 9102, 9201, 9202],
  }
  const open = async (host: string) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(ports).map(
          async ([name, list]) => [name, await Promise.all(list.map((port) => listening(port, host)()))] as const,
        ),
      ),
    )
  expect(await open(PUBLIC_IP)).toEqual({
    nginx: [true, true],
    coturn: [true, true],
    web: [false, false],
    edge: [false, false],
    metrics: [false, false, false, false],
  })
  expect(Object.values(await open('127.0.0.1')).flat()).not.toContain(false)
  console.log(`REHEARSAL exposure: on ${PUBLIC_IP} only nginx (80, 443) and coturn (3478, 5349) accept connections`)
})
