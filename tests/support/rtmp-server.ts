// A real RTMP server on loopback for the live-stream tests (node-media-server, which has no types:
// the little of it used here is typed below). It records which stream paths were published to, so a
// test can see the edge's ffmpeg connected, and plays them back to ffprobe like any RTMP server.
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface NmsSession {
  streamPath: string
  isPublisher?: boolean
}
interface NodeMediaServer {
  on(event: 'prePublish' | 'postPublish', listener: (session: NmsSession) => void): void
  run(): Promise<void>
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

export interface RtmpServer {
  port: number
  /** rtmp://127.0.0.1:port/live/<key> */
  urlFor(key: string): string
  /** Stream paths (/live/<key>) in the order publishing started. */
  published: string[]
  /** When (Date.now()) publishing to the path last started. */
  lastPublishedAt(path: string): number | undefined
  /**
   * The paths with a publisher connected now. (Its donePublish event waits 30 s for the publisher to
   * come back; the RTMP session itself closes when the publisher hangs up.)
   */
  publishing(): string[]
  close(): Promise<void>
}

export async function startRtmpServer(): Promise<RtmpServer> {
  const port = await freeTcpPort()
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-rtmp-'))
  const NodeMediaServer = require('node-media-server') as new (config: object) => NodeMediaServer
  // RTMP only (no HTTP or web admin), its store in a temporary directory.
  const server = new NodeMediaServer({
    bind: '127.0.0.1',
    rtmp: { port },
    store: { path: dataDir },
    record: { auto: false, path: join(dataDir, 'record') },
  })
  // Its constructor sets its logger to debug; tests want only its errors.
  ;(require('node-media-server/src/core/logger.js') as { level: string }).level = 'error'
  const published: string[] = []
  const publishedAt = new Map<string, number>()
  server.on('postPublish', (session) => {
    published.push(session.streamPath)
    publishedAt.set(session.streamPath, Date.now())
  })
  const { sessions } = require('node-media-server/src/core/context.js') as { sessions: Map<string, NmsSession> }
  await server.run()
  return {
    port,
    urlFor: (key) => `rtmp://127.0.0.1:${port}/live/${key}`,
    published,
    lastPublishedAt: (path) => publishedAt.get(path),
    publishing: () =>
      [...sessions.values()].filter((session) => session.isPublisher).map((session) => session.streamPath),
    close: async () => {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A TCP port nothing listens on at the moment (also what a test uses for "the server refused"). */
export function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
