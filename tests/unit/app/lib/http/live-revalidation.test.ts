import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followStream } from '#app/lib/http/use-live-revalidation'

/** The browser's EventSource, driven by the test: `answer` is the server opening, refusing or ending the stream. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static made: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.made.push(this)
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  message() {
    this.dispatchEvent(new Event('message'))
  }
  /** The server ended the stream: the browser reconnects by itself (CONNECTING), as it does after a stream's end of life. */
  dropped() {
    this.readyState = FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
  /** An error answer (429 past the caps, a 5xx): the browser gives up for good. */
  refused() {
    this.readyState = FakeEventSource.CLOSED
    this.dispatchEvent(new Event('error'))
  }
}

beforeEach(() => {
  FakeEventSource.made = []
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('followStream (useLiveRevalidation)', () => {
  it('re-reads on each event, and once when the browser reopens a stream the server ended (its events in the gap were missed)', () => {
    const changed = vi.fn()
    const stop = followStream('/acme/notifications/live', changed)
    const [source] = FakeEventSource.made
    source!.open()
    expect(changed).not.toHaveBeenCalled()
    source!.message()
    expect(changed).toHaveBeenCalledTimes(1)
    source!.dropped()
    source!.open()
    expect(changed).toHaveBeenCalledTimes(2)
    expect(FakeEventSource.made).toHaveLength(1)
    stop()
    expect(source!.readyState).toBe(FakeEventSource.CLOSED)
  })

  it('opens a refused stream again itself, a minute or more later and later on each refusal, and re-reads once it is back', () => {
    const changed = vi.fn()
    const stop = followStream('/acme/feed/live?room=r', changed)
    FakeEventSource.made[0]!.refused()
    vi.advanceTimersByTime(59_000)
    expect(FakeEventSource.made).toHaveLength(1)
    vi.advanceTimersByTime(31_000)
    expect(FakeEventSource.made).toHaveLength(2)
    FakeEventSource.made[1]!.refused()
    vi.advanceTimersByTime(119_000)
    expect(FakeEventSource.made).toHaveLength(2)
    vi.advanceTimersByTime(61_000)
    expect(FakeEventSource.made).toHaveLength(3)
    expect(FakeEventSource.made[2]!.url).toBe('/acme/feed/live?room=r')
    FakeEventSource.made[2]!.open()
    expect(changed).toHaveBeenCalledTimes(1)
    stop()
  })

  it('opens nothing more once the page stops following', () => {
    const stop = followStream('/acme/messages/live', () => {})
    FakeEventSource.made[0]!.refused()
    stop()
    vi.advanceTimersByTime(60 * 60_000)
    expect(FakeEventSource.made).toHaveLength(1)
  })
})
