import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxMessage } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { recordRequest, registry } from '#app/lib/platform/metrics.server'
import { DeliveryError, deliver } from '#app/lib/platform/outbox.server'
import { claimStreamSlot } from '#app/lib/http/stream-caps.server'
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server'

// What Prometheus would read: the exposition text of this process's registry.
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name)
  const value = metric?.values.find((entry) =>
    Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted),
  )
  return Number(value?.value ?? 0)
}

let refusing: TestSmtpServer
const originalSmtpUrl = env.SMTP_URL
beforeAll(async () => {
  refusing = await startSmtpServer({ rejectRecipient: () => true })
})
afterAll(async () => {
  env.SMTP_URL = originalSmtpUrl
  await refusing.close()
})

describe('the web process metrics', () => {
  it('say which version runs', async () => {
    expect(await sample('hearth_build_info', { version: '3.68.0' })).toBe(1)
  })

  it('count requests by route, method and status, with their durations', async () => {
    const before = await sample('hearth_http_requests_total', { route: '/:param/members', status: '200' })
    recordRequest('/:param/members', 'GET', 200, 0.042)
    recordRequest('/:param/members', 'GET', 200, 0.3)
    recordRequest('/:param/members', 'POST', 'aborted', 1.5)
    expect(await sample('hearth_http_requests_total', { route: '/:param/members', status: '200' })).toBe(before + 2)
    expect(await sample('hearth_http_requests_total', { method: 'POST', status: 'aborted' })).toBe(1)
    const text = await registry.metrics()
    expect(text).toMatch(
      /hearth_http_request_duration_seconds_bucket\{le="0\.05",route="\/:param\/members",method="GET"\} \d+/,
    )
    // Node's own figures are there for the same scrape.
    expect(text).toContain('process_cpu_user_seconds_total')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })

  it('count mail by outcome: kept in the dev outbox, or failed at the transport', async () => {
    const kept = await sample('hearth_messages_total', { channel: 'mail', outcome: 'kept' })
    env.SMTP_URL = undefined
    await deliver({ channel: 'mail', recipient: 'someone@example.test', subject: 'Hello', text: 'Hi' })
    expect(await sample('hearth_messages_total', { channel: 'mail', outcome: 'kept' })).toBe(kept + 1)

    env.SMTP_URL = refusing.url
    await expect(
      deliver({ channel: 'mail', recipient: 'someone@example.test', subject: 'Hello', text: 'Hi' }),
    ).rejects.toBeInstanceOf(DeliveryError)
    expect(await sample('hearth_messages_total', { channel: 'mail', outcome: 'failed' })).toBe(1)
    // …and what waits in the outbox, read from the database at the scrape.
    expect(await sample('hearth_outbox_messages', { status: 'failed' })).toBe(
      await OutboxMessage.count({ where: { status: 'failed' } }),
    )
  })

  it('show the live streams open and those refused by a cap', async () => {
    const releases = Array.from({ length: env.LIVE_STREAMS_PER_USER }, () =>
      claimStreamSlot({ clientAddress: '203.0.113.7', userId: 'metrics-user' }),
    )
    expect(await sample('hearth_live_streams_open')).toBe(env.LIVE_STREAMS_PER_USER)
    expect(claimStreamSlot({ clientAddress: '203.0.113.7', userId: 'metrics-user' })).toBeNull()
    expect(await sample('hearth_live_streams_refused_total', { cap: 'user' })).toBe(1)
    for (const release of releases) release?.()
    expect(await sample('hearth_live_streams_open')).toBe(0)
  })
})
