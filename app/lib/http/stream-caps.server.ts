import { Counter, Gauge } from 'prom-client'
import { env } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { registers } from '../platform/metrics.server'

/**
 * The limits on live streams (server-sent events: the feed, messages and notifications routes), all
 * in this process. Each open stream holds a connection and a file descriptor until it ends: without
 * caps one anonymous client held 4,000 of them on a public hub's feed (docs/security.md). The counts are
 * LIVE_STREAMS_PER_ADDRESS, _PER_USER and _PER_PROCESS (app/lib/platform/env.server.ts), read on each
 * claim; the times are ours:
 */
export const STREAM_TIMES = {
  /**
   * A stream ends after at most this long (a random part of the last tenth, so tabs opened together
   * do not all come back at once), and the browser's EventSource opens a fresh one by itself: what a
   * forgotten or abandoned stream can hold is bounded, and each reopening is counted again.
   */
  maxLifeMs: 10 * 60_000,
  /** The `retry:` hint: how soon the browser reopens a stream the server ended. */
  reconnectMs: 2_000,
  /** A refused stream's Retry-After: other streams end (closed tabs, the life above) within minutes. */
  refusalRetrySeconds: 60,
} as const

/** Open streams per key: 'process', 'address:<client address>', 'user:<id>'. Keys at zero are dropped. */
const open = new Map<string, number>()

new Gauge({
  name: 'hearth_live_streams_open',
  help: 'Live streams (feed, messages, notifications) open on this process',
  registers,
  collect() {
    this.set(open.get('process') ?? 0)
  },
})
const refused = new Counter({
  name: 'hearth_live_streams_refused_total',
  help: 'Live streams refused because a cap was reached, by cap (process, address, user)',
  labelNames: ['cap'] as const,
  registers,
})

/**
 * Takes a slot for one stream of this client (and signed-in person, if any), or null when one of the
 * caps is reached. The returned release may be called any number of times; it frees the slot once.
 */
export function claimStreamSlot({
  clientAddress,
  userId,
}: {
  clientAddress: string
  userId: string | null
}): (() => void) | null {
  const caps: [string, number][] = [
    ['process', env.LIVE_STREAMS_PER_PROCESS],
    [`address:${addressKey(clientAddress)}`, env.LIVE_STREAMS_PER_ADDRESS],
  ]
  if (userId) caps.push([`user:${userId}`, env.LIVE_STREAMS_PER_USER])
  const full = caps.find(([key, max]) => (open.get(key) ?? 0) >= max)
  if (full) {
    // Which cap, not whose address or account, as rate-limit.server.ts logs its limits.
    const cap = full[0].split(':')[0]!
    logger.warn({ cap }, 'live stream cap reached')
    refused.inc({ cap })
    return null
  }
  for (const [key] of caps) open.set(key, (open.get(key) ?? 0) + 1)
  let held = true
  return () => {
    if (!held) return
    held = false
    for (const [key] of caps) {
      const left = (open.get(key) ?? 1) - 1
      if (left > 0) open.set(key, left)
      else open.delete(key)
    }
  }
}

/**
 * The address a client is counted under: an IPv6 client usually holds a whole /64 (and can pick any
 * address in it), so it is counted by that prefix; an IPv4 address (also written as ::ffff:a.b.c.d) as
 * it is. The address itself is the one the app already trusts (Express's req.ip behind the proxies
 * server.js trusts), never a header read here.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::')
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []
  const before = groups(head)
  const after = tail === undefined ? [] : groups(tail)
  const full = [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after]
  return `${full
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`
}
