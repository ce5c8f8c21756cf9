// Meeting powers belong to a room: two people who each claimed a personal room
// meet in one and then the other. Only the room's own host sees the kick and mute buttons, and the
// edge refuses a kick the visitor forges with the pass the page gave them. JavaScript only (the
// meeting runs in the browser). Both people sign in with a session row (signInWithSession).
import { randomBytes } from 'node:crypto'
import { io } from 'socket.io-client'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { Brand, Room } from '#models/index'
import { makeUser } from '../support/factories'
import { EDGE_ERRORS } from '../../media-edge/contract/protocol'
import { collectErrors, joinMeeting, MEDIA_LAUNCH_OPTIONS, signInWithSession, t } from './support'

const m = (key: string, values: Record<string, string> = {}) => t('en', `meeting:${key}`, values)
const s = (key: string) => t('en', `signup:${key}`)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

/** An account of this run's own, as a verified sign-up leaves it. */
async function newAccount(name: string) {
  const emailAddress = `${name.toLowerCase()}-${run}@powers.example`
  await makeUser({ name, emailAddress, verified: true })
  return { name, emailAddress }
}

/** Signed in (a session row, no code spent) and holding a personal room claimed through /register/room. */
async function roomOwner(browser: Browser, name: string) {
  const account = await newAccount(name)
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  const errors = collectErrors(page)
  await signInWithSession(context, account.emailAddress)
  await page.goto('/register/room')
  await page.getByLabel(s('claim.roomLink')).fill(`${name.toLowerCase()}-${run}`)
  await page.getByRole('button', { name: s('claim.claim') }).click()
  await expect(page).toHaveURL('/welcome-aboard')
  return { ...account, page, errors, room: `/me/${name.toLowerCase()}-${run}`, close: () => context.close() }
}

/** The edge pass and room id the page's loader handed this page. */
function pagePass(page: Page): Promise<Pass> {
  return page.evaluate(() => {
    const loaderData = (window as unknown as { __remixContext: { state: { loaderData: Record<string, any> } } })
      .__remixContext.state.loaderData
    const room = Object.values(loaderData).find((data) => data?.kind === 'room')
    return { token: room.pass.token as string, edgeUrl: room.pass.edgeUrl as string, roomId: room.room.id as string }
  })
}

type Pass = { token: string; edgeUrl: string; roomId: string }

/** A peer in the meeting straight from a script: the edge with a pass, no page in between. */
async function scriptedPeer(pass: Pass) {
  const socket = io(pass.edgeUrl, {
    auth: { token: pass.token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  const emit = (event: string, payload: unknown) => new Promise<any>((resolve) => socket.emit(event, payload, resolve))
  const joined = await emit('meetingRoom:join', { roomId: pass.roomId, peerData: {} })
  expect(joined).toMatchObject({ ok: true })
  return { peerId: joined.data.peerId as string, emit, socket, close: () => socket.disconnect() }
}

/** A guest's pass for a room, from the refresh route as the meeting client asks for one. */
async function guestPass(baseURL: string, room: string): Promise<Pass> {
  const [, brand, slug] = room.split('/')
  const response = await fetch(new URL('/resources/edge-token', baseURL), {
    method: 'POST',
    body: new URLSearchParams({ brand: brand!, room: slug! }),
  })
  expect(response.status).toBe(200)
  const pass = (await response.json()) as { token: string; edgeUrl: string }
  const community = await Brand.findOne({ where: { slug: brand }, rejectOnEmpty: true })
  const { id: roomId } = await Room.findOne({ where: { brandId: community.id, slug }, rejectOnEmpty: true })
  return { ...pass, roomId }
}

test.describe('meeting powers per room', () => {
  test.describe.configure({ timeout: 180_000 })

  test("two personal-room owners: each is powerless in the other's room", async ({ browser, baseURL }) => {
    const ana = await roomOwner(browser, 'Ana')
    const ben = await roomOwner(browser, 'Ben')
    try {
      for (const [host, visitor] of [
        [ben, ana],
        [ana, ben],
      ] as const) {
        await joinMeeting(host.page, host.room)
        await joinMeeting(visitor.page, host.room)
        const hostTile = visitor.page.locator(`.meeting-tile[aria-label="${host.name}"]`)
        await expect(hostTile).toBeVisible({ timeout: 30_000 })
        // The host sees the buttons for the visitor; the visitor none for the host.
        await expect(host.page.getByRole('button', { name: m('peer.kick', { name: visitor.name }) })).toBeVisible({
          timeout: 30_000,
        })
        await expect(visitor.page.getByRole('button', { name: m('peer.kick', { name: host.name }) })).toHaveCount(0)
        await expect(visitor.page.getByRole('button', { name: m('peer.mute', { name: host.name }) })).toHaveCount(0)

        // A kick or mute forged with the visitor's own pass, at a guest in the room, is refused by the edge.
        const guest = await scriptedPeer(await guestPass(baseURL!, host.room))
        const forger = await scriptedPeer(await pagePass(visitor.page))
        try {
          expect(await forger.emit('kickPeer', { peerId: guest.peerId })).toEqual({
            ok: false,
            error: EDGE_ERRORS.forbidden,
          })
          expect(await forger.emit('mutePeerAudio', { peerId: guest.peerId })).toEqual({
            ok: false,
            error: EDGE_ERRORS.forbidden,
          })
          expect(guest.socket.connected).toBe(true)
        } finally {
          guest.close()
          forger.close()
        }
      }
      for (const { errors } of [ana, ben]) expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await ana.close()
      await ben.close()
    }
  })
})
