// Where the edge streams to (docs/security.md): a host's live-stream address could point the edge's
// ffmpeg back into the server's own network. Without LIVE_ALLOWED_HOSTS the edge refuses every
// address that is not public, written as one or as a name resolving to one, and nothing connects (a
// TCP listener on loopback counts connections); with it, only the listed hosts are taken, loopback
// too, and ffmpeg reaches the real RTMP server there; rtmps:// goes there through the edge's TLS relay
// with its host name still sent as TLS SNI (a TLS front end on loopback sees it).
import { execFile, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { LiveStatus } from '#edge/contract/live'
import { parseEdgeEnv } from '#edge/env'
import type { RunningEdge } from '#edge/server'
import { startRtmpServer, type RtmpServer } from '#tests/support/rtmp-server'
import { closeSockets, createRoom, joinMeeting, ok, request, startTestEdge } from './harness'
import { sendTestMedia } from './test-media'
import { decodeAudio, TONE_RATE } from './tones'

let edge: RunningEdge
let listed: RunningEdge
let rtmp: RtmpServer
let listener: Server
let port: number
let connections = 0
let tls: TlsServer
let tlsPort: number
const serverNames: (string | false | null)[] = []
let workDir: string
const senders: ChildProcess[] = []

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'hearth-live-egress-'))
  // No allow-list: what a deployment runs unless its operator names ingest hosts.
  edge = await startTestEdge({ MEDIA_DIR: workDir, RECORDING_DIR: workDir })
  listed = await startTestEdge({ MEDIA_DIR: workDir, RECORDING_DIR: workDir, LIVE_ALLOWED_HOSTS: 'localhost' })
  rtmp = await startRtmpServer()
  // Stands for anything on the edge's own machine: any connection at all is counted.
  listener = createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  port = (listener.address() as { port: number }).port
  // An RTMPS ingest: TLS (a throwaway self-signed certificate: ffmpeg does not check it) in front of the RTMP server.
  const certificate = join(workDir, 'cert.pem')
  const key = join(workDir, 'key.pem')
  // prettier-ignore
  await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '1', '-subj', '/CN=localhost'])
  tls = createTlsServer({ cert: await readFile(certificate), key: await readFile(key) }, (socket: TLSSocket) => {
    serverNames.push(socket.servername)
    const upstream = connect(rtmp.port, '127.0.0.1')
    socket.pipe(upstream).pipe(socket)
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve))
  tlsPort = (tls.address() as { port: number }).port
})
afterEach(() => {
  closeSockets()
  for (const sender of senders.splice(0)) sender.kill('SIGKILL')
})
afterAll(async () => {
  await edge.close()
  await listed.close()
  await rtmp.close()
  await new Promise((resolve) => listener.close(resolve))
  await new Promise((resolve) => tls.close(resolve))
  await rm(workDir, { recursive: true, force: true })
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A room on the edge with a host sending a picture and a tone: there is something to stream. */
async function roomWithMedia(on: RunningEdge) {
  const room = await createRoom()
  const host = await joinMeeting(on, room.id, { isHost: true })
  senders.push(await sendTestMedia(on, room.id, host.joined.peerId))
  await pause(500)
  return { room, host }
}

/** live:initialize from a new host socket each time (one socket may ask three times in a row). */
const goLive = async (on: RunningEdge, roomId: string, url: string, streamKey = 'key') =>
  request((await joinMeeting(on, roomId, { isHost: true })).socket, 'live:initialize', { url, streamKey })

describe('live stream targets', () => {
  it('refuses loopback, metadata and unspecified targets without an allow-list, by address or by a name resolving to one, and nothing connects', async () => {
    const { room, host } = await roomWithMedia(edge)
    for (const url of [
      `rtmp://127.0.0.1:${port}/live`,
      `rtmp://localhost:${port}/live`,
      `rtmps://localhost:${port}/live`,
      `rtmp://[::ffff:127.0.0.1]:${port}/live`,
      `rtmp://0.0.0.0:${port}/live`,
      'rtmp://169.254.169.254/live',
    ]) {
      expect(await goLive(edge, room.id, url), url).toEqual({ ok: false, error: EDGE_ERRORS.liveTargetRefused })
    }
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'idle', error: null })
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isLive)).toBe(false)
    // ffmpeg would have connected within a second of starting: nothing did.
    await pause(1500)
    expect(connections).toBe(0)
  }, 60_000)

  it('with LIVE_ALLOWED_HOSTS, streams to a listed host even on loopback and refuses any other', async () => {
    const { room, host } = await roomWithMedia(listed)
    // Not on the list, though it is the same machine: the operator named the host, not the address.
    expect(await goLive(listed, room.id, rtmp.urlFor('x').replace(/\/x$/, ''))).toEqual({
      ok: false,
      error: EDGE_ERRORS.liveTargetRefused,
    })
    expect(await goLive(listed, room.id, `rtmp://LocalHost:${rtmp.port}/live`)).toEqual({ ok: true })
    await expect.poll(() => rtmp.published, { timeout: 15_000, interval: 250 }).toContain('/live/key')
    await ok(host.socket, 'live:stop')
    expect(connections).toBe(0)
  }, 60_000)

  it('streams rtmps:// to a listed host through the edge TLS relay to its checked address, the host name still sent as SNI', async () => {
    const { room, host } = await roomWithMedia(listed)
    expect(await goLive(listed, room.id, `rtmps://localhost:${tlsPort}/live`, 'over-tls')).toEqual({ ok: true })
    await expect.poll(() => rtmp.published, { timeout: 15_000, interval: 250 }).toContain('/live/over-tls')
    expect(serverNames).toContain('localhost')
    // And the stream flows: two seconds of it play back from the server.
    const samples = await decodeAudio(rtmp.urlFor('over-tls'), ['-rw_timeout', '10000000', '-t', '2'])
    expect(samples.length / TONE_RATE).toBeGreaterThan(1.5)
    await ok(host.socket, 'live:stop')
  }, 60_000)

  it('reads LIVE_ALLOWED_HOSTS as host names and IPs, and refuses URLs or ports in it', () => {
    const env = (value: string) => parseEdgeEnv({ NODE_ENV: 'development', LIVE_ALLOWED_HOSTS: value })
    expect(env(' Ingest.LAN, 10.0.0.5 ,[::1],').liveAllowedHosts).toEqual(['ingest.lan', '10.0.0.5', '::1'])
    expect(env('').liveAllowedHosts).toEqual([])
    for (const value of ['rtmp://ingest.lan', 'ingest.lan:1935', 'ingest.lan/live'])
      expect(() => env(value), value).toThrow(/LIVE_ALLOWED_HOSTS: .* must be a host name or an IP address/)
  })
})
