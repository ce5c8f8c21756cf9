// A community's embedding page (its embeddedClientUrl) frames a meeting room and hears the room's
// events; any other site is refused the frame. The embedding pages are served
// here on 127.0.0.1, another origin than the app's localhost. JavaScript project only.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import type { DirectorySettings } from '#models/brand-config'
import { Brand, Room } from '#models/index'
import { randomBytes } from 'node:crypto'
import {
  DEMO,
  MEDIA_LAUNCH_OPTIONS,
  copyOfDemoRoom,
  copyRow,
  demoCommunity,
  makeCommunity,
  screenshot,
  t,
} from './support'

const m = (key: string) => t('en', `meeting:${key}`)
const ROOM = { slug: 'embedded-hub', name: 'Embedded Hub' }

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

/** A page on its own origin that frames the room (or holds `body`) and keeps every message it receives. */
async function embeddingPage(
  roomUrl: string,
  body = `<iframe src="${roomUrl}" title="Meeting" allow="camera; microphone; display-capture; fullscreen" width="1024" height="640"></iframe>`,
) {
  const html = `<!doctype html><title>Club site</title><h1>Our club</h1>
<script>window.received = []; addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }))</script>
${body}`
  const server = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) }
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: { origin: string; data: Record<string, unknown> }[] }).received)

test("the community's embedding page frames the room and hears it; another site may not frame it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const roomUrl = `${baseURL}/${DEMO.slug}/${ROOM.slug}`
  const club = await embeddingPage(roomUrl)
  const stranger = await embeddingPage(roomUrl)
  await copyOfDemoRoom('hub', ROOM)
  // Written behind the app's back, so the server's copy of the community (app/lib/communities/brands.server.ts)
  // shows it once that copy is a few seconds old.
  await Brand.update({ embeddedClientUrl: `${club.origin}/meet` }, { where: { slug: DEMO.slug } })
  const other = await browser.newContext()
  try {
    const headers = async () => (await page.request.get(roomUrl)).headers()
    await expect
      .poll(async () => (await headers())['content-security-policy']!.split('; '), { timeout: 10_000 })
      .toContain(`frame-ancestors 'self' ${club.origin}`)
    expect((await headers())['x-frame-options']).toBeUndefined()

    // In the club's page, the guest joins through the frame; the page hears joining, then joined.
    await page.goto(club.origin)
    const frame = page.frameLocator('iframe')
    await expect(frame.getByRole('heading', { level: 1, name: ROOM.name })).toBeVisible()
    await frame.getByRole('button', { name: m('home.join'), exact: true }).click()
    await frame.getByRole('button', { name: m('mirror.join') }).click()
    await expect(frame.getByRole('toolbar', { name: m('controls.toolbar') })).toBeVisible()
    await expect
      .poll(async () => (await received(page)).map(({ data }) => data.event))
      .toEqual(expect.arrayContaining(['roomJoining', 'roomJoined']))
    // The room's page first says where it is (routeChange), then the room's own events.
    const [first, ...events] = await received(page)
    expect(first).toEqual({
      origin: new URL(baseURL!).origin,
      data: { type: 'routeChange', page: '$brand.$room', path: `/${ROOM.slug}`, brand: DEMO.slug },
    })
    for (const { origin, data } of events.filter(({ data }) => data.type !== 'routeChange')) {
      expect(origin).toBe(new URL(baseURL!).origin)
      expect(data).toMatchObject({ type: 'hearth:room', room: ROOM.slug })
    }

    // Somebody joins on the site itself: the club's page hears the count go to two, and back.
    const visitor = await other.newPage()
    await visitor.goto(roomUrl)
    await visitor.getByRole('button', { name: m('home.join'), exact: true }).click()
    await visitor.getByRole('button', { name: m('mirror.join') }).click()
    await expect
      .poll(async () => (await received(page)).map(({ data }) => data))
      .toContainEqual(expect.objectContaining({ event: 'participantJoined', participants: 2 }))
    await other.close()
    await expect
      .poll(async () => (await received(page)).map(({ data }) => data))
      .toContainEqual(expect.objectContaining({ event: 'participantLeft', participants: 1 }))

    // Any other site gets Chromium's error page in its frame, not the room.
    const elsewhere = await browser.newPage()
    await elsewhere.goto(stranger.origin)
    await expect(elsewhere.getByRole('heading', { name: 'Our club' })).toBeVisible()
    await expect.poll(() => elsewhere.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/')
    expect(await received(elsewhere)).toEqual([])
    await elsewhere.close()
  } finally {
    await Brand.update({ embeddedClientUrl: null }, { where: { slug: DEMO.slug } })
    await Promise.all([club.close(), stranger.close()])
  }
})

test('a site includes the directory script: the launcher sits in its corner, opens the widget, and the site hears every routeChange', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  const suffix = randomBytes(3).toString('hex')
  const slug = `embedded-directory-${suffix}`
  const name = `Embedded Directory ${suffix}`
  const script = `<script src="${baseURL}/directory-embed.js" data-community="${slug}" async></script>`
  const club = await embeddingPage('', script)
  const stranger = await embeddingPage('', script)
  const settings: DirectorySettings = {
    enabled: true,
    type: 'launcher',
    position: 'bottom-left',
    offsetX: 30,
    offsetY: 20,
    theme: null,
    pinnedRoomIds: [],
    selfSignup: false,
  }
  const brandId = await makeCommunity(slug, name, {
    directorySettings: settings,
    embeddedClientUrl: `${club.origin}/`,
    documentDomain: '127.0.0.1',
  })
  await copyRow(
    Room,
    { slug: 'hub', brandId: (await demoCommunity()).id },
    {
      id: randomBytes(18).toString('base64url'),
      slug: `lounge-${suffix}`,
      name: 'Club Lounge',
      brandId,
      context: 'personal',
      enabledInDirectory: true,
      visibleInDirectory: 'everyone',
    },
  )
  const app = new URL(baseURL!).origin
  const routeChanges = async (target: Page) =>
    (await received(target)).filter(({ data }) => data.type === 'routeChange')
  try {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(club.origin)
    const frameElement = page.locator('iframe[data-hearth-directory]')
    const frame = page.frameLocator('iframe[data-hearth-directory]')
    // The launcher reports itself, with the community-relative path and where it goes.
    await expect
      .poll(async () => (await routeChanges(page)).map(({ data }) => data.page))
      .toContain('directoryLauncher')
    const [launcher] = await routeChanges(page)
    expect(launcher).toEqual({
      origin: app,
      data: {
        type: 'routeChange',
        page: 'directoryLauncher',
        path: '/directory/launcher?embeddable=1',
        brand: slug,
        placement: { type: 'launcher', position: 'bottom-left', offsetX: 30, offsetY: 20 },
      },
    })
    // The script pins the frame to the bottom-left corner, at the offsets.
    await expect(frameElement).toBeVisible()
    const box = (await frameElement.boundingBox())!
    expect(box.x).toBe(30)
    expect(box.y + box.height).toBe(800 - 20)
    await screenshot(page, testInfo, 'embedded-directory-launcher')

    // Opening the launcher: the widget reports itself and the frame grows to show it.
    await frame.getByRole('link', { name: t('en', 'directory:open', { name }) }).click()
    await expect(frame.getByRole('link', { name: 'Club Lounge', exact: true })).toBeVisible()
    await expect
      .poll(async () => (await routeChanges(page)).map(({ data }) => data.page))
      .toEqual(['directoryLauncher', 'directoryWidget'])
    expect((await routeChanges(page)).at(-1)!.data).toMatchObject({
      path: '/directory/widget?embeddable=1',
      brand: slug,
    })
    expect((await frameElement.boundingBox())!.height).toBeGreaterThan(box.height)
    await screenshot(page, testInfo, 'embedded-directory-widget')

    // Closing it: back to the launcher, reported again.
    await frame.getByRole('link', { name: t('en', 'directory:close') }).click()
    await expect
      .poll(async () => (await routeChanges(page)).map(({ data }) => data.page))
      .toEqual(['directoryLauncher', 'directoryWidget', 'directoryLauncher'])
    await expect.poll(async () => (await frameElement.boundingBox())!.height).toBe(box.height)

    // The directory is framed on the community's site only: elsewhere the frame is refused and says nothing.
    const elsewhere = await browser.newPage()
    await elsewhere.goto(stranger.origin)
    await expect(elsewhere.getByRole('heading', { name: 'Our club' })).toBeVisible()
    await expect.poll(() => elsewhere.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/')
    expect(await routeChanges(elsewhere)).toEqual([])
    await expect(elsewhere.locator('iframe[data-hearth-directory]')).toBeHidden()
    await elsewhere.close()
  } finally {
    await Promise.all([club.close(), stranger.close()])
  }
})

test('a directory of the listing type shows its rooms where the script stands', async ({ page, baseURL }, testInfo) => {
  const suffix = randomBytes(3).toString('hex')
  const slug = `listed-directory-${suffix}`
  const script = `<section><h2>Our rooms</h2><script src="${baseURL}/directory-embed.js" data-community="${slug}" data-height="300px" async></script></section><p>After the rooms</p>`
  const club = await embeddingPage('', script)
  const settings: DirectorySettings = {
    enabled: true,
    type: 'listing',
    position: 'bottom-right',
    offsetX: 24,
    offsetY: 24,
    theme: null,
    pinnedRoomIds: [],
    selfSignup: false,
  }
  const brandId = await makeCommunity(slug, `Listed Directory ${suffix}`, {
    directorySettings: settings,
    embeddedClientUrl: club.origin,
  })
  await copyRow(
    Room,
    { slug: 'hub', brandId: (await demoCommunity()).id },
    {
      id: randomBytes(18).toString('base64url'),
      slug: `reading-${suffix}`,
      name: 'Reading Room',
      brandId,
      context: 'group',
      enabledInDirectory: true,
      visibleInDirectory: 'everyone',
    },
  )
  try {
    await page.goto(club.origin)
    // The launcher answers first; the script swaps it for the listing, in the page's flow.
    await expect
      .poll(async () =>
        (await received(page)).filter(({ data }) => data.type === 'routeChange').map(({ data }) => data.page),
      )
      .toEqual(['directoryLauncher', 'directoryListing'])
    const frameElement = page.locator('iframe[data-hearth-directory]')
    await expect(
      page.frameLocator('iframe[data-hearth-directory]').getByRole('link', { name: 'Reading Room', exact: true }),
    ).toBeVisible()
    await expect(frameElement).toHaveCSS('position', 'static')
    await expect(frameElement).toHaveCSS('height', '300px')
    const heading = (await page.getByRole('heading', { name: 'Our rooms' }).boundingBox())!
    const after = (await page.getByText('After the rooms').boundingBox())!
    const box = (await frameElement.boundingBox())!
    expect(box.y).toBeGreaterThan(heading.y)
    expect(after.y).toBeGreaterThan(box.y + box.height - 1)
    await screenshot(page, testInfo, 'embedded-directory-listing')
  } finally {
    await club.close()
  }
})
