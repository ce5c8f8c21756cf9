import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { OutboxMessage, Post } from '#models/index'
import { env } from './env.server'
import { APP_VERSION } from './version.server'

/**
 * The web process's Prometheus metrics, served by server.js on METRICS_PORT (a port only the
 * operator reaches, never the public one): Node's own (CPU, memory, event-loop delay, GC), the
 * requests and what waits in the database here; live streams, mail and SMS, and background jobs
 * count theirs where they happen, in this registry. docs/operations.md#metrics lists them all.
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })
export const registers = [registry]

const httpRequests = new Counter({
  name: 'hearth_http_requests_total',
  help: 'Requests answered, by route (the Remix route id, or a family for files and resource routes), method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
})
const httpDuration = new Histogram({
  name: 'hearth_http_request_duration_seconds',
  help: 'Time from a request to the end of its answer (a live stream: its whole life), by route and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
})

/** server.js calls this once per answered request. */
export function recordRequest(route: string, method: string, status: number | 'aborted', seconds: number) {
  httpRequests.inc({ route, method, status })
  httpDuration.observe({ route, method }, seconds)
}

export const messagesSent = new Counter({
  name: 'hearth_messages_total',
  help: 'Mail and SMS, by channel and outcome: sent, failed, or kept in the dev outbox (no transport configured)',
  labelNames: ['channel', 'outcome'] as const,
  registers,
})
export const postsPublished = new Counter({
  name: 'hearth_scheduled_posts_published_total',
  help: 'Scheduled posts this process published (or held for review) when they were due',
  registers,
})
export const digestsSent = new Counter({
  name: 'hearth_digests_sent_total',
  help: 'Daily notification digests this process mailed',
  registers,
})
export const jobFailures = new Counter({
  name: 'hearth_job_failures_total',
  help: 'Background work that failed and is tried again later, by job (housekeeping, post-scheduler, digest)',
  labelNames: ['job'] as const,
  registers,
})

// Which version runs here: 1, labelled with it (a rollout shows as two versions side by side).
new Gauge({
  name: 'hearth_build_info',
  help: 'The version this process runs (always 1, labelled by version)',
  labelNames: ['version'] as const,
  registers,
}).set({ version: APP_VERSION }, 1)

// What waits, read from the database at each scrape: the same figures from every web process.
new Gauge({
  name: 'hearth_scheduled_posts_waiting',
  help: 'Posts scheduled and not yet published',
  registers,
  async collect() {
    this.set(await Post.count({ where: { status: 'scheduled' } }))
  },
})
new Gauge({
  name: 'hearth_outbox_messages',
  help: 'Mail and SMS in the outbox that are not delivered, by status (pending, failed)',
  labelNames: ['status'] as const,
  registers,
  async collect() {
    for (const status of ['pending', 'failed'] as const)
      this.set({ status }, await OutboxMessage.count({ where: { status } }))
  },
})

/** Where server.js serves the metrics, or null when METRICS_PORT is unset. */
export const metricsAddress = env.METRICS_PORT ? { port: env.METRICS_PORT, host: env.METRICS_HOST } : null
