// Live events' fan-out (app/lib/platform/live-bus.server.ts): without Redis an event
// reaches the listeners of this process; with Redis (127.0.0.1:6379 or TEST_REDIS_URL) an event
// published by one web process reaches a page listening on another, and only that user's.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { MessageEvent } from '#app/lib/messages/message-events.server'
import { LiveBus } from '#app/lib/platform/live-bus.server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const opened: LiveBus<MessageEvent>[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()))
})
const open = (options: { redisUrl?: string; channel?: string }) => {
  const bus = new LiveBus<MessageEvent>({ channel: 'hearth:test', ...options })
  opened.push(bus)
  return bus
}
const event: MessageEvent = {
  type: 'message',
  brandId: 'b'.repeat(36),
  conversationId: 'c'.repeat(36),
  messageId: 'm'.repeat(36),
}

describe('the live bus', () => {
  it('without Redis, hands an event to the user’s listeners in this process, until they stop', () => {
    const bus = open({})
    const heard: MessageEvent[] = []
    const stop = bus.listen('ann', (received) => heard.push(received))
    bus.listen('ben', () => heard.push({ ...event, messageId: 'wrong user' }))
    bus.publish('ann', event)
    stop()
    bus.publish('ann', event)
    expect(heard).toEqual([event])
  })

  it('with Redis, carries an event from one web process to a page listening on another', async () => {
    const channel = `hearth:messages:test:${randomUUID()}`
    const writer = open({ redisUrl: REDIS_URL, channel })
    const reader = open({ redisUrl: REDIS_URL, channel })
    await reader.ready()
    const heard: MessageEvent[] = []
    reader.listen('ann', (received) => heard.push(received))
    reader.listen('ben', () => heard.push({ ...event, messageId: 'wrong user' }))
    writer.publish('ann', event)
    await expect.poll(() => heard.length).toBe(1)
    expect(heard).toEqual([event])
  })
})
