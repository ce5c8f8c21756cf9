// A real media edge in the test process (real mediasoup worker, real Socket.IO, the test file's
// database) and socket.io-client peers that speak the meeting protocol to it.
import { randomBytes } from 'node:crypto'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { db } from '#app/lib/platform/db.server'
import { Brand, Room } from '#models/index'
import { parseEdgeEnv } from '#edge/env'
import { startEdge, type EdgeOptions, type RunningEdge } from '#edge/server'
import { signEdgeToken } from '#edge/contract/token'
import type { Ack, EdgeClaims, EdgeControls } from '#edge/contract/protocol'
import type { ClientToServerEvents, ServerToClientEvents } from '#edge/contract/events'

/** The test run's edge secret (vitest.config.ts); a test edge and the web app's modules share it. */
export const TEST_EDGE_SECRET = process.env.EDGE_SECRET!

/** Every toolbar control on, as a community has them by default; tests turn one off with a spread. */
export const ALL_CONTROLS: EdgeControls = {
  chat: true,
  sharedScreen: true,
  sharedVideo: true,
  closedCaption: true,
  transcribe: true,
  recording: true,
  live: true,
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

export async function startTestEdge(
  env: Record<string, string> = {},
  options: Partial<EdgeOptions> = {},
): Promise<RunningEdge> {
  const parsed = parseEdgeEnv({
    NODE_ENV: 'test',
    // The test run's secret (vitest.config.ts), the one the web app's modules sign with too.
    EDGE_SECRET: process.env.EDGE_SECRET,
    EDGE_PORT: '0',
    DATABASE_URL: process.env.DATABASE_URL,
    LOG_LEVEL: 'silent',
    MEDIA_WORKERS: '1',
    ...env,
  })
  return startEdge({ env: parsed, sequelize: db, ...options })
}

/** A community room to meet in (the meeting rows reference it). */
/** A room of its own community; `door` sets its lock and waiting room (the edge reads them at each join). */
export async function createRoom(name = 'Book club', door: { locked?: boolean; waitingRoom?: boolean } = {}) {
  const tag = randomBytes(4).toString('hex')
  const brand = await Brand.create({ slug: `edge-${tag}`, name: `Edge ${tag}` })
  return Room.create({ slug: `room-${tag}`, brandId: brand.id, name, ...door })
}

let people = 0
/** An edge token as the web app's room loader signs it. */
export function tokenFor(roomId: string, claims: Partial<EdgeClaims> = {}, secret = TEST_EDGE_SECRET) {
  people++
  return signEdgeToken(
    {
      userId: `user-${people}`,
      name: `Person ${people}`,
      avatar: null,
      roomId,
      brandId: 'brand',
      isHost: false,
      isCoHost: false,
      permissions: [],
      controls: ALL_CONTROLS,
      ...claims,
    },
    secret,
  )
}

const open: ClientSocket[] = []

/** A connected socket, or the connection error's message; `page` is the meeting page's own id. */
export function connect(edge: RunningEdge, token: string | undefined, page?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(edge.url, {
    auth: token === undefined ? {} : { token, page },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  open.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => reject(error))
  })
}

export function closeSockets() {
  for (const socket of open.splice(0)) socket.disconnect()
}

/** Emits a client event and resolves with its acknowledgement. */
export function request<T = unknown>(
  socket: ClientSocket,
  event: keyof ClientToServerEvents,
  payload?: unknown,
): Promise<Ack<T>> {
  return new Promise((resolve) => {
    const emit = socket.emit.bind(socket) as unknown as (event: string, ...args: unknown[]) => void
    if (payload === undefined) emit(event, resolve)
    else emit(event, payload, resolve)
  })
}

/** Like request, failing the test with the server's error when the ack is not ok. */
export async function ok<T = unknown>(
  socket: ClientSocket,
  event: keyof ClientToServerEvents,
  payload?: unknown,
): Promise<T> {
  const ack = await request<T>(socket, event, payload)
  if (!ack.ok) throw new Error(`${event} failed: ${ack.error}`)
  return ack.data
}

/** The next time the socket receives an event (matching a predicate), within a timeout. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  matches: (...args: Parameters<ServerToClientEvents[E]>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const on = socket.on.bind(socket) as unknown as (event: string, listener: (...args: unknown[]) => void) => void
    const off = socket.off.bind(socket) as unknown as (event: string, listener: (...args: unknown[]) => void) => void
    const timer = setTimeout(() => {
      off(event, listener)
      reject(new Error(`no ${event} within ${timeoutMs} ms`))
    }, timeoutMs)
    const listener = (...args: unknown[]) => {
      if (!matches(...(args as Parameters<ServerToClientEvents[E]>))) return
      clearTimeout(timer)
      off(event, listener)
      resolve(args[0] as Parameters<ServerToClientEvents[E]>[0])
    }
    on(event, listener)
  })
}

/** Collects every event of a kind the socket receives from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = []
  ;(socket.on.bind(socket) as unknown as (event: string, listener: (payload: unknown) => void) => void)(
    event,
    (payload) => seen.push(payload as never),
  )
  return seen
}

/** A peer as the edge holds it (its transports, producers and consumers), to look at from a test. */
export const serverPeer = (edge: RunningEdge, roomId: string, peerId: string) =>
  edge.edge.meetings.get(roomId)!.peers.get(peerId)!

/** Connect and join: the socket and its JoinResult. */
export async function joinMeeting(
  edge: RunningEdge,
  roomId: string,
  claims: Partial<EdgeClaims> = {},
  peerData: Record<string, unknown> = {},
) {
  const token = await tokenFor(roomId, claims)
  const socket = await connect(edge, token)
  const joined = await ok<import('#edge/contract/peers').JoinResult>(socket, 'meetingRoom:join', {
    roomId,
    peerData,
  })
  return { socket, token, joined }
}

// RTP parameters a browser would send: Opus, and VP8 with three simulcast layers.
export const MIC_RTP = {
  codecs: [
    { mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2, parameters: { useinbandfec: 1 } },
  ],
  headerExtensions: [],
  encodings: [{ ssrc: 11111111 }],
  rtcp: { cname: 'edge-test' },
}
export const webcamRtp = (base = 22220000) => ({
  codecs: [
    {
      mimeType: 'video/VP8',
      payloadType: 96,
      clockRate: 90000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'ccm', parameter: 'fir' }],
    },
  ],
  headerExtensions: [],
  encodings: [
    { ssrc: base + 1, scalabilityMode: 'L1T3' },
    { ssrc: base + 2, scalabilityMode: 'L1T3' },
    { ssrc: base + 3, scalabilityMode: 'L1T3' },
  ],
  rtcp: { cname: 'edge-test' },
})

/** Media setup as the meeting client does it: capabilities, a send and a receive transport. */
export async function setUpMedia(socket: ClientSocket) {
  const rtpCapabilities = await ok<Record<string, unknown>>(socket, 'getRouterRtpCapabilities')
  // A device that can receive everything the router offers.
  await ok(socket, 'setPeerRtpCapabilities', { rtpCapabilities })
  const send = await ok<{ id: string }>(socket, 'createWebRtcTransport', {
    direction: 'send',
    producing: true,
    consuming: false,
  })
  const recv = await ok<{ id: string }>(socket, 'createWebRtcTransport', {
    direction: 'recv',
    producing: false,
    consuming: true,
  })
  return { rtpCapabilities, send, recv }
}
