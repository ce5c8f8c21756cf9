// The mixer of a meeting's voices (audio-mixer.ts): one frame per period of the clock whatever the
// voices send (silence for none, a muted voice, or nobody at all), sums clipped to 16 bits, voices
// added and removed on the way, each heard only once its jitter buffer filled, the frames it owes
// after a stall, and a voice that ran ahead trimmed. Driven with fake timers through the edge's Clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AudioMixer } from '#edge/audio-mixer'
import { realClock } from '#edge/clock'

// 1 kHz keeps frames small: 20 samples per 20 ms frame.
const RATE = 1000
const FRAME = 20
let frames: number[][]

function mixer(patch: Partial<{ jitterMs: number; maxBufferMs: number }> = {}) {
  return new AudioMixer({
    clock: realClock,
    sampleRate: RATE,
    frameMs: FRAME,
    jitterMs: 40,
    maxBufferMs: 200,
    ...patch,
    onFrame: (pcm) => frames.push(samplesOf(pcm)),
  })
}

function samplesOf(pcm: Buffer): number[] {
  return Array.from({ length: pcm.length / 2 }, (_, index) => pcm.readInt16LE(index * 2))
}

/** `count` samples of one value, as a tap writes them (mono s16le). */
function pcm(value: number, count: number): Buffer {
  const buffer = Buffer.alloc(count * 2)
  for (let index = 0; index < count; index++) buffer.writeInt16LE(value, index * 2)
  return buffer
}

const silence = Array<number>(20).fill(0)
const constant = (value: number) => Array<number>(20).fill(value)

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
  frames = []
})
afterEach(() => vi.useRealTimers())

describe('the audio mixer', () => {
  it('sends one frame per period of the clock, silence when nobody speaks', () => {
    const mix = mixer()
    mix.start()
    vi.advanceTimersByTime(19)
    expect(frames).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(frames).toEqual([silence])
    vi.advanceTimersByTime(1000)
    expect(frames).toHaveLength(51)
    expect(frames.every((frame) => frame.length === 20 && frame.every((sample) => sample === 0))).toBe(true)
    mix.stop()
    vi.advanceTimersByTime(1000)
    expect(frames).toHaveLength(51)
  })

  it('sums the voices, and clips the sum to 16 bits', () => {
    const mix = mixer({ jitterMs: 20 })
    mix.addVoice('ana')
    mix.addVoice('bo')
    mix.start()
    mix.push('ana', pcm(1000, 20))
    mix.push('bo', pcm(-300, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(700))
    mix.push('ana', pcm(30_000, 20))
    mix.push('bo', pcm(10_000, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(32767))
    mix.push('ana', pcm(-30_000, 20))
    mix.push('bo', pcm(-10_000, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(-32768))
  })

  it('keeps time when a voice goes quiet (a muted microphone sends nothing): the others go on, the quiet one is silence', () => {
    const mix = mixer({ jitterMs: 20 })
    mix.addVoice('ana')
    mix.addVoice('bo')
    mix.start()
    for (let frame = 0; frame < 10; frame++) {
      mix.push('ana', pcm(100, 20))
      if (frame < 3) mix.push('bo', pcm(10, 20))
      vi.advanceTimersByTime(20)
    }
    expect(frames).toHaveLength(10)
    expect(frames.slice(0, 3)).toEqual([constant(110), constant(110), constant(110)])
    expect(frames.slice(3)).toEqual(Array(7).fill(constant(100)))
    // Nobody at all: still one frame a period.
    vi.advanceTimersByTime(200)
    expect(frames.slice(10)).toEqual(Array(10).fill(silence))
  })

  it('fills half a frame with silence when a voice runs dry mid-frame, and waits for its buffer to fill again', () => {
    const mix = mixer({ jitterMs: 40 })
    mix.addVoice('ana')
    mix.start()
    // 30 samples: under the 40 ms jitter buffer, so not heard yet.
    mix.push('ana', pcm(5, 30))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(silence)
    mix.push('ana', pcm(5, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(5))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(5))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual([...Array(10).fill(5), ...Array(10).fill(0)])
    // Dry: 20 ms is not enough to be heard again, 40 is.
    mix.push('ana', pcm(7, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(silence)
    mix.push('ana', pcm(7, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(7))
  })

  it('mixes voices added after the start and drops removed ones; audio for a voice it does not have is ignored', () => {
    const mix = mixer({ jitterMs: 20 })
    mix.start()
    mix.push('ana', pcm(100, 20))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(silence)
    mix.addVoice('ana')
    mix.addVoice('ana')
    expect(mix.voiceCount).toBe(1)
    mix.push('ana', pcm(100, 40))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(100))
    mix.removeVoice('ana')
    expect(mix.hasVoice('ana')).toBe(false)
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(silence)
  })

  it('reads samples split across pushes (a pipe cuts anywhere, even inside a sample)', () => {
    const mix = mixer({ jitterMs: 20 })
    mix.addVoice('ana')
    mix.start()
    const whole = pcm(-1234, 20)
    mix.push('ana', whole.subarray(0, 7))
    mix.push('ana', whole.subarray(7, 30))
    mix.push('ana', whole.subarray(30))
    vi.advanceTimersByTime(20)
    expect(frames.at(-1)).toEqual(constant(-1234))
  })

  it("sends the frames it owes after a stall, one per turn of the event loop (the taps' I/O in between), so the mix lasts as long as the clock ran", () => {
    const mix = mixer({ jitterMs: 20 })
    mix.addVoice('ana')
    mix.start()
    // The event loop blocked for a second: the clock moved on, the timer fires late.
    vi.setSystemTime(1000)
    vi.advanceTimersToNextTimer()
    expect(frames).toHaveLength(1)
    // What the tap wrote meanwhile is read before the next owed frame.
    mix.push('ana', pcm(9, 20))
    vi.advanceTimersToNextTimer()
    expect(frames).toHaveLength(2)
    expect(frames.at(-1)).toEqual(constant(9))
    // It catches up: one frame for every 20 ms the clock ran, no more.
    vi.advanceTimersByTime(200)
    expect(frames).toHaveLength(Math.floor(Date.now() / 20))
    vi.advanceTimersByTime(1000)
    expect(frames).toHaveLength(Math.floor(Date.now() / 20))
  })

  it('keeps a voice that ran ahead to its jitter buffer, dropping its oldest audio', () => {
    const mix = mixer({ jitterMs: 40, maxBufferMs: 100 })
    mix.addVoice('ana')
    mix.start()
    // 200 ms arrive at once (old first): only the newest 40 ms are kept.
    for (let value = 1; value <= 10; value++) mix.push('ana', pcm(value, 20))
    vi.advanceTimersByTime(60)
    expect(frames).toEqual([constant(9), constant(10), silence])
  })
})
