// A meeting's captions: while a host has them on, every microphone in the
// meeting is tapped (audio-tap.ts) and streamed to the speech provider, one stream per speaker so
// each line carries its speaker's name. Interim text replaces itself on screen; final lines are
// shown and, when the host asked for a transcript, saved (meeting-records.ts).
import type { types } from 'mediasoup'
import { newId } from '#models/ids'
import { tapAudio, type AudioTap } from './audio-tap'
import type { Logger } from './logger'
import type { Caption, CaptionsState } from './contract/captions'
import type { MediaSource } from './contract/media'
import type { SpeechProvider, SpeechStream } from './speech-provider'

export interface CaptionsDeps {
  provider: SpeechProvider
  ffmpegPath: string
  logger: Logger
  /** The name a speaker goes by now (peers rename themselves), or null once they left. */
  speakerOf(peerId: string): { name: string; userId: string } | null
  onCaption(caption: Caption): void
  /** A final line, when the transcript is kept. */
  saveLine(line: { peerId: string; userId: string; name: string; text: string; spokenAt: Date }): Promise<void>
}

type AppData = { peerId: string; source: MediaSource }

interface Listener {
  tap: AudioTap | null
  stream: SpeechStream
}

export class MeetingCaptions {
  private readonly listeners = new Map<string, Listener>()
  private stopped = false

  constructor(
    private readonly router: types.Router,
    readonly state: CaptionsState & { on: true },
    private readonly deps: CaptionsDeps,
  ) {}

  async stop() {
    this.stopped = true
    const listeners = [...this.listeners.values()]
    this.listeners.clear()
    for (const listener of listeners) listener.tap?.close()
    await Promise.all(listeners.map((listener) => listener.stream.close().catch(() => undefined)))
  }

  /** Listens to one microphone: the meeting calls this for those already on and for each new one. */
  async listen(producer: types.Producer) {
    const appData = producer.appData as Partial<AppData>
    if (
      this.stopped ||
      producer.kind !== 'audio' ||
      appData.source !== 'mic' ||
      !appData.peerId ||
      this.listeners.has(producer.id)
    )
      return
    const peerId = appData.peerId
    const log = this.deps.logger.child({ peerId, producerId: producer.id })
    const stream = this.deps.provider.open({
      language: this.state.language,
      onResult: (result) => {
        const speaker = this.deps.speakerOf(peerId)
        if (!speaker || this.stopped) return
        this.deps.onCaption({
          id: result.final ? newId() : `interim:${peerId}`,
          peerId,
          name: speaker.name,
          text: result.text,
          final: result.final,
        })
        if (result.final && this.state.transcript) {
          this.deps
            .saveLine({ peerId, userId: speaker.userId, name: speaker.name, text: result.text, spokenAt: new Date() })
            .catch((error: unknown) => log.warn({ err: error }, 'transcript line not saved'))
        }
      },
      onError: (error) => {
        log.warn({ err: error }, 'speech stream failed')
        this.drop(producer.id)
      },
    })
    const listener: Listener = { tap: null, stream }
    this.listeners.set(producer.id, listener)
    producer.observer.once('close', () => this.drop(producer.id))
    try {
      listener.tap = await tapAudio(this.router, producer, {
        ffmpegPath: this.deps.ffmpegPath,
        onPcm: (pcm) => stream.write(pcm),
        onEnd: (error) => {
          if (error) log.warn({ err: error }, 'audio tap ended')
          this.drop(producer.id)
        },
      })
      // Stopped or dropped while the tap was being made.
      if (this.listeners.get(producer.id) !== listener) listener.tap.close()
    } catch (error) {
      log.warn({ err: error }, 'could not tap a microphone')
      this.drop(producer.id)
    }
  }

  private drop(producerId: string) {
    const listener = this.listeners.get(producerId)
    if (!listener) return
    this.listeners.delete(producerId)
    listener.tap?.close()
    void listener.stream.close().catch(() => undefined)
  }
}
