// A steady load through nginx, as people would put on it while the web processes restart: `pagers` loops, each
// asking for one page after another, and `streams` live streams held open and opened again whenever the server ends
// one (as the browser's EventSource does). Anything but the expected answer is an error: a refused or reset
// connection, a status other than 200, a stream that breaks instead of ending.
import { Agent, request } from 'node:https'

export interface LoadReport {
  requests: number
  errors: string[]
  /** Page times in milliseconds. */
  p50: number
  p99: number
  max: number
  /** Live streams opened, the first ones included: each end by the server is followed by a new one. */
  streamsOpened: number
}

interface LoadOptions {
  origin: string
  cookie: string
  pages: string[]
  pagers: number
  stream: string
  streams: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

export function startLoad({ origin, cookie, pages, pagers, stream, streams }: LoadOptions) {
  // Kept-alive connections, as browsers hold them: nginx, not the client, sees each web process go.
  const agent = new Agent({ keepAlive: true, maxSockets: pagers + streams })
  const times: number[] = []
  const errors: string[] = []
  let streamsOpened = 0
  let running = true
  const open = new Set<ReturnType<typeof request>>()

  /** One GET; resolves when its answer has ended (or broken), with its status, or the error. */
  const get = (path: string, onOpen?: () => void) =>
    new Promise<number | Error>((resolve) => {
      const req = request(new URL(path, origin), { agent, headers: { cookie, accept: '*/*' } }, (res) => {
        onOpen?.()
        res.resume()
        res.once('end', () => resolve(res.statusCode ?? 0))
        res.once('error', resolve)
      })
      open.add(req)
      req.once('close', () => open.delete(req))
      req.once('error', resolve)
      req.end()
    })

  const pager = async (offset: number) => {
    for (let i = offset; running; i++) {
      const path = pages[i % pages.length]!
      const started = performance.now()
      const result = await get(path)
      if (!running) return
      times.push(performance.now() - started)
      if (result !== 200) errors.push(`GET ${path}: ${result instanceof Error ? result.message : result}`)
    }
  }

  const streamer = async () => {
    while (running) {
      const result = await get(stream, () => streamsOpened++)
      if (running && result !== 200)
        errors.push(`stream ${stream}: ${result instanceof Error ? result.message : result}`)
    }
  }

  const loops = [
    ...Array.from({ length: pagers }, (_, i) => pager(i)),
    ...Array.from({ length: streams }, () => streamer()),
  ]

  return {
    async stop(): Promise<LoadReport> {
      running = false
      for (const req of open) req.destroy()
      await Promise.all(loops)
      agent.destroy()
      const sorted = [...times].sort((a, b) => a - b)
      return {
        requests: times.length,
        errors,
        p50: Math.round(percentile(sorted, 0.5)),
        p99: Math.round(percentile(sorted, 0.99)),
        max: Math.round(sorted.at(-1) ?? 0),
        streamsOpened,
      }
    },
  }
}
