// Captions and transcripts hear the meeting through a speech-to-text provider:
// one stream per speaker, fed 16 kHz mono 16-bit PCM, answering with interim and final text. The
// edge knows only this interface; deepgram-speech.ts is the one adapter today (a hosted streaming
// service reached over a WebSocket), and the tests run it against a local server speaking the
// same protocol.

/** What the audio taps produce and every provider is fed: signed 16-bit little-endian mono PCM. */
export const SPEECH_SAMPLE_RATE = 16_000

export interface SpeechResult {
  text: string
  /** An interim result is replaced by the next one; a final one is kept (and saved in a transcript). */
  final: boolean
}

export interface SpeechStream {
  write(pcm: Buffer): void
  /** Flushes what the provider still holds (its last finals arrive), then closes. */
  close(): Promise<void>
}

export interface SpeechStreamOptions {
  /** The language spoken, as the meeting's captions were started in (en, es, pt). */
  language: string
  onResult(result: SpeechResult): void
  /** The stream broke (network, provider refusal); the captions of this speaker stop. */
  onError(error: Error): void
}

export interface SpeechProvider {
  open(options: SpeechStreamOptions): SpeechStream
}
